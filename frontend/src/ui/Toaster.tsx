import { useEffect, useRef } from 'react';
import { useToasts } from './toast-store';

const SWIPE_THRESHOLD_PX = 50;

/**
 * The notification region: 5 s per toast (timed by the store), swipe right to dismiss, F8 moves focus to
 * it. The page has one (`host` "page") and every open modal dialog has its own; only the top-most shows.
 */
export function Toaster({ host = 'page' }: { host?: string }) {
  const { current, dismiss } = useToasts();
  const isTop = useToasts((state) => state.hosts.at(-1) === host);
  const region = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (!isTop) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isTop]);

  if (!isTop) return null;

  return (
    <section aria-label="Notifications (F8)">
      <div
        ref={region}
        tabIndex={-1}
        className="fixed right-0 bottom-0 z-[100] flex w-full flex-col p-4 outline-none sm:max-w-sm"
      >
        {current && (
          <div
            key={current.id}
            role={current.variant === 'destructive' ? 'alert' : 'status'}
            data-testid="toast"
            className={`relative rounded-md border p-4 pr-10 shadow-lg ${
              current.variant === 'destructive'
                ? 'border-red-700 bg-red-700 text-white'
                : 'border-slate-200 bg-white text-slate-900'
            }`}
            onPointerDown={(event) => {
              swipeStart.current = event.clientX;
            }}
            onPointerUp={(event) => {
              if (swipeStart.current !== null && event.clientX - swipeStart.current > SWIPE_THRESHOLD_PX)
                dismiss();
              swipeStart.current = null;
            }}
          >
            <p className="text-sm font-semibold">{current.title}</p>
            {current.description && <p className="mt-1 text-sm opacity-90">{current.description}</p>}
            <button
              type="button"
              onClick={dismiss}
              aria-label="Close notification"
              className="absolute top-2 right-2 rounded px-2 text-lg leading-none opacity-80 hover:opacity-100"
            >
              ×
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
