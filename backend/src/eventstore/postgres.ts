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

const CHANNEL = 'es_appended';

const streamStatement: Record<'no_stream' | 'any' | 'revision', string> = {
  no_stream: `INSERT INTO es_streams (stream_name, revision) VALUES ($1, $2::bigint - 1)
               ON CONFLICT DO NOTHING RETURNING revision`,
  any: `INSERT INTO es_streams (stream_name, revision) VALUES ($1, $2::bigint - 1)
        ON CONFLICT (stream_name) DO UPDATE SET revision = es_streams.revision + $2::bigint RETURNING revision`,
  revision: `UPDATE es_streams SET revision = revision + $2::bigint
             WHERE stream_name = $1 AND revision = $7::bigint RETURNING revision`,
};

// One round trip: bump or create the stream row (compare-and-set) and insert every event.
const appendSqlFor = (streamSql: string) => `
WITH s AS (${streamSql}),
ins AS (
  INSERT INTO es_events (event_id, stream_name, stream_revision, type, data, metadata)
  SELECT e.id, $1, s.revision - $2::bigint + e.ord, e.type, e.data, e.metadata
  FROM s, unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)
  RETURNING global_position, transaction_id, stream_revision
)
SELECT global_position::text AS position, transaction_id::text AS txid, stream_revision::text AS revision
FROM ins ORDER BY stream_revision DESC LIMIT 1`;
const appendSql = {
  no_stream: appendSqlFor(streamStatement.no_stream),
  any: appendSqlFor(streamStatement.any),
  revision: appendSqlFor(streamStatement.revision),
};

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

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listener: pg.Client | null = null;
  private listenerReady: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private notifyPending = false;
  /** Signs this store's NOTIFYs: its own readers were woken in-process already and skip them. */
  private readonly origin = randomUUID();

  constructor(private readonly pool: pg.Pool) {}

  static async migrate(pool: pg.Pool): Promise<void> {
    await pool.query(eventStoreSchemaSql);
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = await this.appendOn(this.pool, { stream, events, expectedRevision: expected });
    this.hintAppended();
    return result;
  }

  async appendMany(writes: StreamWrite[], records: readonly RecordWrite[] = []): Promise<AppendResult[]> {
    if (writes.length === 1 && records.length === 0)
      return [await this.append(writes[0]!.stream, writes[0]!.events, writes[0]!.expectedRevision)];
    const results = await inTransaction(this.pool, async (client) => {
      const appended: AppendResult[] = [];
      for (const write of writes) appended.push(await this.appendOn(client, write));
      await writeRecordsOn(client, records);
      return appended;
    });
    this.hintAppended();
    return results;
  }

  /** One round trip: the stream's compare-and-set and every event, on the pool or inside a transaction. */
  private async appendOn(db: pg.Pool | pg.PoolClient, write: StreamWrite): Promise<AppendResult> {
    const { stream, events, expectedRevision: expected } = write;
    if (events.length === 0) throw new Error('append needs at least one event');
    const kind = typeof expected === 'bigint' ? 'revision' : expected;
    const params: unknown[] = [
      stream,
      events.length,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
    ];
    if (typeof expected === 'bigint') params.push(expected.toString());
    // Named statements are parsed and planned once per connection.
    const { rows } = await db.query<{ position: string; txid: string; revision: string }>({
      name: `es_append_${kind}`,
      text: appendSql[kind],
      values: params,
    });
    const last = rows[0];
    if (!last) throw new ConcurrencyError(stream, expected, await this.currentRevision(stream));
    return {
      nextExpectedRevision: BigInt(last.revision),
      lastPosition: { commit: BigInt(last.txid), prepare: BigInt(last.position) },
    };
  }

  /**
   * Wakes readers: at once in this process, and through one coalesced NOTIFY for other processes.
   * A NOTIFY inside every append would serialise all commits on Postgres' notification queue lock.
   */
  private hintAppended() {
    for (const l of this.listeners) l();
    if (this.notifyPending) return;
    this.notifyPending = true;
    setImmediate(() => {
      this.notifyPending = false;
      this.pool.query(`NOTIFY ${CHANNEL}, '${this.origin}'`).catch(() => undefined);
    });
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
