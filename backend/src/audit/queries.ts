import type { TAuditEntry, TAuditPage, TAuditQuery } from '@app/contracts/api/audit';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';
import { decodeCursor, ilike, pageLimit, pageOf, searchPatterns } from '../platform/paging.ts';
import { instant } from '../platform/read-values.ts';

type Deps = Pick<AppDeps, 'rm'>;

/** Where a record's trail is kept: each part one range of an index of `audit_log` (see the audit projection). */
type Part = { column: 'project_id'; value: number } | { column: 'stream'; value: string };

function partsOf(stream: string): Part[] {
  // A project's holds its documents' and invoices' events too, each row naming the project.
  const project = /^project-(\d+)$/.exec(stream);
  if (project) return [{ column: 'project_id', value: Number(project[1]) }];
  // An account's holds its bookkeeping too (sign-ins, mails), kept in a stream of its own.
  const account = /^user-(\d+)$/.exec(stream);
  if (account)
    return [
      { column: 'stream', value: stream },
      { column: 'stream', value: `user-activity-${account[1]}` },
    ];
  return [{ column: 'stream', value: stream }];
}

/** What a page asks of a trail's rows: one event type, every word of a search, older than a position. */
type Filter = { type?: string; patterns?: readonly string[]; before?: string };

/** One part's rows, with the actor's name. */
function partRows(deps: Deps, part: Part, filter: Filter) {
  let rows = deps.rm.selectFrom('audit_log as a').leftJoin('audit_actors as u', 'u.id', 'a.actor_id');
  rows =
    part.column === 'project_id'
      ? rows.where('a.project_id', '=', part.value)
      : rows.where('a.stream', '=', part.value);
  if (filter.type) rows = rows.where('a.type', '=', filter.type);
  for (const pattern of filter.patterns ?? [])
    rows = rows.where(ilike(sql`concat_ws(' ', a.type, u.name, a.document_title)`, pattern));
  if (filter.before) rows = rows.where(sql<boolean>`a.position < ${filter.before}::numeric`);
  return rows;
}

/**
 * A trail's rows newest first, at most `limit` of them (all without). Each part is read newest first through
 * its index up to the limit and the parts merged after: one `stream IN (…)` would sort an account's every
 * sign-in for each page.
 */
async function newestRows(deps: Deps, stream: string, filter: Filter, limit?: number) {
  const parts = partsOf(stream).map((part) => {
    const rows = partRows(deps, part, filter).selectAll('a').select('u.name').orderBy('a.position', 'desc');
    return limit === undefined ? rows : rows.limit(limit);
  });
  if (parts.length === 1) return parts[0]!.execute();
  const [first, ...rest] = parts.map((rows, i) => deps.rm.selectFrom(rows.as(`p${i}`)).selectAll());
  const merged = deps.rm
    .selectFrom(rest.reduce((union, rows) => union.unionAll(rows), first!).as('t'))
    .selectAll()
    .orderBy('t.position', 'desc');
  return (limit === undefined ? merged : merged.limit(limit)).execute();
}

type Row = Awaited<ReturnType<typeof newestRows>>[number];

const toDto = (r: Row): TAuditEntry => ({
  eventId: r.event_id,
  stream: r.stream,
  revision: Number(r.revision),
  type: r.type,
  occurredAt: instant(r.occurred_at),
  actorId: r.actor_id,
  actorRole: r.actor_role,
  actorName: r.name,
  clientIp: r.client_ip,
  changes: r.changes,
  documentTitle: r.document_title,
});

/** A record's whole trail (the spec's answer), newest first. */
export async function auditTrail(deps: Deps, stream: string): Promise<TAuditEntry[]> {
  return (await newestRows(deps, stream, {})).map(toDto);
}

const PAGE_LIST = 'audit';
/** An event's position in the whole log (commit << 64 | prepare), as the numeric column's digits. */
const ZAuditCursor = z.tuple([z.string().regex(/^\d{1,40}$/)]);

/**
 * A page of a record's trail, newest first (issue 23): every word of `q` in the event type, the actor's name
 * or the document's title, `type` one event type. The total counts the record's own rows, through the same
 * indexes as the page.
 */
export async function pageAudit(deps: Deps, query: TAuditQuery): Promise<TAuditPage> {
  const limit = pageLimit(query.limit);
  const filter = { type: query.type, patterns: searchPatterns(query.q) };
  const before = query.cursor && decodeCursor(PAGE_LIST, query.cursor, ZAuditCursor)[0];
  const [rows, counts] = await Promise.all([
    newestRows(deps, query.stream, { ...filter, before }, limit + 1),
    Promise.all(
      partsOf(query.stream).map((part) =>
        partRows(deps, part, filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ),
    ),
  ]);
  return pageOf(rows, {
    limit,
    total: counts.reduce((sum, c) => sum + Number(c.n), 0),
    list: PAGE_LIST,
    keyOf: (r) => [r.position],
    toItem: toDto,
  });
}
