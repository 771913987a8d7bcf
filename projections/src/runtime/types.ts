import type { Position, StoredEvent } from '@app/contracts/events/envelope';
import type { TSyncType } from '@app/contracts/ws';
import type { Kysely, Transaction } from 'kysely';

/** What the runner needs from the event store (the backend's EventStore port satisfies it). */
export interface EventSource {
  /** 'postgres' when the events are in the read models' own database (see `readersHeldBack`). */
  readonly kind?: string;
  readAll(after: Position, limit: number): Promise<StoredEvent[]>;
  /** A stream's events in order (to replay parked events). */
  readStream(stream: string): Promise<StoredEvent[]>;
  headPosition(): Promise<Position>;
  onAppended(listener: () => void): () => void;
  subscribeAll(
    after: Position,
    handler: (events: StoredEvent[]) => Promise<void>,
    options?: { batchSize?: number; onError?: (err: unknown) => void },
  ): { stop(): Promise<void> };
}

// biome-ignore lint/suspicious/noExplicitAny: a projector writes to its own tables in whichever schema it is pointed at
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see AnyDb
export type AnyTx = Transaction<any>;

/**
 * One pipelining database connection (node-postgres `pipeline`) for the live runner: `db` sends each query
 * as it comes, so concurrent ones go out together; `send` puts raw SQL behind everything sent so far, at once
 * (a BEGIN first, a COMMIT last). Released broken when its state is unknown.
 */
export interface PipelinedConnection {
  db: AnyDb;
  send(text: string, parameters?: readonly unknown[]): Promise<unknown>;
  release(broken?: Error): void;
}
export type OpenPipelined = () => Promise<PipelinedConnection>;

export interface ApplyContext {
  /** Kysely bound to the schema being written (live `rm` or a scratch schema during rebuild). */
  tx: AnyTx;
  schema: string;
  /** A `keyed` projection adds the id of every row its events were about (changed or not). */
  keys: Set<string>;
}

/**
 * A read model: its tables and how events change them. `apply` must be idempotent: applying an event
 * twice leaves the same rows. It returns how many rows it changed (0 means no live update is pushed).
 */
export interface Projection {
  name: string;
  /** Bump when the projector's logic or tables change: the runner rebuilds it on start. */
  version: number;
  /** Which admin lists refresh when this view changes (ADMIN_DATA_UPDATE syncType). */
  syncType: TSyncType | null;
  /** CREATE statements for the projection's tables, given the schema to create them in. */
  ddl(schema: string): string;
  tables: readonly string[];
  /**
   * Its `apply` names the rows each batch was about (`ctx.keys`); the change notice carries them, so API
   * processes can drop what they hold about exactly those rows.
   */
  keyed?: boolean;
  /** The event types `apply` acts on; the runner hands it only these. Unset: every event. */
  eventTypes?: ReadonlySet<string>;
  apply(events: StoredEvent[], ctx: ApplyContext): Promise<number>;
}

/** Whether a projection acts on an event at all. */
export const handles = (p: Projection, e: StoredEvent) => !p.eventTypes || p.eventTypes.has(e.type);
