import type { TProjectListItem, TProjectType } from '@app/contracts/api/projects';
import { formatDate } from '../../lib/format';
import { pickerUrl, usePickerSearch } from '../../lib/picker-search';
import { SearchCombobox } from '../../ui/SearchCombobox';
import { statusLabel, typeLabel } from './labels';
import { PROJECTS_KEY, projectQuery } from './project-query';

/** What a picker needs of a project: a list row or a whole project will do. */
export type PickedProject = Pick<
  TProjectListItem,
  'id' | 'title' | 'clientId' | 'clientName' | 'status' | 'type' | 'createdAt' | 'jobStartDate' | 'jobEndDate'
>;

/** The line under a project's title that tells look-alikes apart. */
export const projectDetails = (p: PickedProject) =>
  `${p.clientName} · ${typeLabel(p.type)} · ${statusLabel(p.status)} · created ${formatDate(p.createdAt)}`;

/**
 * A project found by typing (title, description or client name): the server searches as the person types and
 * answers the 20 most recently changed matches, of every type but `exceptType` when given (a job picker leaves
 * out billing-only projects). `projectId` may be set from outside (a page opened for one project).
 */
export function ProjectPicker({
  label = 'Project',
  projectId,
  onChange,
  exceptType,
  error,
  placeholder = 'Type a title or client',
}: {
  label?: string;
  projectId: number | null;
  onChange: (project: PickedProject | null) => void;
  exceptType?: TProjectType;
  error?: string | null;
  placeholder?: string;
}) {
  const search = usePickerSearch({
    id: projectId,
    onChange,
    searchKey: [PROJECTS_KEY, 'pick', exceptType],
    searchUrl: (q) => pickerUrl(PROJECTS_KEY, q, exceptType ? { exceptType } : {}),
    // A project chosen elsewhere (the page's own project) is read to show its name.
    readOne: projectQuery,
  });
  return (
    <SearchCombobox<PickedProject>
      label={label}
      {...search}
      toText={(p) => p.title}
      describe={projectDetails}
      keyOf={(p) => p.id}
      placeholder={placeholder}
      error={error}
      emptyText="No project matches what you typed."
    />
  );
}
