import { type Pricing, propertyTypeLabel } from '@app/contracts/estimates/pricing';
import { Button } from '../../../ui/Button';
import { formatDollars } from '../money';

/** Opens the Pricing page in a window of its own; its 'Back to All Estimates' closes it again. */
export const openPricingPage = () => window.open('/admin/pricing', '_blank');

/** The pricing the calculator will use, shown before a quote (spec part 2, section 2.6). */
export function CurrentPricing({ pricing }: { pricing: Pricing }) {
  const prices = [
    ['Wired camera', formatDollars(pricing.wiredCameraPrice)],
    ['Wireless camera', formatDollars(pricing.wirelessCameraPrice)],
    ['Wire', `${formatDollars(pricing.wireCostPerFoot)} per foot`],
    ['Starlink installation', formatDollars(pricing.starlinkInstallPrice)],
    ['Labor', `${formatDollars(pricing.laborHourlyRate)} per hour`],
  ];
  return (
    <section
      aria-labelledby="current-pricing"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="current-pricing" className="text-base font-semibold text-slate-900">
          Current Pricing
        </h3>
        <Button variant="outline" onClick={openPricingPage}>
          Edit Settings
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {prices.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Property type multipliers</h4>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {Object.entries(pricing.propertyTypeMultipliers).map(([type, multiplier]) => (
          <div key={type} className="contents">
            <dt className="text-slate-700">{propertyTypeLabel(type)}</dt>
            <dd className="text-right font-medium text-slate-900">×{multiplier}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Additional services</h4>
      {pricing.customServices.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">None offered.</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {pricing.customServices.map((service) => (
            <div key={service.id} className="contents">
              <dt className="text-slate-700">
                {service.name}
                {service.description && ` (${service.description})`}
              </dt>
              <dd className="text-right font-medium text-slate-900">{formatDollars(service.price)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
