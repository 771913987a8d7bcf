import type { TAppointment } from '@app/contracts/api/portal';
import { portalAppointment } from '../appointments/queries.ts';
import type { AppDeps } from '../platform/deps.ts';

type Deps = Pick<AppDeps, 'rm'>;

export async function appointmentsOfClient(deps: Deps, clientId: number): Promise<TAppointment[]> {
  const rows = await deps.rm
    .selectFrom('appointments')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('scheduled_date')
    .orderBy('start_time')
    .execute();
  return rows.map(portalAppointment);
}
