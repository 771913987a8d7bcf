import type { TProject } from '@app/contracts/api/projects';
import type { TStaleVersionError } from '@app/contracts/api/versions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { rebaseDraft, staleCopyOf, staleMessage } from '../../../../lib/stale-copy';
import { Button } from '../../../../ui/Button';
import { TextArea } from '../../../../ui/Field';
import { StaleCopyNotice } from '../../../../ui/StaleCopyNotice';
import { errorToast } from '../../../../ui/toast-store';
import { PROJECT_FIELD_WORDS } from '../../labels';
import { type DraftChange, ProjectDetailsFields, ProjectManagementFields } from '../../ProjectFields';
import { changedFields, draftOf, type ProjectDraft } from '../../project-draft';
import { projectQuery } from '../../project-query';
import { useSaveProject } from '../../save-project';

/**
 * The job's information, progress and notes. Edit turns them into inputs; Save sends what changed since Edit
 * with PATCH and the version Edit started from (If-Match); Cancel puts back the values from before the edit.
 */
export function JobInfo({ project }: { project: TProject }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ProjectDraft | null>(null);
  const [base, setBase] = useState(project);
  const [stale, setStale] = useState<TStaleVersionError | null>(null);
  const save = useSaveProject(project.id);
  const draft = editing ?? draftOf(project);
  const onChange: DraftChange | undefined = editing
    ? (field, value) => setEditing((current) => (current ? { ...current, [field]: value } : current))
    : undefined;

  const onSave = () => {
    if (!editing) return;
    const checked = changedFields(base, editing);
    if (checked === null) return setEditing(null);
    if (!checked.ok) return errorToast('Failed to update project', checked.problem);
    save.mutate(
      {
        method: 'PATCH',
        body: checked.body,
        version: base.version,
        success: { title: 'Project updated successfully' },
        failure: 'Failed to update project',
      },
      { onSuccess: () => setEditing(null), onError: (error) => setStale(staleCopyOf(error)) },
    );
  };
  const startEditing = () => {
    setBase(project);
    setStale(null);
    setEditing(draftOf(project));
  };
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...projectQuery(project.id), staleTime: 0 });
    if (!fresh) throw new Error('The project could not be read again.');
    setEditing((current) => current && rebaseDraft(draftOf(base), current, draftOf(fresh)));
    setBase(fresh);
    setStale(null);
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
          <Button variant="outline" onClick={startEditing}>
            Edit
          </Button>
        )}
      </div>
      {editing && stale && (
        <div className="mt-3">
          <StaleCopyNotice
            message={staleMessage('project', stale.changed, PROJECT_FIELD_WORDS)}
            onReload={reload}
          />
        </div>
      )}
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
