import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import type { PricingDraft } from './pricing-form';

type Services = PricingDraft['services'];
type Service = Services[number];

/** Extra services the estimator can price, each with a name, a price and a description. */
export function CustomServicesEditor({
  services,
  onChange,
}: {
  services: Services;
  onChange: (services: Services) => void;
}) {
  const edit = (index: number, field: keyof Omit<Service, 'id'>) => (event: { target: { value: string } }) =>
    onChange(services.map((s, i) => (i === index ? { ...s, [field]: event.target.value } : s)));

  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">Custom Services</legend>
      {services.length === 0 && <p className="text-sm text-slate-700">No custom services yet.</p>}
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
            onClick={() => onChange(services.filter((_, i) => i !== index))}
          >
            Remove
          </Button>
        </fieldset>
      ))}
      <Button
        variant="outline"
        onClick={() =>
          onChange([...services, { id: crypto.randomUUID(), name: '', price: '0', description: '' }])
        }
      >
        Add Service
      </Button>
    </fieldset>
  );
}
