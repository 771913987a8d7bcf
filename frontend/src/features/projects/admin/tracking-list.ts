import type { TProject, TProjectStatus, TProjectType } from '@app/contracts/api/projects';

export type StatusFilter = TProjectStatus | 'all';
export type TypeFilter = TProjectType | 'all';
export type TrackingFilters = { search: string; status: StatusFilter; type: TypeFilter };
export const NO_FILTERS: TrackingFilters = { search: '', status: 'all', type: 'all' };

/** The five counts of the summary grid; the pending bucket holds pending and approved jobs. */
export type TrackingCounts = Record<'total' | 'pending' | 'in_progress' | 'completed' | 'cancelled', number>;

export function trackingCounts(projects: readonly TProject[]): TrackingCounts {
  const counts: TrackingCounts = { total: 0, pending: 0, in_progress: 0, completed: 0, cancelled: 0 };
  for (const project of projects) {
    counts.total += 1;
    counts[project.status === 'approved' ? 'pending' : project.status] += 1;
  }
  return counts;
}

const matchesSearch = (project: TProject, search: string) => {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${project.title} ${project.clientName} ${project.description}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

/** The job cards to show: every search word in the title, client or description, then both filters. */
export const visibleProjects = (projects: readonly TProject[], filters: TrackingFilters): TProject[] =>
  projects.filter(
    (project) =>
      matchesSearch(project, filters.search) &&
      (filters.status === 'all' || project.status === filters.status) &&
      (filters.type === 'all' || project.type === filters.type),
  );

export const isFiltered = (filters: TrackingFilters) =>
  filters.search.trim() !== '' || filters.status !== 'all' || filters.type !== 'all';

/** Newest activity first, so a job just changed is at the top. */
export const byLastUpdate = (projects: readonly TProject[]) =>
  [...projects].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);

/** The footer, as the spec writes it (plural even for one). */
export const showingText = (shown: number, total: number) => `Showing ${shown} of ${total} jobs`;
