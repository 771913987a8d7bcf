import { camerasOf, type QuoteBreakdown, type QuoteInput } from '@app/contracts/estimates/calculate';
import { type Pricing, propertyTypeLabel } from '@app/contracts/estimates/pricing';
import { formatCents, formatDollars } from '../money';

type Line = { label: string; detail: string; cents: number };

/** The priced parts with how each was reached; parts that cost nothing are left out. */
function linesOf(input: QuoteInput, breakdown: QuoteBreakdown, laborHours: number, pricing: Pricing): Line[] {
  const cameras = camerasOf(input);
  const cameraPrice =
    input.cameraType === 'wireless' ? pricing.wirelessCameraPrice : pricing.wiredCameraPrice;
  const services = pricing.customServices.filter((s) => input.additionalServices.includes(s.id));
  const lines: Line[] = [
    {
      label: 'Cameras',
      detail: `${cameras} ${input.cameraType} × ${formatDollars(cameraPrice)}`,
      cents: breakdown.cameras,
    },
    {
      label: 'Wiring',
      detail: `${input.wireLength} ft × ${formatDollars(pricing.wireCostPerFoot)}`,
      cents: breakdown.wiring,
    },
    {
      label: 'Starlink installation',
      detail: formatDollars(pricing.starlinkInstallPrice),
      cents: breakdown.starlink,
    },
    {
      label: 'Labor',
      detail: `${laborHours} ${laborHours === 1 ? 'hour' : 'hours'} × ${formatDollars(pricing.laborHourlyRate)}`,
      cents: breakdown.labor,
    },
    {
      label: 'Additional services',
      detail: services.map((s) => `${s.name} ${formatDollars(s.price)}`).join(', '),
      cents: breakdown.additional,
    },
  ];
  return lines.filter((line) => line.cents !== 0);
}

/** The breakdown of a quote, its property multiplier and its total. */
export function CostBreakdown({
  input,
  breakdown,
  laborHours,
  multiplier,
  pricing,
  totalCents,
  totalLabel = 'Total',
}: {
  input: QuoteInput;
  breakdown: QuoteBreakdown;
  laborHours: number;
  multiplier: number;
  pricing: Pricing;
  totalCents: number;
  totalLabel?: string;
}) {
  const lines = linesOf(input, breakdown, laborHours, pricing);
  return (
    <div>
      {lines.length === 0 && <p className="py-2 text-sm text-slate-700">Nothing priced yet.</p>}
      <dl className="divide-y divide-slate-200 text-sm">
        {lines.map((line) => (
          <div key={line.label} className="flex items-baseline justify-between gap-3 py-2">
            <dt className="min-w-0">
              <span className="font-medium text-slate-900">{line.label}</span>
              {line.detail && <span className="block text-xs text-slate-700">{line.detail}</span>}
            </dt>
            <dd className="font-medium text-slate-900 tabular-nums">{formatCents(line.cents)}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-3 py-2">
          <dt className="font-semibold text-slate-900">{totalLabel}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatCents(totalCents)}</dd>
        </div>
      </dl>
      {multiplier !== 1 && (
        <p className="mt-2 text-xs text-slate-700">
          Installation parts include the {propertyTypeLabel(input.propertyType)} rate ×{multiplier}; services
          are priced as listed.
        </p>
      )}
    </div>
  );
}
