import {
  CONSULTATION_STATUSES,
  type TConsultation,
  type TConsultationCounts,
  type TConsultationSet,
  type TConsultationsPage,
  type TConsultationsQuery,
} from '@app/contracts/api/consultations';
import { consultationSearchText } from '@app/projections/consultations/projection';
import type { ConsultationsTable } from '@app/projections/consultations/table';
import { countsTable } from '@app/projections/runtime/document-projection';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';
import {
  countUpTo,
  decodeCursor,
  ilike,
  keptCount,
  keptCounts,
  pageLimit,
  pageOf,
  searchPatterns,
  ZCursorInstant,
} from '../platform/paging.ts';
import { calendarDay, instant } from '../platform/read-values.ts';

const toDto = (r: Omit<ConsultationsTable, 'last_event_position'>): TConsultation => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  preferredDate: calendarDay(r.preferred_date),
  preferredTime: r.preferred_time,
  serviceType: r.service_type,
  propertyType: r.property_type,
  description: r.description,
  status: r.status as TConsultation['status'],
  notes: r.notes,
  archived: r.archived,
  contactedAt: r.contacted_at === null ? null : instant(r.contacted_at),
  createdAt: instant(r.created_at),
});

/** Newest first; the manager splits them into active and previous by `archived`. */
export async function listConsultations(deps: Pick<AppDeps, 'rm'>) {
  const rows = await deps.rm
    .selectFrom('consultations')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDto);
}

export async function consultationById(deps: Pick<AppDeps, 'rm'>, id: number) {
  const row = await deps.rm.selectFrom('consultations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDto(row) : null;
}

const PAGE_LIST = 'consultations';
const ZConsultationsCursor = z.tuple([ZCursorInstant, z.number().int()]);

/**
 * A page of consultation requests, newest first (issue 23): every word of `q` in the name, e-mail, phone or
 * description; the set (Active: not archived, Previous: archived) and the status as filters. The total is read
 * from the kept counters (a set and a status together are one counter), counted over the matching rows when
 * searching.
 */
export async function pageConsultations(
  deps: Pick<AppDeps, 'rm'>,
  query: TConsultationsQuery,
): Promise<TConsultationsPage> {
  const limit = pageLimit(query.limit);
  const patterns = searchPatterns(query.q);
  let matching = deps.rm.selectFrom('consultations as c');
  if (query.set) matching = matching.where('c.archived', '=', query.set === 'previous');
  if (query.status) matching = matching.where('c.status', '=', query.status);
  for (const pattern of patterns)
    matching = matching.where(ilike(sql.raw(consultationSearchText('c.')), pattern));
  let page = matching
    .selectAll('c')
    .select(sql<string>`c.created_at::text`.as('cursor_at'))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit + 1);
  if (query.cursor) {
    const [at, id] = decodeCursor(PAGE_LIST, query.cursor, ZConsultationsCursor);
    page = page.where(sql<boolean>`(c.created_at, c.id) < (${at}::timestamptz, ${id})`);
  }
  const key = [query.set && `set:${query.set}`, query.status && `status:${query.status}`]
    .filter((k): k is string => !!k)
    .join(':');
  const counted =
    patterns.length === 0
      ? keptCount(deps.rm, countsTable('consultations'), [key])
      : countUpTo(deps.rm, matching);
  const [rows, total] = await Promise.all([page.execute(), counted]);
  return pageOf(rows, { limit, total, list: PAGE_LIST, keyOf: (r) => [r.cursor_at, r.id], toItem: toDto });
}

/** A set's summary tiles: its total and its count by status, from the kept counters. */
export async function consultationCounts(
  deps: Pick<AppDeps, 'rm'>,
  set: TConsultationSet,
): Promise<TConsultationCounts> {
  const n = await keptCounts(deps.rm, countsTable('consultations'), [
    `set:${set}`,
    ...CONSULTATION_STATUSES.map((s) => `set:${set}:status:${s}`),
  ]);
  return {
    total: n[`set:${set}`] ?? 0,
    pending: n[`set:${set}:status:pending`] ?? 0,
    contacted: n[`set:${set}:status:contacted`] ?? 0,
    scheduled: n[`set:${set}:status:scheduled`] ?? 0,
    completed: n[`set:${set}:status:completed`] ?? 0,
    cancelled: n[`set:${set}:status:cancelled`] ?? 0,
  };
}
