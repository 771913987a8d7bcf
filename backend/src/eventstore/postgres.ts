import { randomUUID } from 'node:crypto';
import { type NewEvent, type Position, START, type StoredEvent } from '@app/contracts/events/envelope';
import pg from 'pg';
import { pollingSubscription } from './polling-subscription.ts';
import {
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type ExpectedRevision,
  type RecordWrite,
  type StreamWrite,
} from './port.ts';

/**
 * The embedded event store: an append-only table in Postgres.
 *
 * Global order is (transaction_id, global_position), and readers only see rows whose transaction is older
 * than every transaction still running (pg_snapshot_xmin). A plain identity column alone would let a reader
 * skip an event whose transaction took a lower number but committed later.
 */
export const eventStoreSchemaSql = `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL UNIQUE,
  stream_name text NOT NULL,
  stream_revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_name, stream_revision)
);
CREATE INDEX IF NOT EXISTS es_events_global_order ON es_events (transaction_id, global_position);
`;

/** The SQLSTATE of an append whose stream is not at the expected revision (it fails its transaction). */
const WRONG_REVISION = 'ES409';

/**
 * Raises when called: an append calls it when its compare-and-set matched no stream row, so a conflict fails
 * the statement, and with it a transaction whose statements were all sent at once.
 */
export const eventStoreFunctionsSql = `
CREATE OR REPLACE FUNCTION es_wrong_expected_revision(stream text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stream % is not at the expected revision', stream USING ERRCODE = '${WRONG_REVISION}';
END $$;
`;

const CHANNEL = 'es_appended';

const streamStatement: Record<'no_stream' | 'any' | 'revision', string> = {
  no_stream: `INSERT INTO es_streams (stream_name, revision) VALUES ($1, $2::bigint - 1)
               ON CONFLICT DO NOTHING RETURNING revision`,
  any: `INSERT INTO es_streams (stream_name, revision) VALUES ($1, $2::bigint - 1)
        ON CONFLICT (stream_name) DO UPDATE SET revision = es_streams.revision + $2::bigint RETURNING revision`,
  revision: `UPDATE es_streams SET revision = revision + $2::bigint
             WHERE stream_name = $1 AND revision = $7::bigint RETURNING revision`,
};

// One statement: bump or create the stream row (compare-and-set) and insert every event, or raise.
const appendSqlFor = (streamSql: string) => `
WITH s AS (${streamSql}),
ins AS (
  INSERT INTO es_events (event_id, stream_name, stream_revision, type, data, metadata)
  SELECT e.id, $1, s.revision - $2::bigint + e.ord, e.type, e.data, e.metadata
  FROM s, unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)
  RETURNING global_position, transaction_id, stream_revision
),
last AS (
  SELECT global_position::text AS position, transaction_id::text AS txid, stream_revision::text AS revision
  FROM ins ORDER BY stream_revision DESC LIMIT 1
)
SELECT position, txid, revision FROM last
UNION ALL
SELECT NULL, NULL, es_wrong_expected_revision($1) WHERE NOT EXISTS (SELECT 1 FROM s)`;
const appendSql = {
  no_stream: appendSqlFor(streamStatement.no_stream),
  any: appendSqlFor(streamStatement.any),
  revision: appendSqlFor(streamStatement.revision),
};

/** One stream's append: its compare-and-set and every event, as a named statement (planned once a connection). */
function appendStatement({ stream, events, expectedRevision: expected }: StreamWrite): pg.QueryConfig {
  if (events.length === 0) throw new Error('append needs at least one event');
  const kind = typeof expected === 'bigint' ? 'revision' : expected;
  const values: unknown[] = [
    stream,
    events.length,
    events.map((e) => e.id),
    events.map((e) => e.type),
    events.map((e) => JSON.stringify(e.data)),
    events.map((e) => JSON.stringify(e.metadata)),
  ];
  if (typeof expected === 'bigint') values.push(expected.toString());
  return { name: `es_append_${kind}`, text: appendSql[kind], values };
}

const selectColumns = `event_id, stream_name, stream_revision::text AS revision, global_position::text AS position,
  transaction_id::text AS txid, type, data, metadata`;

interface EventRow {
  event_id: string;
  stream_name: string;
  revision: string;
  position: string;
  txid: string;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
}

const toStored = (r: EventRow): StoredEvent => ({
  id: r.event_id,
  streamName: r.stream_name,
  revision: BigInt(r.revision),
  position: { commit: BigInt(r.txid), prepare: BigInt(r.position) },
  type: r.type,
  data: r.data,
  metadata: r.metadata,
});

/** Runs `work` on one pooled connection inside a transaction: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The rows that change with a change's events (`appendMany`'s `records`), on a connection in a transaction. */
export async function writeRecordsOn(client: pg.PoolClient, records: readonly RecordWrite[]) {
  for (const record of records) await client.query(record.sql, [...record.parameters]);
}

/** The statement of `inOneRoundTrip` that failed first (its index), and why. */
export class StatementFailed extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'StatementFailed';
  }
}

/**
 * Runs `statements` as one transaction in one round trip: BEGIN, the statements and COMMIT are written at once
 * on a pipelining connection (node-postgres `pipeline`, as `createPool` opens them). The first statement to
 * fail aborts the transaction, so the ones after it fail too and Postgres answers the COMMIT by rolling back;
 * that failure is thrown as `StatementFailed`. Answers every statement's result once committed.
 */
export async function inOneRoundTrip(
  pool: pg.Pool,
  statements: readonly pg.QueryConfig[],
): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Corked, the messages leave in one write, which wakes Postgres once.
    const socket = client.connection.stream;
    socket.cork();
    const sent = [client.query('BEGIN'), ...statements.map((s) => client.query(s)), client.query('COMMIT')];
    socket.uncork();
    const settled = await Promise.allSettled(sent);
    const failed = settled.findIndex((r) => r.status === 'rejected');
    if (failed === -1)
      return settled.slice(1, -1).map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value);
    // A COMMIT that never arrived (a lost connection) leaves nothing open on a connection that goes back.
    await client.query('ROLLBACK').catch((err: Error) => {
      broken = err;
    });
    const reason = (settled[failed] as PromiseRejectedResult).reason;
    if (failed === 0 || failed === settled.length - 1) throw reason;
    throw new StatementFailed(failed - 1, reason);
  } finally {
    client.release(broken);
  }
}

const isWrongRevision = (err: unknown) => (err as { code?: string } | null)?.code === WRONG_REVISION;

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listener: pg.Client | null = null;
  private listenerReady: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private notifyPending = false;
  private notifying = false;
  /** Signs this store's NOTIFYs: its own readers were woken in-process already and skip them. */
  private readonly origin = randomUUID();

  constructor(private readonly pool: pg.Pool) {}

  static async migrate(pool: pg.Pool): Promise<void> {
    await pool.query(eventStoreSchemaSql);
    await pool.query(eventStoreFunctionsSql);
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return (await this.appendMany([{ stream, events, expectedRevision: expected }]))[0]!;
  }

  /** Every write and record in one statement, or one transaction sent in one round trip. */
  async appendMany(writes: StreamWrite[], records: readonly RecordWrite[] = []): Promise<AppendResult[]> {
    const statements = [
      ...writes.map(appendStatement),
      ...records.map((r) => ({ text: r.sql, values: [...r.parameters] })),
    ];
    let results: pg.QueryResult[];
    try {
      results =
        statements.length === 1
          ? [await this.pool.query(statements[0]!)]
          : await inOneRoundTrip(this.pool, statements);
    } catch (err) {
      const failed = err instanceof StatementFailed ? err.index : 0;
      if (isWrongRevision(err instanceof StatementFailed ? err.cause : err) && writes[failed]) {
        const { stream, expectedRevision } = writes[failed];
        throw new ConcurrencyError(stream, expectedRevision, await this.currentRevision(stream));
      }
      throw err instanceof StatementFailed ? err.cause : err;
    }
    this.hintAppended();
    return writes.map((_, i) => {
      const last = results[i]!.rows[0] as { position: string; txid: string; revision: string };
      return {
        nextExpectedRevision: BigInt(last.revision),
        lastPosition: { commit: BigInt(last.txid), prepare: BigInt(last.position) },
      };
    });
  }

  /**
   * Wakes readers: at once in this process, and through a NOTIFY for other processes, of which one at a time
   * is in flight: appends made meanwhile are told by the next, so a busy process sends one per round trip.
   * A NOTIFY inside every append would serialise all commits on Postgres' notification queue lock.
   */
  private hintAppended() {
    for (const l of this.listeners) l();
    this.notifyPending = true;
    if (this.notifying) return;
    this.notifying = true;
    setImmediate(() => void this.notifyOthers());
  }

  private async notifyOthers() {
    while (this.notifyPending) {
      this.notifyPending = false;
      await this.pool.query(`NOTIFY ${CHANNEL}, '${this.origin}'`).catch(() => undefined);
    }
    this.notifying = false;
  }

  private async currentRevision(stream: string): Promise<bigint | 'no_stream'> {
    const { rows } = await this.pool.query<{ revision: string }>(
      'SELECT revision::text FROM es_streams WHERE stream_name = $1',
      [stream],
    );
    return rows[0] ? BigInt(rows[0].revision) : 'no_stream';
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${selectColumns} FROM es_events WHERE stream_name = $1 ORDER BY stream_revision`,
      [stream],
    );
    return rows.map(toStored);
  }

  async readLast(stream: string): Promise<StoredEvent | null> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${selectColumns} FROM es_events WHERE stream_name = $1 ORDER BY stream_revision DESC LIMIT 1`,
      [stream],
    );
    return rows[0] ? toStored(rows[0]) : null;
  }

  async readAll(after: Position, limit: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${selectColumns} FROM es_events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      [after.commit.toString(), after.prepare.toString(), limit],
    );
    return rows.map(toStored);
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ txid: string; position: string }>(
      `SELECT transaction_id::text AS txid, global_position::text AS position FROM es_events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const r = rows[0];
    return r ? { commit: BigInt(r.txid), prepare: BigInt(r.position) } : START;
  }

  subscribeAll(...args: Parameters<EventStore['subscribeAll']>) {
    const [after, handler, options] = args;
    return pollingSubscription(this, after, handler, options);
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    void this.ensureListener();
    return () => this.listeners.delete(listener);
  }

  private ensureListener(): Promise<void> {
    this.listenerReady ??= (async () => {
      const client = new pg.Client(this.pool.options);
      client.on('notification', (msg) => {
        if (msg.payload === this.origin) return;
        for (const l of this.listeners) l();
      });
      client.on('error', () => {
        // A lost LISTEN connection only costs wake-ups: subscriptions also poll. Reconnect on next use.
        this.listener = null;
        this.listenerReady = null;
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    })().catch(() => {
      this.listenerReady = null;
    });
    return this.listenerReady;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM es_events LIMIT 1');
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.listenerReady;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }
}
