import type { TRole, TUser } from '@app/contracts/api/users';
import type { UsersTable } from '@app/projections/users/table';
import type { AppDeps } from '../platform/deps.ts';

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
