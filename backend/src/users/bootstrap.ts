import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { systemActor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { createUser } from './commands.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export type BootstrapResult =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | null };

/**
 * First start with no users: create the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated
 * password that must be changed at first sign-in. An advisory lock keeps two starting processes from racing.
 */
export async function bootstrapAdmin(
  deps: Pick<AppDeps, 'config' | 'db' | 'rm' | 'store' | 'aggregates' | 'sessions' | 'waitForProjections'>,
) {
  return deps.db.connection().execute(async (conn): Promise<BootstrapResult> => {
    await sql`SELECT pg_advisory_lock(hashtext('bootstrap-admin'))`.execute(conn);
    try {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM credentials`.execute(conn);
      if ((rows[0]?.n ?? 0) > 0) return { created: false };
      const email = deps.config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
      const input = { email, firstName: 'Admin', lastName: '', role: 'admin' as const };
      const created = await createUser(deps, systemActor(randomUUID()), input, deps.config.ADMIN_PASSWORD);
      return {
        created: true,
        email,
        generatedPassword: deps.config.ADMIN_PASSWORD ? null : created.temporaryPassword,
      };
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('bootstrap-admin'))`.execute(conn);
    }
  });
}
