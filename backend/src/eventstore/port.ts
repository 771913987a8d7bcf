import type { NewEvent, Position, StoredEvent } from '@app/contracts/events/envelope';

export type ExpectedRevision = 'no_stream' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextExpectedRevision: bigint;
  /** Global position of the last appended event: what read-your-writes waits for. */
  lastPosition: Position;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  batchSize?: number;
  /** Called when delivery fails in a way the subscription cannot recover from by itself. */
  onError?: (err: unknown) => void;
}

/** Events for one stream, appended only if the stream is at `expectedRevision`. */
export interface StreamWrite {
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

/**
 * A row of an ordinary table that changes with a change's events and must not change without them: credentials,
 * sessions, a secret held for the mail job. Plain SQL with its parameters (kysely's `CompiledQuery` fits).
 */
export interface RecordWrite {
  sql: string;
  parameters: readonly unknown[];
}

/** The event store port. Both adapters pass `contract.ts`. */
export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams as one change (a command on two aggregates, a record and its unique-value
   * claims). Postgres: one transaction, all or nothing. EventStoreDB has no multi-stream transaction: the
   * writes go in the order given, each checked, so a claim listed first refuses a conflict before anything
   * else is written (see `platform/unique-values.ts` for the rest).
   *
   * `records` change with the events: on Postgres in the same transaction (a refused append writes none of
   * them, a failed record writes no event); on EventStoreDB in one Postgres transaction right after the
   * events are stored, so they never take effect for a change that was refused.
   */
  appendMany(writes: StreamWrite[], records?: readonly RecordWrite[]): Promise<AppendResult[]>;
  /** The stream's events in order; an empty list when the stream does not exist. */
  readStream(stream: string): Promise<StoredEvent[]>;
  /** The stream's last event (null when the stream does not exist): one read, however long the stream. */
  readLast(stream: string): Promise<StoredEvent | null>;
  /** Events after `after` (exclusive) in global order, at most `limit`. Never skips a late commit. */
  readAll(after: Position, limit: number): Promise<StoredEvent[]>;
  /** Position of the newest event readers can see now (START when empty). */
  headPosition(): Promise<Position>;
  /** Catch-up then live delivery in global order, in batches; the handler is awaited before the next batch. */
  subscribeAll(
    after: Position,
    handler: (events: StoredEvent[]) => Promise<void>,
    options?: SubscribeOptions,
  ): Subscription;
  /** Wake-up hint: called (at least) after new events may have become readable. Returns an unsubscribe. */
  onAppended(listener: () => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      `Stream ${stream} was changed by someone else (expected ${String(expected)}, found ${String(actual)})`,
    );
    this.name = 'ConcurrencyError';
  }
}
