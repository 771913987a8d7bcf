import type { TClient, TClientListItem, TClientsPage, TClientsQuery } from '@app/contracts/api/clients';
import { PROJECT_TYPE_LABELS, PROJECT_TYPES, type TProjectType } from '@app/contracts/api/projects';
import { clientSearchText } from '@app/projections/clients/projection';
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
} from '../platform/paging.ts';
import type { ProjectionWatcher } from '../platform/projection-watcher.ts';
import { instant } from '../platform/read-values.ts';
import { ViewMemo } from '../platform/view-memo.ts';

type Deps = Pick<AppDeps, 'rm'>;

/** A deleted sign-in account leaves the client in place, no longer linked. */
const clients = (deps: Deps) =>
  deps.rm
    .selectFrom('clients as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      sql<number | null>`u.id`.as('user_id'),
      'c.name',
      'c.email',
      'c.phone',
      'c.address',
      'c.created_at',
      'c.version',
    ]);

type Row = {
  id: number;
  user_id: number | null;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  created_at: Date | string;
  version: number;
};

const toDto = (r: Row): TClient => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  address: r.address,
  createdAt: instant(r.created_at),
  version: r.version,
});

export async function listClients(deps: Deps): Promise<TClient[]> {
  const rows = await clients(deps).orderBy(sql`lower(c.name)`).orderBy('c.id').execute();
  return rows.map(toDto);
}

export async function clientById(deps: Deps, id: number): Promise<TClient | undefined> {
  const row = await clients(deps).where('c.id', '=', id).executeTakeFirst();
  return row ? toDto(row) : undefined;
}

/** The client record a signed-in account belongs to (the portal's ownership rule), or null. */
export async function clientIdForUser(
  deps: Deps & Partial<Pick<AppDeps, 'watcher'>>,
  userId: number,
): Promise<number | null> {
  const read = async () => {
    const row = await deps.rm
      .selectFrom('clients')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id ?? null;
  };
  return deps.watcher ? clientOfUserMemo(deps.watcher).get(userId, read) : read();
}

// Every portal read asks whose client record the caller's account is: remembered until the clients view changes.
const clientOfUserMemos = new WeakMap<ProjectionWatcher, ViewMemo<number, number | null>>();
function clientOfUserMemo(watcher: ProjectionWatcher) {
  let memo = clientOfUserMemos.get(watcher);
  if (!memo) {
    memo = new ViewMemo(() => watcher.changeMarkOf('clients'));
    clientOfUserMemos.set(watcher, memo);
  }
  return memo;
}

const PAGE_LIST = 'clients';
const ZClientsCursor = z.tuple([z.string(), z.number().int()]);

/** The project types a searched word names: by value, with spaces, or by label ("camera", "starlink"). */
const typesNamedBy = (word: string): TProjectType[] => {
  const wanted = word.toLowerCase();
  return PROJECT_TYPES.filter((type) =>
    [type, type.replace(/_/g, ' '), PROJECT_TYPE_LABELS[type]].some((name) =>
      name.toLowerCase().includes(wanted),
    ),
  );
};

/** A word typed like a phone number ("907555", "(907)555-01"): its digits, compared with the phone's digits. */
const phoneDigits = (word: string) => {
  const digits = word.replace(/\D/g, '');
  return /^[\d()+.-]+$/.test(word) && digits.length >= 3 ? digits : null;
};

/**
 * A page of the Clients view (issue 23), by name whatever its case (A-Z, or Z-A with `sort=-name`), then id.
 * Every word of `q` is found in the name, e-mail, phone or address (a phone-like word digit by digit), or names
 * the type of one of the client's projects. The total is the kept counter unless searching; each row's project count is the projects' kept
 * counter of that client.
 */
export async function pageClients(deps: Deps, query: TClientsQuery): Promise<TClientsPage> {
  const limit = pageLimit(query.limit);
  const descending = query.sort === '-name';
  const list = descending ? `${PAGE_LIST}-desc` : PAGE_LIST;
  const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const patterns = searchPatterns(query.q);
  let matching = deps.rm.selectFrom('clients as c');
  patterns.forEach((pattern, i) => {
    const types = typesNamedBy(words[i]!);
    const digits = phoneDigits(words[i]!);
    matching = matching.where((eb) =>
      eb.or([
        ilike(sql.raw(clientSearchText('c.')), pattern),
        ...(types.length === 0
          ? []
          : [
              eb(
                'c.id',
                'in',
                eb.selectFrom('projects as p').select('p.client_id').where('p.type', 'in', types),
              ),
            ]),
        ...(digits === null
          ? []
          : [sql<boolean>`regexp_replace(coalesce(c.phone, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`]),
      ]),
    );
  });
  const direction = descending ? 'desc' : 'asc';
  let page = matching
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      sql<number | null>`u.id`.as('user_id'),
      'c.name',
      'c.email',
      'c.phone',
      'c.address',
      'c.created_at',
      'c.version',
      sql<string>`lower(c.name)`.as('sort_name'),
    ])
    .orderBy(sql`lower(c.name)`, direction)
    .orderBy('c.id', direction)
    .limit(limit + 1);
  if (query.cursor) {
    const [name, id] = decodeCursor(list, query.cursor, ZClientsCursor);
    page = page.where(
      descending
        ? sql<boolean>`(lower(c.name), c.id) < (${name}, ${id})`
        : sql<boolean>`(lower(c.name), c.id) > (${name}, ${id})`,
    );
  }
  const counted =
    patterns.length === 0 ? keptCount(deps.rm, countsTable('clients'), ['']) : countUpTo(deps.rm, matching);
  const [rows, total] = await Promise.all([page.execute(), counted]);
  const shown = rows.slice(0, limit).map((r) => `client:${r.id}`);
  const projectCounts: Record<string, number> =
    shown.length === 0 ? {} : await keptCounts(deps.rm, countsTable('projects'), shown);
  return pageOf(rows, {
    limit,
    total,
    list,
    keyOf: (r) => [r.sort_name, r.id],
    toItem: (r): TClientListItem => ({ ...toDto(r), projectCount: projectCounts[`client:${r.id}`] ?? 0 }),
  });
}
