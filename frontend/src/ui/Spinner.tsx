export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-slate-300 border-t-blue-700"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Shown instead of any route while the session loads. */
export function FullScreenSpinner() {
  return (
    <div className="grid min-h-screen place-items-center" data-testid="session-spinner">
      <Spinner />
    </div>
  );
}
