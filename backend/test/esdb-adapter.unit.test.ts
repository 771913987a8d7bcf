import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { deliverInBatches, EventStoreDbEventStore, toEsdbConnectionString } from '../src/eventstore/esdb.ts';

describe('EventStoreDB connection strings', () => {
  it('translates the kurrentdb schemes into the ones the installed client parses', () => {
    expect(toEsdbConnectionString('kurrentdb://admin:changeit@db:2113?tls=false')).toBe(
      'esdb://admin:changeit@db:2113?tls=false',
    );
    expect(toEsdbConnectionString(' kurrentdb+discover://a:2113,b:2113 ')).toBe(
      'esdb+discover://a:2113,b:2113',
    );
    expect(toEsdbConnectionString('KurrentDB+Discover://a:2113')).toBe('esdb+discover://a:2113');
    expect(toEsdbConnectionString('esdb://localhost:2113?tls=false')).toBe('esdb://localhost:2113?tls=false');
  });

  it('the client accepts both schemes at start, and another scheme is refused by name', async () => {
    for (const url of [
      'kurrentdb://localhost:2113?tls=false',
      'kurrentdb+discover://localhost:2113?tls=false',
    ]) {
      const store = new EventStoreDbEventStore(url);
      await store.close();
    }
    expect(() => new EventStoreDbEventStore('http://localhost:2113')).toThrow(
      /EVENTSTORE_URL must start with esdb:\/\/, esdb\+discover:\/\/, kurrentdb:\/\/ or kurrentdb\+discover:\/\/ \(got "http:\/\/"\)/,
    );
  });
});

describe('live delivery in batches', () => {
  it('hands what arrives within a tick to one call, up to the batch size, in order', async () => {
    const stream = new PassThrough({ objectMode: true });
    const calls: number[][] = [];
    const done = deliverInBatches<number>(
      stream,
      async (items) => {
        calls.push(items);
        await new Promise((r) => setTimeout(r, 20));
      },
      4,
    );
    for (let i = 1; i <= 10; i++) stream.write(i);
    await new Promise((r) => setTimeout(r, 100));
    stream.write(11); // arrives alone later: its own call
    await new Promise((r) => setTimeout(r, 50));
    stream.end();
    await done;
    expect(calls).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10], [11]]);
  });

  it('fails with the handler error and with the stream error', async () => {
    const failing = new PassThrough({ objectMode: true });
    const handlerFails = deliverInBatches(failing, () => Promise.reject(new Error('projector failed')), 10);
    failing.write(1);
    await expect(handlerFails).rejects.toThrow('projector failed');

    const broken = new PassThrough({ objectMode: true });
    const streamFails = deliverInBatches(broken, async () => undefined, 10);
    broken.destroy(new Error('connection lost'));
    await expect(streamFails).rejects.toThrow('connection lost');
  });
});
