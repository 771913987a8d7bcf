import type { TClient } from '@app/contracts/api/clients';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';
import { instant } from '../platform/read-values.ts';

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
export async function clientIdForUser(deps: Deps, userId: number): Promise<number | null> {
  const row = await deps.rm
    .selectFrom('clients')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
