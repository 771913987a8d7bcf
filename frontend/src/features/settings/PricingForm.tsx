import type { TSettingsRead } from '@app/contracts/api/settings';
import type { FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { StaleCopyNotice } from '../../ui/StaleCopyNotice';
import { CustomServicesEditor } from './CustomServicesEditor';
import { MultipliersEditor } from './MultipliersEditor';
import { PRICE_FIELDS, pricingDraft, pricingFromDraft } from './pricing-form';
import { useSectionSave } from './use-section-save';

/**
 * The pricing the quote calculator uses (spec part 2, sections 2.7 and 3 "Pricing settings"): base prices,
 * property type multipliers and additional services, saved with PUT /api/settings. The Settings page's
 * Pricing tab and the Pricing page (/admin/pricing) are this one form.
 */
export function PricingForm({ settings }: { settings: TSettingsRead }) {
  const { draft, setDraft, submit, saving, errors, edited, staleText, reload } = useSectionSave(
    'pricing',
    settings,
    (read) => pricingDraft(read.pricing),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // After the save the form shows what was stored: cleared prices as 0, cleared multipliers as 1.
    submit({ section: 'pricing', data: pricingFromDraft(draft) }, (settings) =>
      setDraft(pricingDraft(settings.pricing)),
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-8">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Base Pricing</legend>
        <p className="text-sm text-slate-700">An empty price is saved as 0.</p>
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {PRICE_FIELDS.map(({ key, label }) => (
            <TextField
              key={key}
              label={label}
              name={key}
              type="number"
              inputMode="decimal"
              step={0.01}
              min={0}
              value={draft.prices[key]}
              error={errors[key]}
              onChange={(event) => {
                setDraft((current) => ({
                  ...current,
                  prices: { ...current.prices, [key]: event.target.value },
                }));
                edited(key);
              }}
            />
          ))}
        </div>
      </fieldset>
      <MultipliersEditor
        draft={draft}
        onChange={(multipliers) => setDraft((current) => ({ ...current, multipliers }))}
      />
      <CustomServicesEditor draft={draft} onChange={setDraft} />
      {staleText && <StaleCopyNotice message={staleText} onReload={reload} />}
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save Pricing Settings'}
      </Button>
    </form>
  );
}
