import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 disabled:bg-slate-100';

/** `error`: the field's problem, shown under it and tied to it (aria-invalid, aria-describedby). */
type Checked = { error?: string | null };

const errorIdOf = (id: string) => `${id}-error`;

/** The control's ARIA for its error, kept beside any description the caller gave. */
function errorAria(id: string, error: string | null | undefined, describedBy: string | undefined) {
  if (!error) return { 'aria-describedby': describedBy };
  return {
    'aria-invalid': true as const,
    'aria-describedby': [describedBy, errorIdOf(id)].filter(Boolean).join(' '),
  };
}

function Labelled({
  label,
  id,
  children,
  hint,
  error,
}: {
  label: string;
  id: string;
  children: ReactNode;
  hint?: string;
  error?: string | null;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
      {error && (
        <p id={errorIdOf(id)} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  hint,
  error,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & Checked & { label: string; hint?: string }) {
  const fallbackId = useId();
  const id = props.id ?? fallbackId;
  return (
    <Labelled label={label} id={id} hint={hint} error={error}>
      <input id={id} className={inputClass} {...props} {...errorAria(id, error, props['aria-describedby'])} />
    </Labelled>
  );
}

export function TextArea({
  label,
  hint,
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Checked & { label: string; hint?: string }) {
  const fallbackId = useId();
  const id = props.id ?? fallbackId;
  return (
    <Labelled label={label} id={id} hint={hint} error={error}>
      <textarea
        id={id}
        className={inputClass}
        rows={4}
        {...props}
        {...errorAria(id, error, props['aria-describedby'])}
      />
    </Labelled>
  );
}

export function SelectField({
  label,
  options,
  placeholder,
  error,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> &
  Checked & {
    label: string;
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  }) {
  const fallbackId = useId();
  const id = props.id ?? fallbackId;
  return (
    <Labelled label={label} id={id} error={error}>
      <select id={id} className={inputClass} {...props} {...errorAria(id, error, props['aria-describedby'])}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
