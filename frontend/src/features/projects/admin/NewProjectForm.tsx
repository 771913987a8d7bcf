import { type FormEvent, useState } from 'react';
import type { FieldErrors } from '../../../lib/field-errors';
import { Button } from '../../../ui/Button';
import { SelectField, TextArea, TextField } from '../../../ui/Field';
import { ClientPicker } from '../../clients/ClientPicker';
import { JobDateFields, STATUS_OPTIONS, TYPE_OPTIONS } from '../ProjectFields';
import { useCreateProject } from './create-project';
import { EMPTY_NEW_PROJECT, type NewProjectDraft, newProjectBody } from './new-project-form';

/** The New Project dialog's body: client, title, type, description, status and the job dates. */
/** The fields that show their own problem. */
const MARKED = ['clientId', 'title', 'type', 'description'] as const;

export function NewProjectForm({ onDone }: { onDone: () => void }) {
  const create = useCreateProject();
  const [draft, setDraft] = useState<NewProjectDraft>(EMPTY_NEW_PROJECT);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<keyof NewProjectDraft>>({});
  const set = <K extends keyof NewProjectDraft>(field: K, value: NewProjectDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...others }) => others);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = newProjectBody(draft);
    setErrors(checked.ok ? {} : checked.errors);
    // A problem shown on its field is not repeated below the form (the dates' order has no single field).
    const onAField = !checked.ok && MARKED.some((field) => checked.errors[field]);
    if (!checked.ok) return setProblem(onAField ? null : checked.problem);
    setProblem(null);
    create.mutate(checked.body, { onSuccess: onDone });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ClientPicker
        clientId={draft.clientId ? Number(draft.clientId) : null}
        error={errors.clientId}
        onChange={(client) => set('clientId', client ? String(client.id) : '')}
      />
      <TextField
        label="Project Title"
        name="title"
        required
        maxLength={200}
        value={draft.title}
        error={errors.title}
        onChange={(event) => set('title', event.target.value)}
      />
      <SelectField
        label="Project Type"
        name="type"
        required
        placeholder="Select a type"
        options={TYPE_OPTIONS}
        value={draft.type}
        error={errors.type}
        onChange={(event) => set('type', event.target.value as NewProjectDraft['type'])}
      />
      <TextArea
        label="Description"
        name="description"
        maxLength={5000}
        value={draft.description}
        error={errors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <SelectField
        label="Status"
        name="status"
        options={STATUS_OPTIONS}
        value={draft.status}
        onChange={(event) => set('status', event.target.value as NewProjectDraft['status'])}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <JobDateFields dates={draft} onChange={set} />
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Project'}
        </Button>
      </div>
    </form>
  );
}
