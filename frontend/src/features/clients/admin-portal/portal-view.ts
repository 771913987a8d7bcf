import type { TAppointment } from '@app/contracts/api/portal';

/** The Overview's recent projects: the first three, in the order the server lists them. */
export const RECENT_PROJECTS = 3;

/** "HH:MM" (or "HH:MM:SS") → "9:30 AM", read as a wall-clock time with no time zone. */
export function formatClock(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  if (hours > 23) return time;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/** An appointment's time: its range, its start, or 'Time not set'. */
export function appointmentTime(appointment: Pick<TAppointment, 'startTime' | 'endTime'>): string {
  const { startTime, endTime } = appointment;
  if (!startTime) return 'Time not set';
  return endTime ? `${formatClock(startTime)} – ${formatClock(endTime)}` : formatClock(startTime);
}

/** "in_progress" → "In progress", for statuses this page has no label for. */
export const humanStatus = (status: string) => {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : status;
};

export type QuickStats = { projects: number; messages: number; appointments: number; payments: number };
export const quickStats = (lists: Record<keyof QuickStats, readonly unknown[]>): QuickStats => ({
  projects: lists.projects.length,
  messages: lists.messages.length,
  appointments: lists.appointments.length,
  payments: lists.payments.length,
});

/**
 * The project a document of this client belongs to, named on its row: the project's title, 'Unassigned'
 * for a document of no project, and its number for a project not in the list (removed since).
 */
export const projectTitleOf =
  (projects: readonly { id: number; title: string }[]) =>
  (projectId: number | null): string => {
    if (projectId === null) return 'Unassigned';
    return projects.find((project) => project.id === projectId)?.title ?? `Project #${projectId}`;
  };
