import { useId } from 'react';
import { TextField } from '../../ui/Field';
import type { ClientDraft, FieldErrors } from './entry-form';

const FIELDS: { key: keyof ClientDraft; label: string; type: string; autoComplete: string }[] = [
  { key: 'name', label: 'Name *', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email *', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
];

/** Name, e-mail, phone and address, each with its message under it when the check refused it. */
export function ClientFields({
  draft,
  errors,
  onChange,
}: {
  draft: ClientDraft;
  errors: FieldErrors<string>;
  onChange: (change: Partial<ClientDraft>) => void;
}) {
  const baseId = useId();
  return (
    <>
      {FIELDS.map(({ key, label, type, autoComplete }) => {
        const errorId = `${baseId}-${key}-error`;
        const error = errors[key];
        return (
          <div key={key}>
            <TextField
              label={label}
              name={key}
              type={type}
              autoComplete={autoComplete}
              value={draft[key]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange({ [key]: event.target.value })}
            />
            {error && <FieldError id={errorId}>{error}</FieldError>}
          </div>
        );
      })}
    </>
  );
}

export function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}
