import type { TAppointment } from '@app/contracts/api/portal';
import type { TProject } from '@app/contracts/api/projects';

/** The client dashboard's views (spec part 1, section 2), switched in place. */
export const CLIENT_VIEWS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'documents', label: 'Documents' },
  // Issue 14, item 5: the quotes sent to the client, to read and accept or decline online.
  { id: 'quotes', label: 'Quotes' },
  { id: 'chat', label: 'Messages' },
  { id: 'tracking', label: 'Project Tracking' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'payments', label: 'Payments' },
] as const;
export type ClientViewId = (typeof CLIENT_VIEWS)[number]['id'];

/** Active Projects: how many projects, and how many of them are in progress. */
export const projectSummary = (projects: readonly TProject[]) => ({
  total: projects.length,
  inProgress: projects.filter((project) => project.status === 'in_progress').length,
});

/** Next Appointment: the first appointment on or after today (days compared as YYYY-MM-DD). */
export function nextAppointment(appointments: readonly TAppointment[], today: string): TAppointment | null {
  const upcoming = appointments
    .filter((appointment) => appointment.scheduledDate >= today && appointment.status !== 'cancelled')
    .sort(
      (a, b) =>
        a.scheduledDate.localeCompare(b.scheduledDate) ||
        (a.startTime ?? '').localeCompare(b.startTime ?? ''),
    );
  return upcoming[0] ?? null;
}

/** Recent Activity: the 2 projects changed last. */
export const RECENT_PROJECTS = 2;
export const recentProjects = (projects: readonly TProject[]) =>
  [...projects].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, RECENT_PROJECTS);
