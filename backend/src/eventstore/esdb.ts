import {
  comparePositions,
  type NewEvent,
  type Position,
  START,
  type StoredEvent,
} from '@app/contracts/events/envelope';
import type { TEventMetadata } from '@app/contracts/events/metadata';
import {
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  BACKWARDS,
  type Direction,
  END,
  START as ESDB_START,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  jsonEvent,
  type ReadPosition,
  type RecordedEvent,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type ExpectedRevision,
  type RecordWrite,
  type StreamWrite,
  type SubscribeOptions,
  type Subscription,
} from './port.ts';

const isStart = (p: Position) => comparePositions(p, START) === 0;
const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Our events only: system events (`$...`) and anything that is not a JSON object are skipped. */
function toStored(e: RecordedEvent | undefined): StoredEvent | null {
  if (!e || e.type.startsWith('$') || !e.isJson || !isPlainObject(e.data)) return null;
  return {
    id: e.id,
    streamName: e.streamId,
    revision: e.revision,
    // Stream reads carry the $all position only on servers >= 22.6.
    position: e.position ?? START,
    type: e.type,
    data: e.data,
    metadata: e.metadata as TEventMetadata,
  };
}

/** Cancels the gRPC call too: destroying the stream alone would leave it running. */
async function closeLive(sub: AllStreamSubscription) {
  sub.on('error', () => undefined); // a late error on a stream nobody reads must not crash the process
  await sub.unsubscribe().catch(() => undefined);
  sub.destroy();
}

/**
 * The installed client (`@eventstore/db-client` 6) parses only `esdb://` and `esdb+discover://`; KurrentDB
 * (EventStoreDB's new name) documents `kurrentdb://` and `kurrentdb+discover://` for the same options.
 * Answers the string the client accepts, or throws naming the schemes we take.
 */
export function toEsdbConnectionString(url: string): string {
  const trimmed = url.trim();
  const match = /^(esdb|kurrentdb|kurrent)(\+discover)?:\/\//i.exec(trimmed);
  if (!match)
    throw new Error(
      `EVENTSTORE_URL must start with esdb://, esdb+discover://, kurrentdb:// or kurrentdb+discover:// (got "${trimmed.split('://')[0]}://")`,
    );
  return `esdb${match[2]?.toLowerCase() ?? ''}://${trimmed.slice(match[0].length)}`;
}

/** The part of a live subscription that `deliverInBatches` uses (a Node Readable in object mode). */
export interface LiveStream<T> {
  on(event: 'data', listener: (item: T) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/**
 * Live delivery in batches, as the Postgres path reads them: whatever arrives within one tick, up to
 * `batchSize`, goes to one handler call (one projection transaction), with the stream paused while the
 * handler runs. Settles when the stream ends or closes, or fails with its error or the handler's.
 */
export function deliverInBatches<T>(
  stream: LiveStream<T>,
  handler: (items: T[]) => Promise<void>,
  batchSize: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const buffer: T[] = [];
    let busy = false;
    let scheduled = false;
    let ended = false;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      stream.pause();
      reject(err);
    };
    const schedule = () => {
      if (scheduled || busy || failed) return;
      scheduled = true;
      setImmediate(() => void flush());
    };
    const flush = async () => {
      scheduled = false;
      if (failed) return;
      if (buffer.length === 0) {
        if (ended) resolve();
        return;
      }
      busy = true;
      stream.pause();
      try {
        await handler(buffer.splice(0, batchSize));
      } catch (err) {
        busy = false;
        fail(err);
        return;
      }
      busy = false;
      if (buffer.length > 0 || ended) schedule();
      else stream.resume();
    };
    stream.on('data', (item) => {
      if (failed) return;
      buffer.push(item);
      if (buffer.length >= batchSize) stream.pause();
      schedule();
    });
    stream.on('error', fail);
    const end = () => {
      ended = true;
      schedule();
    };
    stream.on('end', end);
    stream.on('close', end);
  });
}

/**
 * The production event store: EventStoreDB (KurrentDB) over gRPC
 * (`EVENTSTORE_URL=esdb://host:2113?tls=false`, or `kurrentdb://...`).
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;
  private readonly listeners = new Set<() => void>();
  private watcher: AllStreamSubscription | null = null;
  private readonly subscriptions = new Set<Subscription>();

  /**
   * `writeRecords` writes the rows that change with a change's events (`appendMany`'s `records`) in one
   * Postgres transaction; it runs once the events are stored, as no transaction spans both stores.
   */
  constructor(
    connectionString: string,
    private readonly writeRecords: (records: readonly RecordWrite[]) => Promise<void> = async (r) => {
      if (r.length > 0) throw new Error('This event store was not given a database for records.');
    },
  ) {
    this.client = EventStoreDBClient.connectionString(toEsdbConnectionString(connectionString));
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const data = events.map((e) =>
      jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata }),
    );
    try {
      // Our ExpectedRevision values are the client's own: 'no_stream', 'any' or a revision.
      const result = await this.client.appendToStream(stream, data, { expectedRevision: expected });
      for (const l of this.listeners) l();
      return {
        nextExpectedRevision: result.nextExpectedRevision,
        lastPosition: result.position ?? (await this.lastPositionOf(stream)),
      };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError)
        throw new ConcurrencyError(stream, expected, err.actualVersion);
      throw err;
    }
  }

  /** In order, each checked; not atomic (EventStoreDB has no multi-stream transaction). */
  async appendMany(writes: StreamWrite[], records: readonly RecordWrite[] = []): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const w of writes) results.push(await this.append(w.stream, w.events, w.expectedRevision));
    await this.writeRecords(records);
    return results;
  }

  private async lastPositionOf(stream: string): Promise<Position> {
    const last = this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
    let position = START;
    for await (const r of last) position = r.event?.position ?? position;
    return position;
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      for await (const r of this.client.readStream(stream)) {
        const e = toStored(r.event);
        if (e) out.push(e);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async readLast(stream: string): Promise<StoredEvent | null> {
    try {
      let last: StoredEvent | null = null;
      for await (const r of this.client.readStream(stream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      }))
        last = toStored(r.event) ?? last;
      return last;
    } catch (err) {
      if (err instanceof StreamNotFoundError) return null;
      throw err;
    }
  }

  /** One bounded read of $all, drained: breaking out of the iterator would leave the gRPC call running. */
  private async page(fromPosition: ReadPosition, direction: Direction, maxCount: number) {
    const events: AllStreamRecordedEvent[] = [];
    for await (const r of this.client.readAll({ fromPosition, direction, maxCount })) {
      if (r.event) events.push(r.event);
    }
    return events;
  }

  /** Reads of $all include the event at `fromPosition`; pages repeat while system events keep the result short. */
  async readAll(after: Position, limit: number): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    for (let from = after; ; ) {
      const page = await this.page(isStart(from) ? ESDB_START : from, FORWARDS, limit + 1);
      for (const r of page) {
        const e = comparePositions(r.position, from) > 0 ? toStored(r) : null;
        if (e && out.length < limit) out.push(e);
      }
      const last = page[page.length - 1];
      if (out.length >= limit || page.length <= limit || !last) return out;
      from = last.position;
    }
  }

  async headPosition(): Promise<Position> {
    for (let before: Position | null = null; ; ) {
      const page = await this.page(before ?? END, BACKWARDS, 100);
      const bound = before;
      const hit = page.find((r) => (!bound || comparePositions(r.position, bound) < 0) && toStored(r));
      if (hit) return hit.position;
      const last = page[page.length - 1];
      if (page.length < 100 || !last) return START;
      before = last.position;
    }
  }

  /** Catch-up with readAll in batches, then a live subscription from the last delivered position. */
  subscribeAll(
    after: Position,
    handler: (events: StoredEvent[]) => Promise<void>,
    { batchSize = 500, onError }: SubscribeOptions = {},
  ): Subscription {
    let cursor = after;
    let stopped = false;
    let live: AllStreamSubscription | null = null;
    let wake: (() => void) | null = null;

    const loop = (async () => {
      while (!stopped) {
        try {
          for (;;) {
            const events = await this.readAll(cursor, batchSize);
            if (stopped) return;
            if (events.length > 0) {
              await handler(events);
              cursor = events[events.length - 1]!.position;
            }
            if (events.length < batchSize) break;
          }
          // A subscription from a position starts after it and catches up on anything appended meanwhile.
          live = this.client.subscribeToAll({
            fromPosition: isStart(cursor) ? ESDB_START : cursor,
            filter: excludeSystemEvents(),
          });
          await deliverInBatches<AllStreamResolvedEvent>(
            live,
            async (resolved) => {
              if (stopped) return;
              const events: StoredEvent[] = [];
              for (const r of resolved) {
                const e = toStored(r.event);
                const last = events.at(-1)?.position ?? cursor;
                if (e && comparePositions(e.position, last) > 0) events.push(e);
              }
              if (events.length === 0) return;
              await handler(events);
              cursor = events[events.length - 1]!.position;
            },
            batchSize,
          );
        } catch (err) {
          if (stopped) return;
          onError?.(err);
        } finally {
          if (live) await closeLive(live);
          live = null;
        }
        if (stopped) return;
        // Dropped (error or server closed the stream): resubscribe from the last delivered position.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    })();

    const subscription: Subscription = {
      stop: async () => {
        stopped = true;
        this.subscriptions.delete(subscription);
        wake?.();
        if (live) await closeLive(live);
        await loop;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Wake-up hints: local appends, plus a live $all subscription (opened on first use) for other processes. */
  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.watcher) this.watch();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unwatch();
    };
  }

  private watch() {
    const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.watcher = sub;
    sub.on('data', () => {
      for (const l of this.listeners) l();
    });
    sub.on('error', () => {
      // Only wake-ups are lost meanwhile; subscribers have their own live delivery.
      if (this.watcher !== sub) return;
      this.watcher = null;
      void closeLive(sub);
      setTimeout(() => {
        if (!this.watcher && this.listeners.size > 0) this.watch();
      }, 1000).unref();
    });
  }

  private unwatch() {
    if (this.watcher) void closeLive(this.watcher);
    this.watcher = null;
  }

  async ping(): Promise<void> {
    await this.page(END, BACKWARDS, 1);
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.listeners.clear();
    this.unwatch();
    await this.client.dispose();
  }
}
