import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { FullScreenSpinner } from '../../../ui/Spinner';
import { PricingForm } from '../../settings/PricingForm';
import { settingsQuery } from '../../settings/settings-query';

/**
 * The Pricing page /admin/pricing (spec part 2, section 2.7), reached by the Edit Settings buttons: the
 * calculator's pricing, saved on the server (the Settings page's Pricing tab is the same form). The quote
 * calculator reads it from there; a saved estimate keeps the pricing it was made with.
 */
export function PricingPage() {
  const settings = useQuery(settingsQuery);
  const navigate = useNavigate();
  // Opened by an Edit Settings button in another window: close it and go back there.
  const back = () => {
    if (window.opener && !window.opener.closed) window.close();
    else void navigate({ to: '/admin', search: { view: 'all-estimates' } });
  };

  if (settings.isPending) return <FullScreenSpinner />;
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white px-4 py-4 md:px-6">
        <Button variant="outline" onClick={back}>
          ← Back to All Estimates
        </Button>
        <h1 className="mt-3 text-2xl font-semibold">Pricing Settings</h1>
        <p className="text-sm text-slate-700">
          The prices new quotes are calculated with. Saved estimates keep the prices they were made with.
        </p>
      </header>
      <main className="mx-auto max-w-4xl p-4 md:p-6">
        {settings.isError || !settings.data ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p>{failureText(settings.error, 'Could not load the pricing.')}</p>
            <Button variant="outline" className="mt-3" onClick={() => void settings.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <PricingForm settings={settings.data} />
        )}
      </main>
    </div>
  );
}
