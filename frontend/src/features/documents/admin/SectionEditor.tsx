import type { TFormSection } from '@app/contracts/forms/definition';
import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { newField } from './builder-draft';
import { FieldEditor } from './FieldEditor';

/** One section of the builder: title, optional description, folded away or open, removable, with fields. */
export function SectionEditor({
  section,
  index,
  onChange,
  onRemove,
}: {
  section: TFormSection;
  index: number;
  onChange: (section: TFormSection) => void;
  onRemove: () => void;
}) {
  const bodyId = useId();
  const name = section.title || `Section ${index + 1}`;
  const set = (change: Partial<TFormSection>) => onChange({ ...section, ...change });
  return (
    <section
      data-testid="builder-section"
      aria-label={name}
      className="rounded-lg border border-slate-300 bg-white"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <button
          type="button"
          aria-expanded={!section.collapsed}
          aria-controls={bodyId}
          onClick={() => set({ collapsed: !section.collapsed })}
          className="flex items-center gap-2 rounded text-left text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <span aria-hidden="true">{section.collapsed ? '▸' : '▾'}</span>
          {name} ({section.fields.length} {section.fields.length === 1 ? 'field' : 'fields'})
        </button>
        <Button
          variant="ghost"
          className="text-red-800"
          onClick={onRemove}
          aria-label={`Remove section ${name}`}
        >
          Remove Section
        </Button>
      </div>
      <div id={bodyId} hidden={section.collapsed} className="space-y-3 p-3">
        <TextField
          label="Section title"
          value={section.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <TextField
          label="Section description (optional)"
          value={section.description}
          onChange={(event) => set({ description: event.target.value })}
        />
        {section.fields.map((field, fieldIndex) => (
          <FieldEditor
            key={field.id}
            field={field}
            index={fieldIndex}
            onChange={(changed) =>
              set({ fields: section.fields.map((f) => (f.id === field.id ? changed : f)) })
            }
            onRemove={() => set({ fields: section.fields.filter((f) => f.id !== field.id) })}
          />
        ))}
        <Button variant="outline" onClick={() => set({ fields: [...section.fields, newField()] })}>
          Add Field
        </Button>
      </div>
    </section>
  );
}
