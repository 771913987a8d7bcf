import { Button } from './Button';

/** Rendering failure screen (spec part 1, section 2 "Error fallback screen"). */
export function ErrorFallback({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
  const details = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return (
    <main role="alert" className="grid min-h-screen place-items-center bg-slate-50 p-6">
      <div className="w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow">
        <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-700">{message}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button variant="outline" onClick={() => window.location.assign('/login')}>
            Go to Login
          </Button>
        </div>
        <details className="mt-6 text-sm text-slate-700">
          <summary className="cursor-pointer">Technical details</summary>
          <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap">
            {details}
          </pre>
        </details>
      </div>
    </main>
  );
}
