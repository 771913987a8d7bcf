import {
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  type TFieldType,
  type TFormField,
} from '@app/contracts/forms/definition';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { inputClass, SelectField, TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { hasOptions, withOption } from './builder-draft';

const TYPE_OPTIONS = FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }));

/** A select or multiselect field's options: edit in place, remove, add one (its text not blank). */
function OptionsEditor({
  label,
  options,
  onChange,
}: {
  label: string;
  options: string[];
  onChange: (options: string[]) => void;
}) {
  const [text, setText] = useState('');
  const inputId = useId();
  const add = () => {
    const next = withOption(options, text);
    if (!next)
      return errorToast(
        'Option not added',
        text.trim() ? 'That option is already in the list.' : 'Please enter the option text.',
      );
    onChange(next);
    setText('');
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Options{label ? ` for ${label}` : ''}</legend>
      {options.length === 0 && <p className="text-xs text-slate-600">No options yet.</p>}
      <ul className="space-y-1">
        {options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is edited in place, so its text cannot be its key
          <li key={index} className="flex items-center gap-2">
            <input
              aria-label={`Option ${index + 1}`}
              value={option}
              onChange={(event) => onChange(options.map((o, i) => (i === index ? event.target.value : o)))}
              className={`${inputClass} mt-0`}
            />
            <Button
              variant="ghost"
              aria-label={`Remove option ${option || index + 1}`}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          New option
        </label>
        <input
          id={inputId}
          value={text}
          placeholder="New option"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className={`${inputClass} mt-0`}
        />
        <Button variant="outline" onClick={add} disabled={text.trim() === ''}>
          Add Option
        </Button>
      </div>
    </fieldset>
  );
}

/** One field of the builder: type, label, placeholder, required or optional, and options where they apply. */
export function FieldEditor({
  field,
  index,
  onChange,
  onRemove,
}: {
  field: TFormField;
  index: number;
  onChange: (field: TFormField) => void;
  onRemove: () => void;
}) {
  const set = (change: Partial<TFormField>) => onChange({ ...field, ...change });
  return (
    <div data-testid="builder-field" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label="Field type"
          value={field.type}
          options={TYPE_OPTIONS}
          onChange={(event) => set({ type: event.target.value as TFieldType })}
        />
        <TextField
          label="Field label"
          value={field.label}
          onChange={(event) => set({ label: event.target.value })}
        />
        <TextField
          label="Placeholder"
          value={field.placeholder}
          onChange={(event) => set({ placeholder: event.target.value })}
        />
      </div>
      {hasOptions(field.type) && (
        <OptionsEditor label={field.label} options={field.options} onChange={(options) => set({ options })} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={field.required}
            onChange={(event) => set({ required: event.target.checked })}
            className="size-4 accent-blue-700"
          />
          Required
        </label>
        <Button
          variant="ghost"
          className="text-red-800"
          onClick={onRemove}
          aria-label={`Remove field ${field.label || index + 1}`}
        >
          Remove Field
        </Button>
      </div>
    </div>
  );
}
