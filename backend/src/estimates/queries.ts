import type { TEstimate, TEstimatesPage, TEstimatesQuery } from '@app/contracts/api/estimates';
import { fromCents } from '@app/contracts/estimates/pricing';
import { clientSearchText } from '@app/projections/clients/projection';
import {
  estimateHasCameras,
  estimateSearchText,
  estimateTotalCents,
} from '@app/projections/estimates/projection';
import { projectSearchText } from '@app/projections/projects/projection';
import { countsTable } from '@app/projections/runtime/document-projection';
import { sql } from 'kysely';
import { z } from 'zod';
import type { SignedInUser } from '../auth/guard.ts';
import { type Person, personOf } from '../auth/person.ts';
import type { AppDeps } from '../platform/deps.ts';
import {
  amongIds,
  countUpTo,
  decodeCursor,
  ilike,
  keptCount,
  pageLimit,
  pageOf,
  searchPatterns,
  ZCursorInstant,
} from '../platform/paging.ts';
import { instant } from '../platform/read-values.ts';

type Deps = Pick<AppDeps, 'rm'>;

/** Estimates with their client's and project's names as they are now (joined, so renames show). */
const estimates = (deps: Deps) =>
  deps.rm
    .selectFrom('estimates as e')
    .leftJoin('clients as c', 'c.id', 'e.client_id')
    .leftJoin('projects as p', 'p.id', 'e.project_id')
    .selectAll('e')
    .select(['c.name as client_name', 'p.title as project_title'])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc');

type Row = Awaited<ReturnType<ReturnType<typeof estimates>['executeTakeFirstOrThrow']>>;

const orNull = (v: Date | string | null) => (v === null ? null : instant(v));

/** An estimate as the API answers it; `staff` false leaves the pricing out (a client reads only their quote). */
function toDto(r: Row, staff: boolean): TEstimate {
  const calculated = Number(r.calculated_total_cents);
  const adjusted = r.adjusted_total_cents === null ? null : Number(r.adjusted_total_cents);
  const total = adjusted ?? calculated;
  return {
    id: r.id,
    quoteNumber: r.quote_number,
    title: r.title,
    jobName: r.job_name,
    clientId: r.client_id,
    clientName: r.client_name,
    projectId: r.project_id,
    projectTitle: r.project_title,
    propertyType: r.property_type,
    location: r.location,
    cameraType: r.camera_type,
    cameraCount: r.camera_count,
    wireLength: r.wire_length,
    starlinkInstall: r.starlink_install,
    laborHours: r.labor_hours,
    customLaborHours: r.custom_labor_hours,
    additionalServices: r.additional_services,
    selectedServices: r.selected_services,
    specialRequirements: r.special_requirements,
    description: r.description,
    timeline: r.timeline,
    recommendations: r.recommendations,
    breakdown: r.breakdown,
    multiplier: r.multiplier,
    calculatedTotalCents: calculated,
    totalCents: total,
    totalCost: fromCents(total),
    adjusted: adjusted !== null,
    kind: r.kind,
    pricing: staff ? r.pricing : null,
    pricingSavedAt: orNull(r.pricing_saved_at),
    status: r.status as TEstimate['status'],
    sentAt: orNull(r.sent_at),
    validUntil: instant(r.valid_until),
    acceptedAt: orNull(r.accepted_at),
    signerName: r.signer_name,
    declinedAt: orNull(r.declined_at),
    declineReason: r.decline_reason,
    createdAt: instant(r.created_at),
    updatedAt: instant(r.updated_at),
    version: r.version,
  };
}

/** What a client may read: their own estimates once sent (drafts stay with staff). */
const SHOWN_TO_CLIENTS = ['sent', 'accepted', 'declined'];

/** Staff: every estimate, newest first. A client: their own that were sent to them, without the pricing. */
export async function estimatesOf(deps: Deps, person: Person): Promise<TEstimate[]> {
  if (person.role === 'admin') return (await estimates(deps).execute()).map((r) => toDto(r, true));
  if (person.clientId === null) return [];
  const rows = await estimates(deps)
    .where('e.client_id', '=', person.clientId)
    .where('e.status', 'in', SHOWN_TO_CLIENTS)
    .execute();
  return rows.map((r) => toDto(r, false));
}

/** One estimate as the person may read it (as GET /api/estimates/{id}); anyone else's or a draft: null. */
export async function visibleEstimate(deps: Deps, person: Person, id: number): Promise<TEstimate | null> {
  const row = await estimates(deps).where('e.id', '=', id).executeTakeFirst();
  if (!row) return null;
  if (person.role === 'admin') return toDto(row, true);
  const own = person.clientId !== null && row.client_id === person.clientId;
  return own && SHOWN_TO_CLIENTS.includes(row.status) ? toDto(row, false) : null;
}

/**
 * The estimate `id` as the signed-in `user` may read it, with the visibility rules of GET /api/estimates/{id}
 * (staff any estimate; a client their own once sent, without the pricing), or null. For other routes that
 * answer an estimate's content (the quote's PDF and CSV).
 */
export async function estimateFor(
  deps: Deps,
  user: Pick<SignedInUser, 'id' | 'role'>,
  id: number,
): Promise<TEstimate | null> {
  return visibleEstimate(deps, await personOf(deps, user), id);
}

/** Staff's read of one estimate (the answer to their commands). */
export async function estimateById(deps: Deps, id: number): Promise<TEstimate | null> {
  const row = await estimates(deps).where('e.id', '=', id).executeTakeFirst();
  return row ? toDto(row, true) : null;
}

const PAGE_LIST = 'estimates';
const ZDateCursor = z.tuple([ZCursorInstant, z.number().int()]);
const ZCostCursor = z.tuple([z.number().int(), z.number().int()]);
const ZTitleCursor = z.tuple([z.string(), z.number().int()]);

/**
 * A page of All Estimates (issue 23): newest first (`sort=date`, the default), highest total first (`cost`) or
 * by title A-Z (`title`), then id. Every word of `q` is found in the quote number, title, job name, location,
 * the client's name or the project's title. A client's pages hold only their own quotes once sent, without the
 * pricing, whatever the query names. The total is read from the kept counters when at most one filter applies,
 * counted over the matching rows when a search, several filters or a client's own list do.
 */
export async function pageEstimates(
  deps: Deps,
  person: Person,
  query: TEstimatesQuery,
): Promise<TEstimatesPage> {
  const staff = person.role === 'admin';
  if (!staff && person.clientId === null) return { items: [], nextCursor: null, total: 0 };
  const limit = pageLimit(query.limit);
  const clientId = staff ? query.clientId : (person.clientId ?? undefined);
  const patterns = searchPatterns(query.q);
  let matching = deps.rm.selectFrom('estimates as e');
  if (!staff) matching = matching.where('e.status', 'in', SHOWN_TO_CLIENTS);
  if (clientId !== undefined) matching = matching.where('e.client_id', '=', clientId);
  if (query.status) matching = matching.where('e.status', '=', query.status);
  if (query.includes === 'starlink') matching = matching.where('e.starlink_install', '=', true);
  if (query.includes === 'cameras')
    matching = matching.where(sql<boolean>`${sql.raw(estimateHasCameras('e.'))}`);
  for (const pattern of patterns)
    matching = matching.where((eb) =>
      eb.or([
        ilike(sql.raw(estimateSearchText('e.')), pattern),
        amongIds(
          'e.client_id',
          eb
            .selectFrom('clients as c2')
            .select('c2.id')
            .where(ilike(sql.raw(clientSearchText('c2.')), pattern)),
        ),
        amongIds(
          'e.project_id',
          eb
            .selectFrom('projects as p2')
            .select('p2.id')
            .where(ilike(sql.raw(projectSearchText('p2.')), pattern)),
        ),
      ]),
    );
  const sort = query.sort ?? 'date';
  const list = `${PAGE_LIST}-${sort}`;
  const total = sql<number>`${sql.raw(estimateTotalCents('e.'))}`;
  let page = matching
    .leftJoin('clients as c', 'c.id', 'e.client_id')
    .leftJoin('projects as p', 'p.id', 'e.project_id')
    .selectAll('e')
    .select([
      'c.name as client_name',
      'p.title as project_title',
      sql<string>`e.created_at::text`.as('cursor_at'),
      sql<string>`lower(e.title)`.as('sort_title'),
    ])
    .limit(limit + 1);
  if (sort === 'date') page = page.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc');
  if (sort === 'cost') page = page.orderBy(total, 'desc').orderBy('e.id', 'desc');
  if (sort === 'title') page = page.orderBy(sql`lower(e.title)`, 'asc').orderBy('e.id', 'asc');
  if (query.cursor) {
    if (sort === 'date') {
      const [at, id] = decodeCursor(list, query.cursor, ZDateCursor);
      page = page.where(sql<boolean>`(e.created_at, e.id) < (${at}::timestamptz, ${id})`);
    } else if (sort === 'cost') {
      const [cents, id] = decodeCursor(list, query.cursor, ZCostCursor);
      page = page.where(sql<boolean>`(${total}, e.id) < (${cents}::bigint, ${id})`);
    } else {
      const [title, id] = decodeCursor(list, query.cursor, ZTitleCursor);
      page = page.where(sql<boolean>`(lower(e.title), e.id) > (${title}, ${id})`);
    }
  }
  const keys = [
    clientId !== undefined && `client:${clientId}`,
    query.status && `status:${query.status}`,
    query.includes && `includes:${query.includes}`,
  ].filter((k): k is string => !!k);
  const counted =
    staff && patterns.length === 0 && keys.length <= 1
      ? keptCount(deps.rm, countsTable('estimates'), keys.length === 0 ? [''] : keys)
      : countUpTo(deps.rm, matching);
  const [rows, n] = await Promise.all([page.execute(), counted]);
  return pageOf(rows, {
    limit,
    total: n,
    list,
    keyOf: (r) =>
      sort === 'date'
        ? [r.cursor_at, r.id]
        : sort === 'cost'
          ? [Number(r.adjusted_total_cents ?? r.calculated_total_cents), r.id]
          : [r.sort_title, r.id],
    toItem: (r) => toDto(r, staff),
  });
}
