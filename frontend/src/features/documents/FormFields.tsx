import type { FormAnswers } from '@app/contracts/forms/answers';
import type { FormDefinition, TFormField } from '@app/contracts/forms/definition';
import { useId } from 'react';
import { inputClass } from '../../ui/Field';
import { answerFor, answerText, choices, inputText } from './form-values';

const INPUT_TYPES = {
  text: 'text',
  number: 'number',
  email: 'email',
  phone: 'tel',
  date: 'date',
} as const;

/**
 * A form definition's sections and fields as labelled inputs bound to `answers` (required fields
 * starred). Without `onChange`, or with `readOnly`, it shows the answers as text: a signed form.
 */
export function FormFields({
  form,
  answers,
  onChange,
  readOnly = false,
  disabled = false,
}: {
  form: Pick<FormDefinition, 'sections'>;
  answers: FormAnswers;
  onChange?: (answers: FormAnswers) => void;
  readOnly?: boolean;
  disabled?: boolean;
}) {
  const baseId = useId();
  const editable = !readOnly && onChange !== undefined;
  const set = (fieldId: string, value: unknown) => onChange?.({ ...answers, [fieldId]: value });

  return (
    <div className="space-y-6">
      {form.sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={section.title ? `${baseId}-${section.id}` : undefined}
          className="space-y-4"
        >
          {section.title && (
            <h4 id={`${baseId}-${section.id}`} className="text-base font-semibold text-slate-900">
              {section.title}
            </h4>
          )}
          {section.description && <p className="text-sm text-slate-700">{section.description}</p>}
          {editable ? (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {section.fields.map((field) => (
                <div
                  key={field.id}
                  className={field.type === 'textarea' || field.type === 'multiselect' ? 'sm:col-span-2' : ''}
                >
                  <FieldInput
                    id={`${baseId}-${field.id}`}
                    field={field}
                    value={answers[field.id]}
                    onChange={(value) => set(field.id, value)}
                    disabled={disabled}
                  />
                </div>
              ))}
            </div>
          ) : (
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
              {section.fields.map((field) => (
                <div key={field.id} className={field.type === 'textarea' ? 'sm:col-span-2' : ''}>
                  <dt className="text-sm font-medium text-slate-700">{field.label}</dt>
                  <dd className="whitespace-pre-wrap break-words text-sm text-slate-900">
                    {answerText(answers[field.id])}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}

function FieldLabel({ htmlFor, field }: { htmlFor?: string; field: TFormField }) {
  const text = (
    <>
      {field.label}
      {field.required && (
        <>
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
          <span className="sr-only"> (required)</span>
        </>
      )}
    </>
  );
  return htmlFor ? (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {text}
    </label>
  ) : (
    <legend className="text-sm font-medium text-slate-800">{text}</legend>
  );
}

function FieldInput({
  id,
  field,
  value,
  onChange,
  disabled,
}: {
  id: string;
  field: TFormField;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
}) {
  const common = {
    id,
    name: field.id,
    disabled,
    'aria-required': field.required || undefined,
    className: inputClass,
  };
  switch (field.type) {
    case 'textarea':
      return (
        <div>
          <FieldLabel htmlFor={id} field={field} />
          <textarea
            {...common}
            rows={3}
            placeholder={field.placeholder || undefined}
            value={inputText(value)}
            onChange={(event) => onChange(answerFor(field, event.target.value))}
          />
        </div>
      );
    case 'select':
      return (
        <div>
          <FieldLabel htmlFor={id} field={field} />
          <select
            {...common}
            value={inputText(value)}
            onChange={(event) => onChange(answerFor(field, event.target.value))}
          >
            <option value="">{field.placeholder || 'Select...'}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      );
    case 'multiselect': {
      const chosen = choices(value);
      return (
        <fieldset disabled={disabled}>
          <FieldLabel field={field} />
          <div className="mt-1 space-y-1">
            {field.options.map((option, index) => (
              <label key={option} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  id={`${id}-${index}`}
                  name={field.id}
                  value={option}
                  checked={chosen.includes(option)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? field.options.filter((o) => o === option || chosen.includes(o))
                        : chosen.filter((o) => o !== option),
                    )
                  }
                  className="mt-0.5 size-4 rounded border-slate-400 accent-blue-700"
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>
      );
    }
    case 'text':
    case 'number':
    case 'email':
    case 'phone':
    case 'date':
      return (
        <div>
          <FieldLabel htmlFor={id} field={field} />
          <input
            {...common}
            type={INPUT_TYPES[field.type]}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            autoComplete="off"
            placeholder={field.placeholder || undefined}
            value={inputText(value)}
            onChange={(event) => onChange(answerFor(field, event.target.value))}
          />
        </div>
      );
    default: {
      const unhandled: never = field.type;
      return unhandled;
    }
  }
}
