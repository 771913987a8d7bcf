import type { TPage } from '@app/contracts/api/paging';
import type { TAppointment, TClientAppointmentsQuery } from '@app/contracts/api/portal';
import { sql } from 'kysely';
import { z } from 'zod';
import { portalAppointment } from '../appointments/queries.ts';
import type { AppDeps } from '../platform/deps.ts';
import {
  countUpTo,
  decodeCursor,
  ilike,
  pageLimit,
  pageOf,
  searchPatterns,
  ZCursorInstant,
} from '../platform/paging.ts';

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

const PAGE_LIST = 'client-appointments';
const ZAppointmentsCursor = z.tuple([ZCursorInstant, z.number().int()]);

/** A page of one client's appointments in the order they happen (see ZClientAppointmentsQuery). */
export async function pageAppointmentsOfClient(
  deps: Deps,
  clientId: number,
  query: TClientAppointmentsQuery,
): Promise<TPage<TAppointment>> {
  const limit = pageLimit(query.limit);
  let matching = deps.rm.selectFrom('appointments as a').where('a.client_id', '=', clientId);
  if (query.from) matching = matching.where(sql<boolean>`a.scheduled_date >= ${query.from}::date`);
  if (query.to) matching = matching.where(sql<boolean>`a.scheduled_date <= ${query.to}::date`);
  for (const pattern of searchPatterns(query.q))
    matching = matching.where(ilike(sql`concat_ws(' ', a.title, a.description, a.location)`, pattern));
  let page = matching
    .selectAll('a')
    .select(sql<string>`a.starts_at::text`.as('cursor_at'))
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .limit(limit + 1);
  if (query.cursor) {
    const [at, id] = decodeCursor(PAGE_LIST, query.cursor, ZAppointmentsCursor);
    page = page.where(sql<boolean>`(a.starts_at, a.id) > (${at}::timestamptz, ${id})`);
  }
  // One client's rows, found by their index: counted, at most TOTAL_COUNTED_MAX of them.
  const [rows, total] = await Promise.all([page.execute(), countUpTo(deps.rm, matching)]);
  return pageOf(rows, {
    limit,
    total,
    list: PAGE_LIST,
    keyOf: (r) => [r.cursor_at, r.id],
    toItem: portalAppointment,
  });
}
