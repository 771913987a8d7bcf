import { useId } from 'react';
import { failureText } from '../../../lib/api';
import { TextField } from '../../../ui/Field';
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

/**
 * A refused save, repeated inside the dialog: the toast sits under the modal's backdrop, where neither
 * eyes nor screen readers reach it while the dialog is open.
 */
export function SaveProblem({ error, title }: { error: unknown; title: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <span className="font-semibold">{title}: </span>
      {failureText(error, 'Please try again.')}
    </p>
  );
}
