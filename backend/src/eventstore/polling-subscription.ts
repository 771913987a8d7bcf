import { comparePositions, type Position, type StoredEvent } from '@app/contracts/events/envelope';
import type { EventStore, SubscribeOptions, Subscription } from './port.ts';

/** Reads new events after a cursor in batches; sleeps until a wake-up hint or a short poll interval. */
export function pollingSubscription(
  store: Pick<EventStore, 'readAll' | 'onAppended'>,
  after: Position,
  handler: (events: StoredEvent[]) => Promise<void>,
  { batchSize = 500, onError }: SubscribeOptions = {},
  pollMs = 250,
): Subscription {
  let cursor = after;
  let stopped = false;
  let wake: (() => void) | null = null;
  let dirty = false;
  const unlisten = store.onAppended(() => {
    dirty = true;
    wake?.();
  });

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (dirty || stopped) return resolve();
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (!stopped) {
      dirty = false;
      try {
        const events = await store.readAll(cursor, batchSize);
        if (stopped) break;
        if (events.length > 0) {
          await handler(events);
          const last = events[events.length - 1]!;
          if (comparePositions(last.position, cursor) > 0) cursor = last.position;
          if (events.length === batchSize) continue;
        }
      } catch (err) {
        if (stopped) break;
        onError?.(err);
        await new Promise((r) => setTimeout(r, 1000));
      }
      await sleep();
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      unlisten();
      await loop;
    },
  };
}
