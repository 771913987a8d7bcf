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

/** The production event store: EventStoreDB over gRPC (`EVENTSTORE_URL=esdb://host:2113?tls=false`). */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;
  private readonly listeners = new Set<() => void>();
  private watcher: AllStreamSubscription | null = null;
  private readonly subscriptions = new Set<Subscription>();

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
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
          for await (const r of live) {
            if (stopped) return;
            const e = toStored(r.event);
            if (!e || comparePositions(e.position, cursor) <= 0) continue;
            await handler([e]);
            cursor = e.position;
          }
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
