import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A slide-in side panel on the native modal <dialog>: focus moves into it, stays inside, Escape and a
 * backdrop click close it, and focus goes back to what opened it. Mount it only while open.
 */
export function Drawer({
  id,
  label,
  onClose,
  children,
}: {
  id: string;
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which <dialog> handles itself
    <dialog
      ref={ref}
      id={id}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className="m-0 h-full max-h-none w-72 max-w-[85vw] p-0 backdrop:bg-slate-900/50"
    >
      {children}
    </dialog>
  );
}
