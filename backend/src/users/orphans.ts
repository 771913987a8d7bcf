import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';
import { userStream } from './decide.ts';

/** Credentials younger than this may belong to an account whose change is still being appended. */
const GRACE_MINUTES = 5;

/**
 * Only needed on EventStoreDB, where a new account's credentials are reserved just before its events (see
 * `prepareAccount`; on Postgres they are written in the append's transaction, so none is ever left behind).
 * A process that died in between leaves credentials with no account, holding the e-mail. Those older than the
 * grace period whose user stream is empty are removed. The users view only narrows the search; the stream
 * decides.
 */
export async function sweepOrphanLogins(deps: Pick<AppDeps, 'db' | 'store'>): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    SELECT c.user_id FROM credentials c
    WHERE c.updated_at < now() - make_interval(mins => ${GRACE_MINUTES})
      AND NOT EXISTS (SELECT 1 FROM rm.users u WHERE u.id = c.user_id)`.execute(deps.db);
  const removed: number[] = [];
  for (const { user_id } of rows) {
    if ((await deps.store.readStream(userStream(user_id))).length > 0) continue;
    await sql`DELETE FROM credentials WHERE user_id = ${user_id}
      AND updated_at < now() - make_interval(mins => ${GRACE_MINUTES})`.execute(deps.db);
    await sql`DELETE FROM outgoing_secrets WHERE user_id = ${user_id}`.execute(deps.db);
    removed.push(user_id);
  }
  return removed;
}
