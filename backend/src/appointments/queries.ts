import type { TAdminAppointment } from '@app/contracts/api/appointments';
import type { TAppointment } from '@app/contracts/api/portal';
import type { AppDeps } from '../platform/deps.ts';
import { calendarDay, instant } from '../platform/read-values.ts';

type Deps = Pick<AppDeps, 'rm'>;

const appointments = (deps: Deps) =>
  deps.rm
    .selectFrom('appointments as a')
    .leftJoin('clients as c', 'c.id', 'a.client_id')
    .selectAll('a')
    .select(['c.name as client_name', 'c.email as client_email', 'c.phone as client_phone']);

type Row = Awaited<ReturnType<ReturnType<typeof appointments>['executeTakeFirstOrThrow']>>;

type PortalFields =
  | 'id'
  | 'client_id'
  | 'title'
  | 'description'
  | 'scheduled_date'
  | 'start_time'
  | 'end_time'
  | 'duration'
  | 'status'
  | 'type'
  | 'location';

/** An appointment as the client's portal shows it (its local day and times in the business time zone). */
export const portalAppointment = (r: Pick<Row, PortalFields>): TAppointment => ({
  id: r.id,
  clientId: r.client_id,
  title: r.title,
  description: r.description,
  scheduledDate: calendarDay(r.scheduled_date),
  startTime: r.start_time,
  endTime: r.end_time,
  duration: r.duration,
  status: r.status,
  type: r.type,
  location: r.location,
});

const toDto = (r: Row): TAdminAppointment => ({
  ...portalAppointment(r),
  projectId: r.project_id,
  startsAt: instant(r.starts_at),
  endsAt: r.ends_at === null ? null : instant(r.ends_at),
  version: r.version,
  client:
    r.client_name === null
      ? null
      : { name: r.client_name, email: r.client_email ?? '', phone: r.client_phone },
});

/** Every appointment (staff), earliest first. */
export async function allAppointments(deps: Deps): Promise<TAdminAppointment[]> {
  const rows = await appointments(deps).orderBy('a.starts_at').orderBy('a.id').execute();
  return rows.map(toDto);
}

export async function appointmentById(deps: Deps, id: number): Promise<TAdminAppointment | undefined> {
  const row = await appointments(deps).where('a.id', '=', id).executeTakeFirst();
  return row ? toDto(row) : undefined;
}
