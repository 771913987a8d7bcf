import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { settingsQuery } from '../settings-query';
import { AdminTab } from './AdminTab';
import { CompanyTab } from './CompanyTab';
import { PricingTab } from './PricingTab';

/** Settings with tabs Company, Pricing and Admin; each tab saves its own section. */
export function SettingsView() {
  const query = useQuery(settingsQuery);

  if (query.isPending)
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading settings" />
      </div>
    );
  if (query.isError || !query.data)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p>{failureText(query.error, 'Could not load settings.')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );

  const settings = query.data;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Settings</h2>
      <Tabs
        label="Settings sections"
        tabs={[
          { id: 'company', label: 'Company', panel: <CompanyTab settings={settings} /> },
          { id: 'pricing', label: 'Pricing', panel: <PricingTab settings={settings} /> },
          { id: 'admin', label: 'Admin', panel: <AdminTab settings={settings} /> },
        ]}
      />
    </div>
  );
}
