import { type Kysely, sql } from 'kysely';

/**
 * Work that starts from the clock rather than from an event (Google Calendar pulls, the Stripe reconciliation
 * sweep, recurring billing): a round at a fixed pace in each workers process, done by whichever process holds
 * a Postgres session advisory lock named for the work (the others skip that round). A timer rather than a
 * repeatable BullMQ job: the schedule then lives in no store that can lose it, and a round with nothing to do
 * is one query.
 */

/**
 * Runs `work` on one pooled connection while holding the session advisory lock `name` (per database), and
 * answers `{locked: false}` at once when another process holds it.
 */
export async function withRoundLock<T>(
  db: Kysely<unknown>,
  name: string,
  work: (conn: Kysely<unknown>) => Promise<T>,
): Promise<{ locked: false } | ({ locked: true } & T)> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ ok: boolean }>`
      SELECT pg_try_advisory_lock(hashtext(${name} || current_database())) AS ok`.execute(conn);
    if (!rows[0]?.ok) return { locked: false as const };
    try {
      return { locked: true as const, ...(await work(conn)) };
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${name} || current_database()))`
        .execute(conn)
        .catch(() => undefined);
    }
  });
}

/**
 * Runs `round` every `everyMs` (and once right away with `atStart`), never two at once in this process; a failed
 * round is logged and the next one tries again.
 */
export function startRounds(
  round: () => Promise<unknown>,
  options: { everyMs: number; atStart: boolean; what: string; log: { warn(o: object, m: string): void } },
) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = round()
      .catch((err) => options.log.warn({ err: String(err) }, `${options.what} failed`))
      .finally(() => {
        busy = false;
      });
  };
  const first = options.atStart ? setTimeout(run, 0) : null;
  first?.unref();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return {
    /** Runs a round now (tests), after the one under way. */
    async runNow() {
      await running;
      run();
      await running;
    },
    async stop() {
      if (first) clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
