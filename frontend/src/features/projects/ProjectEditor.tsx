import type { TAccepted } from '@app/contracts/api/accepted';
import type { TProject } from '@app/contracts/api/projects';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId } from 'react';
import { isAccepted } from '../../lib/api';
import { useEditCopy } from '../../lib/edit-copy';
import { staleMessage } from '../../lib/stale-copy';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/Field';
import { StaleCopyNotice } from '../../ui/StaleCopyNotice';
import { Tabs } from '../../ui/Tabs';
import { errorToast } from '../../ui/toast-store';
import { DocumentsTab } from './DocumentsTab';
import { DELETE_CONFIRMATION, useDeleteProject } from './delete-project';
import { PROJECT_FIELD_WORDS } from './labels';
import { PhotoGrid } from './PhotoGrid';
import { PhotoUploader } from './PhotoUploader';
import { type DraftChange, ProjectDetailsFields, ProjectManagementFields } from './ProjectFields';
import { draftOf, saveBody } from './project-draft';
import { projectQuery } from './project-query';
import { useSaveProject } from './save-project';

/** The dialog's body: the four tabs and, for staff, Delete and Save. */
export function ProjectEditor({
  project,
  readOnly,
  onClose,
}: {
  project: TProject;
  readOnly: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  // The project as the form was filled from it: its version goes with every save (If-Match), so a save
  // never puts back, unseen, what another admin changed meanwhile (the `project` shown may be newer).
  const copy = useEditCopy(project, draftOf);
  const { draft, setDraft } = copy;
  const save = useSaveProject(project.id);
  const saveNotes = useSaveProject(project.id);
  const remove = useDeleteProject(project.id);
  const onChange: DraftChange | undefined = readOnly
    ? undefined
    : (field, value) => setDraft((current) => ({ ...current, [field]: value }));
  const busy = save.isPending || remove.isPending;
  const savedAs = (saved: TProject | TAccepted) => {
    if (!isAccepted(saved)) copy.saved(saved);
  };
  const reload = async () =>
    copy.reloadFrom(
      await queryClient.fetchQuery({ ...projectQuery(project.id), staleTime: 0 }).then(orThrow),
    );

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const checked = saveBody(
      draft,
      project.photos.map((photo) => photo.url),
    );
    if (!checked.ok) return errorToast('Failed to update project', checked.problem);
    save.mutate(
      {
        method: 'PUT',
        body: checked.body,
        version: copy.base.version,
        success: { title: 'Project updated successfully' },
        failure: 'Failed to update project',
      },
      { onSuccess: onClose, onError: copy.failed },
    );
  };

  const onDelete = () => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    remove.mutate(undefined, { onSuccess: onClose });
  };

  const tabs = [
    {
      id: 'overview',
      label: 'Overview',
      panel: (
        <div className="space-y-6">
          <Section title="Project Details">
            <ProjectDetailsFields project={project} draft={draft} onChange={onChange} />
          </Section>
          <Section title="Project Management">
            <ProjectManagementFields project={project} draft={draft} onChange={onChange} />
          </Section>
        </div>
      ),
    },
    {
      id: 'documents',
      label: 'Documents',
      panel: <DocumentsTab projectId={project.id} readOnly={readOnly} />,
    },
    {
      id: 'photos',
      label: 'Photos',
      panel: (
        <div className="space-y-4">
          {!readOnly && <PhotoUploader projectId={project.id} />}
          <PhotoGrid project={project} removable={!readOnly} />
        </div>
      ),
    },
    {
      id: 'notes',
      label: 'Notes',
      panel: readOnly ? (
        <Section title="Notes">
          <p className="min-h-[200px] rounded-md border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-900">
            {project.notes || 'No notes yet'}
          </p>
        </Section>
      ) : (
        <div className="space-y-3">
          <TextArea
            label="Notes"
            name="notes"
            maxLength={20_000}
            style={{ minHeight: 200 }}
            value={draft.notes}
            onChange={(event) => onChange?.('notes', event.target.value)}
          />
          <Button
            variant="outline"
            disabled={saveNotes.isPending}
            onClick={() =>
              saveNotes.mutate(
                {
                  method: 'PATCH',
                  body: { notes: draft.notes },
                  version: copy.base.version,
                  success: { title: 'Notes saved successfully' },
                  failure: 'Failed to save notes',
                },
                { onSuccess: savedAs, onError: copy.failed },
              )
            }
          >
            {saveNotes.isPending ? 'Saving...' : 'Save Notes'}
          </Button>
        </div>
      ),
    },
  ];

  // Read-only: the tabs only; the dialog's own Close (and Escape) ends it.
  if (readOnly) return <Tabs label="Project sections" tabs={tabs} />;

  return (
    <form onSubmit={onSave} noValidate>
      <Tabs label="Project sections" tabs={tabs} />
      {copy.stale && (
        <div className="mt-6">
          <StaleCopyNotice
            message={staleMessage('project', copy.stale.changed, PROJECT_FIELD_WORDS)}
            onReload={reload}
          />
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4">
        <Button variant="danger" disabled={busy} onClick={onDelete}>
          {remove.isPending ? 'Deleting...' : 'Delete Project'}
        </Button>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** A reload that found nothing (the project deleted, or the session gone) is a failed reload. */
function orThrow(project: TProject | null): TProject {
  if (!project) throw new Error('The project could not be read again.');
  return project;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}
