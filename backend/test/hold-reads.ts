import type { EventStore } from '../src/eventstore/port.ts';

/**
 * A race made deterministic: every read of `stream` is held after it returns until `readers` reads of it have
 * been made, so that many commands decide on the same revision before any of them appends. `reads()` counts
 * them (one more per command decided again); `restore()` gives the store its own reads back.
 */
export function holdReads(store: EventStore, stream: string, readers: number) {
  const original = store.readStream;
  let read = 0;
  let release!: () => void;
  const allRead = new Promise<void>((resolve) => {
    release = resolve;
  });
  store.readStream = async (name: string) => {
    const events = await original.call(store, name);
    if (name === stream) {
      if (++read === readers) release();
      await allRead;
    }
    return events;
  };
  return {
    reads: () => read,
    restore: () => {
      store.readStream = original;
    },
  };
}
