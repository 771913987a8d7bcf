import type { TDocument } from '@app/contracts/api/documents';
import { showing } from '../../../lib/showing';
import { awaitsReview } from '../document-status';

/** The Documents tab's type filter (spec part 2, section 2.4a): All, Forms, Files, Photos. */
export const TYPE_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'form', label: 'Forms' },
  { id: 'upload', label: 'Files' },
  { id: 'photo', label: 'Photos' },
] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number]['id'];

export const TYPE_LABELS: Record<TDocument['type'], string> = {
  form: 'Form',
  upload: 'File',
  photo: 'Photo',
};

/** What the list needs of a document; `signatureVoid` and `supersededBy` may be missing on older answers. */
export type ListedDocument = Pick<TDocument, 'id' | 'projectId' | 'title' | 'type' | 'status' | 'createdAt'> &
  Partial<Pick<TDocument, 'signatureVoid' | 'supersededBy'>>;

export type ProjectRef = { id: number; title: string; clientName?: string };

export type DocumentGroup<D> = {
  /** `project-<id>` or `unassigned`. */
  key: string;
  title: string;
  subtitle?: string;
  documents: D[];
};

export const UNASSIGNED_TITLE = 'Unassigned Documents';

export const matchesType = (doc: Pick<TDocument, 'type'>, filter: TypeFilter) =>
  filter === 'all' || doc.type === filter;

const newestFirst = (a: ListedDocument, b: ListedDocument) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * The documents that pass the filter, grouped by project (projects by title, then id) with the unassigned
 * ones last; newest first inside a group. A document of a project not in `projects` (not loaded, or
 * gone) gets a group of its own named by its id rather than vanishing.
 */
export function groupDocuments<D extends ListedDocument>(
  documents: readonly D[],
  projects: readonly ProjectRef[],
  filter: TypeFilter = 'all',
): DocumentGroup<D>[] {
  const byProject = new Map<number, D[]>();
  const unassigned: D[] = [];
  for (const doc of documents) {
    if (!matchesType(doc, filter)) continue;
    if (doc.projectId === null) unassigned.push(doc);
    else byProject.set(doc.projectId, [...(byProject.get(doc.projectId) ?? []), doc]);
  }
  const projectOf = new Map(projects.map((p) => [p.id, p]));
  const groups: DocumentGroup<D>[] = [...byProject.entries()].map(([id, docs]) => {
    const project = projectOf.get(id);
    return {
      key: `project-${id}`,
      title: project?.title ?? `Project #${id}`,
      subtitle: project?.clientName,
      documents: docs.sort(newestFirst),
    };
  });
  groups.sort((a, b) => a.title.localeCompare(b.title) || a.key.localeCompare(b.key));
  if (unassigned.length > 0)
    groups.push({ key: 'unassigned', title: UNASSIGNED_TITLE, documents: unassigned.sort(newestFirst) });
  return groups;
}

/**
 * A row's state: a form's Signed, Pending, a signature made void by a newer version, or Replaced (an
 * unsigned form with a newer version, to be signed instead); a client's upload not yet reviewed 'Pending
 * review'. Other files show none (the spec gives a state to forms only).
 */
export function rowStatusLabel(doc: ListedDocument): string | null {
  if (awaitsReview(doc)) return 'Pending review';
  if (doc.type !== 'form') return null;
  if (doc.signatureVoid) return 'Void — needs new signature';
  if ((doc.supersededBy ?? null) !== null) return 'Replaced';
  return doc.status === 'completed' ? 'Signed' : 'Pending';
}

/** Sign only a form not yet signed, and only its current version. */
export const canSign = (doc: ListedDocument) =>
  doc.type === 'form' && doc.status !== 'completed' && (doc.supersededBy ?? null) === null;

/** Preview and download need a stored file (a form has none until it is signed as a PDF). */
export const hasFile = (doc: Pick<TDocument, 'fileUrl'>) => doc.fileUrl !== null;

export const deleteConfirmation = (title: string) =>
  `Are you sure you want to delete "${title}"? This action cannot be undone.`;

/**
 * The Documents tab's search and filters (issue 23), asked of the server (`GET /api/documents`): every word of
 * the search in the title, file name, project's title or client's name; the type (the tab's buttons), the
 * state and the client.
 */
export type DocumentFilters = {
  search: string;
  type: TypeFilter;
  status: 'all' | TDocument['status'];
  clientId: string;
};
export const NO_DOCUMENT_FILTERS: DocumentFilters = { search: '', type: 'all', status: 'all', clientId: '' };

export const STATUS_FILTERS = [
  { value: 'all', label: 'Any state' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Signed or done' },
] as const;

export const isFiltered = (filters: DocumentFilters) =>
  filters.search.trim() !== '' ||
  filters.type !== 'all' ||
  filters.status !== 'all' ||
  filters.clientId !== '';

export const documentsParams = (filters: DocumentFilters) => ({
  ...(filters.search.trim() ? { q: filters.search.trim() } : {}),
  ...(filters.type !== 'all' ? { type: filters.type } : {}),
  ...(filters.status !== 'all' ? { status: filters.status } : {}),
  ...(filters.clientId ? { clientId: filters.clientId } : {}),
});

export const showingText = showing('document', 'documents');

/** The projects the loaded rows name (each row carries its project's title and client), to group them by. */
export function projectsOfRows(
  rows: readonly { projectId: number | null; projectTitle: string | null; clientName: string | null }[],
): ProjectRef[] {
  const projects = new Map<number, ProjectRef>();
  for (const row of rows)
    if (row.projectId !== null && row.projectTitle !== null && !projects.has(row.projectId))
      projects.set(row.projectId, {
        id: row.projectId,
        title: row.projectTitle,
        ...(row.clientName ? { clientName: row.clientName } : {}),
      });
  return [...projects.values()];
}
