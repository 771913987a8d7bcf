import type { StoredEvent } from '@app/contracts/events/envelope';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { CommandDeps, CommandOutcome } from './command.ts';
import { invalid } from './errors.ts';
import { type IdSequence, nextId } from './ids.ts';

const HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's Idempotency-Key, null without one; a malformed one is refused (400). */
export function idempotencyKey(request: Pick<FastifyRequest, 'headers'>): string | null {
  const value = request.headers[HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw invalid('Idempotency-Key must be 8 to 100 letters, digits, "-" or "_".', 'bad_idempotency_key');
  }
  return value;
}

/**
 * The id of the record a create request makes. With an Idempotency-Key, the id that key got the first time:
 * a client that retries after a lost answer (a dropped connection, a restarted server) names the same record
 * again and makes no second one. Keys are kept per sequence and caller.
 */
async function recordId(
  db: Kysely<unknown>,
  sequence: IdSequence,
  key: string | null,
  caller: number | null,
): Promise<number> {
  if (key === null) return nextId(db, sequence);
  const scope = `${sequence}:${caller ?? 'anonymous'}`;
  const { rows } = await sql<{ id: number }>`
    WITH made AS (
      INSERT INTO idempotency_keys (scope, key, record_id)
      VALUES (${scope}, ${key}, nextval(${sequence}::regclass))
      ON CONFLICT (scope, key) DO NOTHING RETURNING record_id
    )
    SELECT record_id AS id FROM made
    UNION ALL SELECT record_id FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}
    LIMIT 1`.execute(db);
  return rows[0]!.id;
}

/**
 * Runs a create command once per record: `create(id)` appends to `stream(id)`. A retry (same key) whose
 * first attempt was stored answers as the first did, once the read models show it, and changes nothing.
 */
export async function createOnce<T extends { outcome: CommandOutcome }>(
  deps: CommandDeps & { db: Kysely<unknown> },
  request: FastifyRequest,
  options: {
    sequence: IdSequence;
    stream: (id: number) => string;
    /**
     * Makes the record `id`. `idFor` gives the id of another record the same request makes (a client's
     * sign-in account): with a key, the same one on every retry, so a retry meets what its own earlier
     * attempt left and takes it over, where a stranger's would be refused.
     */
    create: (id: number, idFor: (sequence: IdSequence) => Promise<number>) => Promise<T>;
    /** What a repeated request answers in place of `create`'s result. */
    repeated: (id: number, outcome: CommandOutcome) => T;
    /**
     * For records that share a stream (a conversation's messages): the event that made record `id` in
     * `stream(id)`, if any. Without it, any event in `stream(id)` means the record was made.
     */
    madeBy?: (id: number, stored: StoredEvent[]) => StoredEvent | undefined;
  },
): Promise<T & { id: number }> {
  const key = idempotencyKey(request);
  const id = await recordId(deps.db, options.sequence, key, request.user?.id ?? null);
  if (key !== null) {
    const stored = await deps.store.readStream(options.stream(id));
    const last = options.madeBy ? options.madeBy(id, stored) : stored.at(-1);
    if (last) {
      const visible = await deps.waitForProjections({
        nextExpectedRevision: last.revision,
        lastPosition: last.position,
      });
      return { ...options.repeated(id, { result: null, events: [], visible }), id };
    }
  }
  const idFor = (sequence: IdSequence) => recordId(deps.db, sequence, key, request.user?.id ?? null);
  return { ...(await options.create(id, idFor)), id };
}
