import {
  CAMERA_COUNT_MAX,
  CAMERA_COUNT_MIN,
  CAMERA_TYPES,
  type CameraType,
  LABOR_HOURS_MAX,
  WIRE_LENGTH_MAX,
} from '@app/contracts/estimates/calculate';
import { type Pricing, propertyTypeLabel } from '@app/contracts/estimates/pricing';
import { useQuery } from '@tanstack/react-query';
import { SelectField, TextField } from '../../../ui/Field';
import { ClientPicker } from '../../clients/ClientPicker';
import { clientProjectsQuery } from '../../projects/project-query';
import { formatDollars } from '../money';
import { type QuoteDraft, withCameraType, withClient, withService } from './quote-form';

/**
 * The quote's fields in three groups, shared by the Quote Calculator and the estimate page's edit mode;
 * each takes the draft and answers the next one.
 */
type Props<T extends QuoteDraft> = { draft: T; onChange: (draft: T) => void };

const CAMERA_TYPE_LABELS: Record<CameraType, string> = {
  none: 'None',
  wired: 'Wired',
  wireless: 'Wireless',
};
export const cameraTypeLabel = (type: CameraType) => CAMERA_TYPE_LABELS[type];

/**
 * Client (found by typing; an emptied field is no client), and the project of that client (offered only when
 * the client has projects).
 */
export function ClientProjectFields<T extends QuoteDraft>({ draft, onChange }: Props<T>) {
  const theirs = useQuery(clientProjectsQuery(draft.clientId)).data ?? [];
  return (
    <>
      <ClientPicker
        clientId={draft.clientId}
        onChange={(client) => onChange(withClient(draft, client?.id ?? null))}
      />
      {theirs.length > 0 && (
        <SelectField
          label="Project (optional)"
          placeholder="No project"
          options={theirs.map((project) => ({ value: String(project.id), label: project.title }))}
          value={draft.projectId === null ? '' : String(draft.projectId)}
          onChange={(event) =>
            onChange({ ...draft, projectId: event.target.value ? Number(event.target.value) : null })
          }
        />
      )}
    </>
  );
}

/** Property type (the pricing's multipliers) and location. */
export function PropertyFields<T extends QuoteDraft>({
  draft,
  onChange,
  pricing,
}: Props<T> & { pricing: Pricing }) {
  const options = Object.entries(pricing.propertyTypeMultipliers).map(([type, multiplier]) => ({
    value: type,
    label: multiplier === 1 ? propertyTypeLabel(type) : `${propertyTypeLabel(type)} (×${multiplier})`,
  }));
  return (
    <>
      <SelectField
        label="Property type"
        placeholder="Select a property type"
        options={options}
        value={draft.propertyType}
        onChange={(event) => onChange({ ...draft, propertyType: event.target.value })}
      />
      <TextField
        label="Location"
        placeholder="Town or area, e.g. Wasilla"
        maxLength={300}
        value={draft.location}
        onChange={(event) => onChange({ ...draft, location: event.target.value })}
      />
    </>
  );
}

/**
 * Cameras (count hidden for none, cable only for wired), Starlink, custom labor hours (empty: the automatic
 * hours, shown as the placeholder) and the pricing's additional services.
 */
export function TechnicalFields<T extends QuoteDraft>({
  draft,
  onChange,
  pricing,
  automaticHours,
}: Props<T> & { pricing: Pricing; automaticHours: number }) {
  return (
    <>
      <SelectField
        label="Camera type"
        options={CAMERA_TYPES.map((type) => ({ value: type, label: CAMERA_TYPE_LABELS[type] }))}
        value={draft.cameraType}
        onChange={(event) => onChange(withCameraType(draft, event.target.value as CameraType))}
      />
      {draft.cameraType !== 'none' && (
        <TextField
          label="Number of cameras"
          type="number"
          inputMode="numeric"
          min={CAMERA_COUNT_MIN}
          max={CAMERA_COUNT_MAX}
          step={1}
          value={draft.cameraCount}
          onChange={(event) => onChange({ ...draft, cameraCount: event.target.value })}
        />
      )}
      {draft.cameraType === 'wired' && (
        <TextField
          label="Wire length (feet)"
          type="number"
          inputMode="numeric"
          min={0}
          max={WIRE_LENGTH_MAX}
          step={1}
          value={draft.wireLength}
          onChange={(event) => onChange({ ...draft, wireLength: event.target.value })}
        />
      )}
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2">
        <input
          type="checkbox"
          className="size-4 accent-blue-700"
          checked={draft.starlinkInstall}
          onChange={(event) => onChange({ ...draft, starlinkInstall: event.target.checked })}
        />
        Starlink installation ({formatDollars(pricing.starlinkInstallPrice)})
      </label>
      <TextField
        label="Custom labor hours"
        type="number"
        inputMode="decimal"
        min={0}
        max={LABOR_HOURS_MAX}
        step={0.5}
        placeholder={`Automatic: ${automaticHours}`}
        hint="Leave empty for the automatic hours."
        value={draft.laborHours ?? ''}
        onChange={(event) => onChange({ ...draft, laborHours: event.target.value })}
      />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-800">Additional services</legend>
        {pricing.customServices.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">The pricing offers no additional services.</p>
        ) : (
          <ul className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {pricing.customServices.map((service) => (
              <li key={service.id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-blue-700"
                    checked={draft.additionalServices.includes(service.id)}
                    onChange={(event) => onChange(withService(draft, service.id, event.target.checked))}
                  />
                  {service.name} ({formatDollars(service.price)})
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </>
  );
}
