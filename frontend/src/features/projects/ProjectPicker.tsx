import type { TProjectListItem, TProjectsPage, TProjectType } from '@app/contracts/api/projects';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { apiRead, useSettled } from '../../lib/paged-list';
import { SearchCombobox } from '../../ui/SearchCombobox';
import { statusLabel, typeLabel } from './labels';
import { PROJECTS_KEY, projectQuery } from './project-query';

/** What a picker needs of a project: a list row or a whole project will do. */
export type PickedProject = Pick<
  TProjectListItem,
  'id' | 'title' | 'clientId' | 'clientName' | 'status' | 'type' | 'createdAt' | 'jobStartDate' | 'jobEndDate'
>;

const PICKER_PAGE = 20;

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
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedProject | null>(null);
  const q = useSettled(text.trim());
  const found = useQuery({
    queryKey: [PROJECTS_KEY, 'pick', q, exceptType],
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(PICKER_PAGE) });
      if (q) params.set('q', q);
      if (exceptType) params.set('exceptType', exceptType);
      return apiRead<TProjectsPage>(`${PROJECTS_KEY}?${params}`);
    },
    placeholderData: (previous) => previous,
  });
  // A project chosen elsewhere (the page's own project) is read to show its name.
  const given = useQuery({
    ...projectQuery(projectId ?? 0),
    enabled: projectId !== null && picked?.id !== projectId,
  });
  const selected = projectId === null ? null : picked?.id === projectId ? picked : (given.data ?? null);
  return (
    <SearchCombobox<PickedProject>
      label={label}
      items={found.data?.items ?? ([] as TProjectListItem[])}
      selected={selected}
      onSelect={(project) => {
        setPicked(project);
        onChange(project);
      }}
      onSearch={setText}
      toText={(p) => p.title}
      describe={projectDetails}
      keyOf={(p) => p.id}
      loading={found.isFetching || q !== text.trim()}
      placeholder={placeholder}
      error={error}
      emptyText="No project matches what you typed."
    />
  );
}
