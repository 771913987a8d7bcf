import {
  ROLES,
  STAFF_ROLES,
  type TRole,
  type TUser,
  type TUsersPage,
  type TUsersQuery,
} from '@app/contracts/api/users';
import { countsTable } from '@app/projections/runtime/document-projection';
import { userSearchText, userSortKey } from '@app/projections/users/projection';
import type { UsersTable } from '@app/projections/users/table';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';
import {
  countUpTo,
  decodeCursor,
  ilike,
  keptCount,
  pageLimit,
  pageOf,
  searchPatterns,
} from '../platform/paging.ts';

export type UserRow = Pick<UsersTable, 'id' | 'email' | 'first_name' | 'last_name' | 'role' | 'created_at'>;

const columns = ['id', 'email', 'first_name', 'last_name', 'role', 'created_at'] as const;

export const toUserDto = (r: UserRow): TUser => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role as TRole,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function userById(deps: Pick<AppDeps, 'rm'>, id: number) {
  const row = await deps.rm.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, role: row.role as TRole } : null;
}

export async function listUsers(deps: Pick<AppDeps, 'rm'>, role?: TRole) {
  let q = deps.rm
    .selectFrom('users')
    .select(columns)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id');
  if (role) q = q.where('role', '=', role);
  return (await q.execute()).map(toUserDto);
}

const PAGE_LIST = 'users';
const ZUsersCursor = z.tuple([z.string(), z.string(), z.number().int()]);

/** The roles a page's `kind` and `role` leave (none when they disagree: a client role among staff). */
function rolesOf(query: TUsersQuery): readonly TRole[] {
  const ofKind: readonly TRole[] =
    query.kind === 'staff' ? STAFF_ROLES : query.kind === 'client' ? ['client'] : ROLES;
  return query.role ? ofKind.filter((r) => r === query.role) : ofKind;
}

/**
 * A page of the Users view (issue 23), by last then first name whatever their case, then id: `kind` keeps
 * staff (every role but client) or clients, `role` one role, and every word of `q` is found in the name or
 * e-mail. The total is the sum of the kept counters of the roles shown unless searching.
 */
export async function pageUsers(deps: Pick<AppDeps, 'rm'>, query: TUsersQuery): Promise<TUsersPage> {
  const limit = pageLimit(query.limit);
  const roles = rolesOf(query);
  const patterns = searchPatterns(query.q);
  if (roles.length === 0) return { items: [], nextCursor: null, total: 0 };
  const [last, first, id] = userSortKey('u.').map((k) => sql.raw(k));
  let matching = deps.rm.selectFrom('users as u');
  if (roles.length < ROLES.length) matching = matching.where('u.role', 'in', [...roles]);
  for (const pattern of patterns) matching = matching.where(ilike(sql.raw(userSearchText('u.')), pattern));
  let page = matching
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.role',
      'u.created_at',
      sql<string>`lower(u.last_name)`.as('sort_last'),
      sql<string>`lower(u.first_name)`.as('sort_first'),
    ])
    .orderBy(sql`${last}`)
    .orderBy(sql`${first}`)
    .orderBy(sql`${id}`)
    .limit(limit + 1);
  if (query.cursor) {
    const [lastName, firstName, userId] = decodeCursor(PAGE_LIST, query.cursor, ZUsersCursor);
    page = page.where(sql<boolean>`(${last}, ${first}, ${id}) > (${lastName}, ${firstName}, ${userId})`);
  }
  const counted =
    patterns.length === 0
      ? keptCount(
          deps.rm,
          countsTable('users'),
          roles.length === ROLES.length ? [''] : roles.map((r) => `role:${r}`),
        )
      : countUpTo(deps.rm, matching);
  const [rows, total] = await Promise.all([page.execute(), counted]);
  return pageOf(rows, {
    limit,
    total,
    list: PAGE_LIST,
    keyOf: (r) => [r.sort_last, r.sort_first, r.id],
    toItem: toUserDto,
  });
}
