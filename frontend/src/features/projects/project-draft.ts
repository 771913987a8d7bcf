import {
  type TProject,
  type TProjectPatchBody,
  type TProjectStatus,
  type TProjectType,
  ZProjectPatchBody,
} from '@app/contracts/api/projects';

/** The project form as typed: dates as the date inputs hold them ('' when empty), progress as text. */
export type ProjectDraft = {
  title: string;
  description: string;
  type: TProjectType;
  status: TProjectStatus;
  jobStartDate: string;
  jobEndDate: string;
  progress: string;
  notes: string;
};

export const draftOf = (project: TProject): ProjectDraft => ({
  title: project.title,
  description: project.description,
  type: project.type,
  status: project.status,
  jobStartDate: project.jobStartDate ?? '',
  jobEndDate: project.jobEndDate ?? '',
  progress: String(project.progress),
  notes: project.notes,
});

export type Checked = { ok: true; body: TProjectPatchBody } | { ok: false; problem: string };

/** The contract's check, so the form says what the server would say before anything is sent. */
function check(body: TProjectPatchBody): Checked {
  const parsed = ZProjectPatchBody.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, problem: parsed.error.issues[0]!.message };
}

const progressOf = (text: string) => (text.trim() === '' ? 0 : Number(text));

/**
 * The dialog's Save (spec part 2, section 7): PUT /api/projects/{id} {title, type, jobStartDate or null,
 * jobEndDate or null, notes, status, photos}, plus the progress the dialog also edits. `photos` are the
 * addresses the server holds now, so a save never undoes an upload or a removal made meanwhile.
 */
export function saveBody(draft: ProjectDraft, photos: readonly string[]): Checked {
  return check({
    title: draft.title,
    type: draft.type,
    jobStartDate: draft.jobStartDate || null,
    jobEndDate: draft.jobEndDate || null,
    notes: draft.notes,
    status: draft.status,
    progress: progressOf(draft.progress),
    photos: [...photos],
  });
}

/**
 * The job page's Save: PATCH with only the fields that changed, so the history names exactly what was
 * changed. Null when nothing did.
 */
export function changedFields(project: TProject, draft: ProjectDraft): Checked | null {
  const before = draftOf(project);
  const patch: TProjectPatchBody = {};
  if (draft.title.trim() !== before.title) patch.title = draft.title;
  if (draft.description.trim() !== before.description) patch.description = draft.description;
  if (draft.type !== before.type) patch.type = draft.type;
  if (draft.status !== before.status) patch.status = draft.status;
  if (draft.jobStartDate !== before.jobStartDate) patch.jobStartDate = draft.jobStartDate || null;
  if (draft.jobEndDate !== before.jobEndDate) patch.jobEndDate = draft.jobEndDate || null;
  if (progressOf(draft.progress) !== project.progress) patch.progress = progressOf(draft.progress);
  if (draft.notes !== before.notes) patch.notes = draft.notes;
  if (Object.keys(patch).length === 0) return null;
  // The order of the dates is a rule about both: check it with both, send only what changed.
  const dates = { jobStartDate: draft.jobStartDate || null, jobEndDate: draft.jobEndDate || null };
  const checked = check({ ...patch, ...dates });
  return checked.ok ? { ok: true, body: patch } : checked;
}

/** Saving a project with a start or end date asks the server to put it in the calendar. */
export const syncsCalendar = (body: TProjectPatchBody) => Boolean(body.jobStartDate || body.jobEndDate);

/** The photo addresses to keep when one is removed. */
export const photosWithout = (project: TProject, url: string) =>
  project.photos.map((photo) => photo.url).filter((kept) => kept !== url);
