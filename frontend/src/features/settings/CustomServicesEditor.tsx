import { useState } from 'react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { toast } from '../../ui/toast-store';
import { canAddService, type NewService, type PricingDraft, withService } from './pricing-form';

type Service = PricingDraft['services'][number];

/**
 * The additional services a quote can include, each with a name, a price and a description; a new one is
 * added from its own small form (Add needs a trimmed name and a price) and starts at the additional service
 * price. Nothing is stored until the pricing is saved.
 */
export function CustomServicesEditor({
  draft,
  onChange,
}: {
  draft: PricingDraft;
  onChange: (draft: PricingDraft) => void;
}) {
  const services = draft.services;
  const blank = (): NewService => ({ name: '', price: draft.prices.additionalServicePrice, description: '' });
  const [adding, setAdding] = useState<NewService>(blank);
  const edit = (index: number, field: keyof Omit<Service, 'id'>) => (event: { target: { value: string } }) =>
    onChange({
      ...draft,
      services: services.map((s, i) => (i === index ? { ...s, [field]: event.target.value } : s)),
    });
  const remove = (index: number) => {
    onChange({ ...draft, services: services.filter((_, i) => i !== index) });
    toast({ title: 'Service Removed', description: 'Service has been removed from your list.' });
  };
  const add = () => {
    if (!canAddService(adding)) return;
    onChange(withService(draft, adding));
    toast({ title: 'Service Added', description: `${adding.name.trim()} was added to your list.` });
    setAdding(blank());
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">Additional Services</legend>
      {services.length === 0 && <p className="text-sm text-slate-700">No additional services yet.</p>}
      {services.map((service, index) => (
        <fieldset key={service.id} className="rounded-md border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-medium text-slate-800">
            {service.name.trim() || `Service ${index + 1}`}
          </legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
            <TextField
              label="Service name"
              value={service.name}
              maxLength={100}
              onChange={edit(index, 'name')}
            />
            <TextField
              label="Service price ($)"
              type="number"
              inputMode="decimal"
              step={0.01}
              min={0}
              value={service.price}
              onChange={edit(index, 'price')}
            />
          </div>
          <div className="mt-3">
            <TextField
              label="Description"
              value={service.description}
              maxLength={500}
              onChange={edit(index, 'description')}
            />
          </div>
          <Button
            variant="ghost"
            className="mt-2"
            aria-label={`Remove ${service.name.trim() || `service ${index + 1}`}`}
            onClick={() => remove(index)}
          >
            Remove
          </Button>
        </fieldset>
      ))}
      <fieldset className="rounded-md border border-dashed border-slate-300 bg-slate-50 p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">Add a Service</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
          <TextField
            label="New service name"
            value={adding.name}
            maxLength={100}
            onChange={(event) => setAdding({ ...adding, name: event.target.value })}
          />
          <TextField
            label="New service price ($)"
            type="number"
            inputMode="decimal"
            step={0.01}
            min={0}
            value={adding.price}
            onChange={(event) => setAdding({ ...adding, price: event.target.value })}
          />
        </div>
        <div className="mt-3">
          <TextField
            label="New service description"
            value={adding.description}
            maxLength={500}
            onChange={(event) => setAdding({ ...adding, description: event.target.value })}
          />
        </div>
        <Button variant="outline" className="mt-3" disabled={!canAddService(adding)} onClick={add}>
          Add Service
        </Button>
      </fieldset>
    </fieldset>
  );
}
