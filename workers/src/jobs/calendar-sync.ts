import type { TEventOf, TEventType } from '@app/contracts/events/domain';
import { z } from 'zod';
import { type AnyJobDefinition, defineJob } from './define.ts';

/**
 * Google Calendar push jobs (issue 13.4), on the 'calendar' queue. Each names our events by key
 * (`appointment-12`, `project_start-5`, `project_end-5`, `added-<uuid>`); the handler (backend
 * `calendar-sync/push.ts`, given as `calendarPush`) reads each one's CURRENT state from its stream and makes
 * every connected admin's calendar match it, so jobs run late, twice or out of order still converge, and a
 * retry never makes a second Google event (deterministic Google event ids).
 */
export interface CalendarSyncDeps {
  calendarPush(
    keys: string[],
    options: { causationId: string; onlyUser?: number; force?: boolean },
  ): Promise<Record<string, unknown>>;
}

const payload = z.object({
  keys: z.array(z.string()).min(1),
  onlyUser: z.number().int().optional(),
  force: z.boolean().optional(),
});

const projectKeys = (projectId: number) => [`project_start-${projectId}`, `project_end-${projectId}`];

function pushJob<T extends TEventType>(
  id: string,
  startedBy: T,
  keysOf: (data: TEventOf<T>['data']) => z.input<typeof payload>,
  startsWhen?: (data: TEventOf<T>['data']) => boolean,
) {
  return defineJob({
    id,
    version: 1,
    queue: 'calendar',
    payload,
    startedBy,
    ...(startsWhen && { startsWhen }),
    payloadFor: (data) => keysOf(data),
    async handle(p, ctx, deps: CalendarSyncDeps) {
      return deps.calendarPush(p.keys, {
        causationId: ctx.event.id,
        ...(p.onlyUser !== undefined && { onlyUser: p.onlyUser }),
        ...(p.force !== undefined && { force: p.force }),
      });
    },
  });
}

const appointmentKeys = (data: { appointmentId: number }) => ({
  keys: [`appointment-${data.appointmentId}`],
});

export const calendarPushJobs: readonly AnyJobDefinition[] = [
  pushJob('calendar.push.appointment-scheduled', 'AppointmentScheduled', appointmentKeys),
  pushJob('calendar.push.appointment-changed', 'AppointmentChanged', appointmentKeys),
  pushJob('calendar.push.appointment-cancelled', 'AppointmentCancelled', appointmentKeys),
  pushJob('calendar.push.project-scheduled', 'ProjectScheduled', (d) => ({ keys: projectKeys(d.projectId) })),
  pushJob('calendar.push.project-unscheduled', 'ProjectUnscheduled', (d) => ({
    keys: projectKeys(d.projectId),
  })),
  pushJob('calendar.push.project-deleted', 'ProjectDeleted', (d) => ({ keys: projectKeys(d.projectId) })),
  // The events' titles and descriptions come from the project's.
  pushJob(
    'calendar.push.project-details',
    'ProjectDetailsChanged',
    (d) => ({ keys: projectKeys(d.projectId) }),
    (d) => d.changes.title !== undefined || d.changes.description !== undefined,
  ),
  // POST /api/projects/{id}/sync-calendar: written again even when they look unchanged here.
  pushJob('calendar.push.project-sync', 'CalendarProjectSyncRequested', (d) => ({
    keys: projectKeys(d.projectId),
    force: true,
  })),
  // POST /api/calendar/add-event: onto the asking admin's calendar only.
  pushJob('calendar.push.added-event', 'CalendarEventAddRequested', (d) => ({
    keys: [`added-${d.requestId}`],
    onlyUser: d.userId,
  })),
];
