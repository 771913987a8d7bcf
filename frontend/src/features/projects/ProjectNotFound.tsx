import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { Button } from '../../ui/Button';

/**
 * 'Project Not Found - The requested project could not be found.' with Go Back (spec part 1, section 8):
 * back in the browser's history, or to `fallback` when the page was opened directly.
 */
export function ProjectNotFound({ fallback }: { fallback: '/client' | '/admin' }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const navigate = useNavigate();
  const goBack = () => {
    if (canGoBack) router.history.back();
    else void navigate({ to: fallback, search: fallback === '/admin' ? { view: 'tracking' } : {} });
  };
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-8 text-center">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Project Not Found</h1>
        <p className="mt-2 text-slate-700">The requested project could not be found.</p>
        <Button className="mt-6" onClick={goBack}>
          Go Back
        </Button>
      </div>
    </main>
  );
}
