import type { TSettingsRead } from '@app/contracts/api/settings';
import { PricingForm } from '../PricingForm';

/** The Settings page's Pricing tab: the same form as the Pricing page (/admin/pricing). */
export function PricingTab({ settings }: { settings: TSettingsRead }) {
  return <PricingForm settings={settings} />;
}
