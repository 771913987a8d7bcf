import { decodeEvent, encodeEvent } from '@app/contracts/events/domain';
import type { NewEvent, StoredEvent } from '@app/contracts/events/envelope';
import type { EventStore } from './port.ts';

const encode = (e: NewEvent): NewEvent => {
  const { data, version } = encodeEvent(e.type, e.data);
  return { ...e, data, metadata: { ...e.metadata, schemaVersion: version } };
};

const decode = (e: StoredEvent): StoredEvent => ({
  ...e,
  data: decodeEvent(e.type, e.data, e.metadata.schemaVersion),
});

/**
 * Every event is checked against its own schema (`contracts/src/events`) when appended and decoded with it
 * (upcast from older versions) when read, whichever adapter stores it.
 */
export function withEventSchemas(store: EventStore): EventStore {
  return {
    kind: store.kind,
    append: (stream, events, expected) => store.append(stream, events.map(encode), expected),
    appendMany: (writes, records) =>
      store.appendMany(
        writes.map((w) => ({ ...w, events: w.events.map(encode) })),
        records,
      ),
    readStream: async (stream) => (await store.readStream(stream)).map(decode),
    readLast: async (stream) => {
      const last = await store.readLast(stream);
      return last && decode(last);
    },
    readAll: async (after, limit) => (await store.readAll(after, limit)).map(decode),
    headPosition: () => store.headPosition(),
    subscribeAll: (after, handler, options) =>
      store.subscribeAll(after, (events) => handler(events.map(decode)), options),
    onAppended: (listener) => store.onAppended(listener),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
