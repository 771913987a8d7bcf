import { propertyTypeLabel } from '@app/contracts/estimates/pricing';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { newPropertyType, type PricingDraft } from './pricing-form';

type Rows = PricingDraft['multipliers'];

/** Property type multipliers: a factor per property type (empty saves as 1), in steps of 0.1. */
export function MultipliersEditor({
  draft,
  onChange,
}: {
  draft: PricingDraft;
  onChange: (rows: Rows) => void;
}) {
  const [typed, setTyped] = useState('');
  const rows = draft.multipliers;
  const adding = newPropertyType(draft, typed);

  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">Property Type Multipliers</legend>
      {rows.length === 0 && <p className="text-sm text-slate-700">No property types yet.</p>}
      {rows.map((row, index) => (
        <div key={row.propertyType} className="flex items-end gap-2">
          <div className="w-48">
            <TextField
              label={`${propertyTypeLabel(row.propertyType)} multiplier`}
              type="number"
              inputMode="decimal"
              step={0.1}
              min={0}
              value={row.value}
              onChange={(event) =>
                onChange(rows.map((r, i) => (i === index ? { ...r, value: event.target.value } : r)))
              }
            />
          </div>
          <Button
            variant="ghost"
            aria-label={`Remove ${propertyTypeLabel(row.propertyType)} multiplier`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div className="flex items-end gap-2">
        <div className="w-48">
          <TextField
            label="New property type"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button
          variant="outline"
          disabled={adding === null}
          onClick={() => {
            if (adding === null) return;
            onChange([...rows, { propertyType: adding, value: '1' }]);
            setTyped('');
          }}
        >
          Add Property Type
        </Button>
      </div>
    </fieldset>
  );
}
