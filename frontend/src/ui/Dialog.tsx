import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Toaster } from './Toaster';
import { useToasts } from './toast-store';

/**
 * A modal on the native <dialog> element: the browser traps focus, Escape closes it and focus returns
 * to the opener. `onClose` runs on Escape, the close button and a backdrop click.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  wide = false,
  dismissible = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
  /** A dialog the user must finish (no close button, Escape does nothing). */
  dismissible?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // While open, toasts show inside the dialog: the page behind a modal is inert.
  useEffect(() => {
    if (!open) return;
    const { openHost, closeHost } = useToasts.getState();
    openHost(titleId);
    return () => closeHost(titleId);
  }, [open, titleId]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which <dialog> handles itself
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        // React passes the event on to the dialogs this one sits in: Escape closes only the top one.
        event.stopPropagation();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (dismissible && event.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      {open && (
        <div className="max-h-[85vh] overflow-y-auto p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {dismissible && (
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="rounded px-2 text-xl leading-none text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                ×
              </button>
            )}
          </div>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          )}
          <div className="mt-4">{children}</div>
          <Toaster host={titleId} />
        </div>
      )}
    </dialog>
  );
}
