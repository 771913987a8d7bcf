import type { TCalendarRangeQuery } from '@app/contracts/api/calendar';
import { appointmentEvent, projectEvents, type TCalendarEvent } from '@app/contracts/calendar/event-times';
import { addDays, BUSINESS_TIME_ZONE, localToUtc } from '@app/contracts/calendar/time-zone';
import type { AppDeps } from '../platform/deps.ts';
import { calendarDay } from '../platform/read-values.ts';

type Deps = Pick<AppDeps, 'rm'>;

/** Whose events: every client's (staff) or one client's (a client, or a per-client feed). */
export type CalendarScope = { kind: 'all' } | { kind: 'client'; clientId: number };

/**
 * The calendar events that start within the local days `from`..`to` (both included) in the business time zone,
 * in start order: appointments (cancelled ones left out) and project start and end days, derived by the rules of
 * section 9 (contracts/src/calendar/event-times.ts). The one query behind the month view, the feeds and sync.
 */
export async function calendarEvents(
  deps: Deps,
  range: TCalendarRangeQuery,
  scope: CalendarScope,
): Promise<TCalendarEvent[]> {
  const fromUtc = localToUtc(range.from, '00:00', BUSINESS_TIME_ZONE);
  const toUtc = localToUtc(addDays(range.to, 1), '00:00', BUSINESS_TIME_ZONE);
  let appointments = deps.rm
    .selectFrom('appointments as a')
    .leftJoin('clients as c', 'c.id', 'a.client_id')
    .select([
      'a.id',
      'a.client_id',
      'a.title',
      'a.description',
      'a.scheduled_date',
      'a.start_time',
      'a.end_time',
      'a.duration',
      'a.status',
      'a.location',
      'a.version',
      'c.name as client_name',
      'c.email as client_email',
      'c.phone as client_phone',
    ])
    .where('a.starts_at', '>=', fromUtc)
    .where('a.starts_at', '<', toUtc)
    .where('a.status', '!=', 'cancelled');
  let projects = deps.rm
    .selectFrom('projects as p')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .select([
      'p.id',
      'p.client_id',
      'p.client_name',
      'p.title',
      'p.description',
      'p.type',
      'p.status',
      'p.job_start_date',
      'p.job_end_date',
      'c.name as current_client_name',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('p.job_start_date', '>=', range.from), eb('p.job_start_date', '<=', range.to)]),
        eb.and([eb('p.job_end_date', '>=', range.from), eb('p.job_end_date', '<=', range.to)]),
      ]),
    );
  if (scope.kind === 'client') {
    appointments = appointments.where('a.client_id', '=', scope.clientId);
    projects = projects.where('p.client_id', '=', scope.clientId);
  }
  const [appointmentRows, projectRows] = await Promise.all([appointments.execute(), projects.execute()]);

  const events = appointmentRows.map((r) =>
    appointmentEvent({
      id: r.id,
      clientId: r.client_id,
      title: r.title,
      description: r.description,
      scheduledDate: calendarDay(r.scheduled_date),
      startTime: r.start_time,
      endTime: r.end_time,
      duration: r.duration,
      status: r.status,
      location: r.location,
      client: { name: r.client_name ?? undefined, phone: r.client_phone, email: r.client_email },
      version: r.version,
    }),
  );
  for (const r of projectRows) {
    const derived = projectEvents({
      id: r.id,
      clientId: r.client_id,
      clientName: r.current_client_name ?? r.client_name,
      title: r.title,
      description: r.description,
      type: r.type,
      status: r.status,
      jobStartDate: r.job_start_date === null ? null : calendarDay(r.job_start_date),
      jobEndDate: r.job_end_date === null ? null : calendarDay(r.job_end_date),
    });
    events.push(...derived.filter((e) => e.date >= range.from && e.date <= range.to));
  }
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.type.localeCompare(b.type) || a.id - b.id);
}
