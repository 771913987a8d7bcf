import type { FormAnswers } from '@app/contracts/forms/answers';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { ClientPicker, type PickedClient } from '../../clients/ClientPicker';
import { clientProjectsQuery } from '../../projects/project-query';
import { useCreateFormDocument } from '../api';
import { FormFields } from '../FormFields';
import {
  type EditorSource,
  editorForm,
  editorProblem,
  formDocumentBody,
  today,
  withFieldOption,
} from './editor-form';

/** Choosing a project moves on to the fields after this pause (spec part 2, section 2.4a). */
export const ADVANCE_DELAY_MS = 100;

/**
 * The form editor (spec part 2, section 2.4a): step 1 the client, then one of that client's projects;
 * step 2 the form's fields, a date and the client's name, then Save Form (POST /api/documents).
 */
export function FormEditorDialog({ source, onClose }: { source: EditorSource | null; onClose: () => void }) {
  const title = source?.kind === 'template' ? source.template.title : source?.form.title;
  return (
    <Dialog open={source !== null} onClose={onClose} title={title ?? 'Form'} wide>
      {source && <EditorSteps source={source} onClose={onClose} />}
    </Dialog>
  );
}

function EditorSteps({ source, onClose }: { source: EditorSource; onClose: () => void }) {
  const [form, setForm] = useState(() => editorForm(source));
  const [step, setStep] = useState<'client' | 'project' | 'edit'>('client');
  const [clientId, setClientId] = useState<number | null>(null);
  const [projectId, setProjectId] = useState('');
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [date, setDate] = useState(today());
  const [clientName, setClientName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [optionField, setOptionField] = useState('');
  const [optionText, setOptionText] = useState('');
  const advance = useRef<ReturnType<typeof setTimeout>>(undefined);
  const save = useCreateFormDocument();
  useEffect(() => () => clearTimeout(advance.current), []);

  const projects = useQuery(clientProjectsQuery(clientId));
  const clientProjects = projects.data ?? [];
  const selectFields = form.sections.flatMap((s) => s.fields).filter((f) => f.type.endsWith('select'));

  const chooseClient = (client: PickedClient | null) => {
    setClientId(client?.id ?? null);
    setProjectId('');
    setClientName(client?.name ?? '');
    setStep(client ? 'project' : 'client');
  };
  const chooseProject = (id: string) => {
    setProjectId(id);
    clearTimeout(advance.current);
    if (id) advance.current = setTimeout(() => setStep('edit'), ADVANCE_DELAY_MS);
  };
  const addOption = () => {
    const sections = withFieldOption(form.sections, optionField, optionText);
    if (!sections) return;
    setForm({ ...form, sections });
    setOptionText('');
    toast({ title: 'Option Added', description: `${optionText.trim()} can now be chosen.` });
  };
  const submit = () => {
    const chosen = projectId ? Number(projectId) : null;
    const found = editorProblem(form, answers, chosen, { date, clientName });
    setProblem(found);
    if (found || chosen === null) return;
    save.mutate(formDocumentBody(form, answers, chosen, { date, clientName }), { onSuccess: onClose });
  };

  if (step !== 'edit')
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">Step 1 of 2: choose the client, then the project.</p>
        <ClientPicker clientId={clientId} onChange={chooseClient} />
        {step === 'project' &&
          (clientProjects.length === 0 && !projects.isPending ? (
            <p className="text-sm text-slate-700">This client has no projects yet.</p>
          ) : (
            <SelectField
              label="Project"
              value={projectId}
              placeholder="Select a project"
              options={clientProjects.map((p) => ({ value: String(p.id), label: p.title }))}
              onChange={(event) => chooseProject(event.target.value)}
            />
          ))}
      </div>
    );

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-slate-700">
        Step 2 of 2: {clientProjects.find((p) => String(p.id) === projectId)?.title} for {clientName}.
      </p>
      <FormFields form={form} answers={answers} onChange={setAnswers} disabled={save.isPending} />
      {selectFields.length > 0 && (
        <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">Add a custom option</legend>
          <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <SelectField
              label="Field"
              value={optionField}
              placeholder="Select a field"
              options={selectFields.map((f) => ({ value: f.id, label: f.label }))}
              onChange={(event) => setOptionField(event.target.value)}
            />
            <TextField
              label="Option"
              value={optionText}
              onChange={(event) => setOptionText(event.target.value)}
            />
            <Button variant="outline" onClick={addOption} disabled={!optionField || optionText.trim() === ''}>
              Add Option
            </Button>
          </div>
        </fieldset>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Date *"
          type="date"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <TextField
          label="Client Name"
          value={clientName}
          onChange={(event) => setClientName(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      <div className="flex justify-between gap-2">
        <Button variant="outline" onClick={() => setStep('project')} disabled={save.isPending}>
          Back
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Form'}
        </Button>
      </div>
    </form>
  );
}
