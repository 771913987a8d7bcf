import type { TProject } from '@app/contracts/api/projects';
import { useState } from 'react';
import { Button } from '../../../../ui/Button';
import { TextArea } from '../../../../ui/Field';
import { errorToast } from '../../../../ui/toast-store';
import { type DraftChange, ProjectDetailsFields, ProjectManagementFields } from '../../ProjectFields';
import { changedFields, draftOf, type ProjectDraft } from '../../project-draft';
import { useSaveProject } from '../../save-project';

/**
 * The job's information, progress and notes. Edit turns them into inputs; Save sends what changed with
 * PATCH; Cancel puts back the values from before the edit.
 */
export function JobInfo({ project }: { project: TProject }) {
  const [editing, setEditing] = useState<ProjectDraft | null>(null);
  const save = useSaveProject(project.id);
  const draft = editing ?? draftOf(project);
  const onChange: DraftChange | undefined = editing
    ? (field, value) => setEditing((current) => (current ? { ...current, [field]: value } : current))
    : undefined;

  const onSave = () => {
    if (!editing) return;
    const checked = changedFields(project, editing);
    if (checked === null) return setEditing(null);
    if (!checked.ok) return errorToast('Failed to update project', checked.problem);
    save.mutate(
      {
        method: 'PATCH',
        body: checked.body,
        success: { title: 'Project updated successfully' },
        failure: 'Failed to update project',
      },
      { onSuccess: () => setEditing(null) },
    );
  };

  return (
    <section aria-labelledby="job-info" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="job-info" className="text-lg font-semibold text-slate-900">
          Job Information
        </h2>
        {editing ? (
          <div className="flex gap-2">
            <Button variant="outline" disabled={save.isPending} onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button disabled={save.isPending} onClick={onSave}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        ) : (
          <Button variant="outline" onClick={() => setEditing(draftOf(project))}>
            Edit
          </Button>
        )}
      </div>
      <div className="mt-4 space-y-6">
        <ProjectDetailsFields project={project} draft={draft} onChange={onChange} withDescription />
        <div>
          <h3 className="mb-3 text-base font-semibold text-slate-900">Progress</h3>
          <ProjectManagementFields project={project} draft={draft} onChange={onChange} />
        </div>
        <div>
          {onChange ? (
            <TextArea
              label="Notes"
              name="notes"
              maxLength={20_000}
              style={{ minHeight: 200 }}
              value={draft.notes}
              onChange={(event) => onChange('notes', event.target.value)}
            />
          ) : (
            <>
              <h3 className="mb-2 text-base font-semibold text-slate-900">Notes</h3>
              <p className="text-sm whitespace-pre-line text-slate-900">{project.notes || 'No notes yet'}</p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
