import { randomUUID } from 'node:crypto';
import { comparePositions, type NewEvent, START, type StoredEvent } from '@app/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore } from './port.ts';

export const testEvent = (type = 'TestHappened', data: unknown = { n: 1 }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    actorId: 7,
    actorRole: 'admin',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
    clientIp: '127.0.0.1',
  },
});

async function readUntil(store: EventStore, predicate: (all: StoredEvent[]) => boolean, timeoutMs = 10_000) {
  const seen: StoredEvent[] = [];
  const sub = store.subscribeAll(START, async (batch) => {
    seen.push(...batch);
  });
  const started = Date.now();
  while (!predicate(seen) && Date.now() - started < timeoutMs) await new Promise((r) => setTimeout(r, 20));
  await sub.stop();
  return seen;
}

/** The behaviour every EventStore adapter must have. `prefix` keeps streams apart on a shared server. */
export function eventStoreContract(
  name: string,
  open: () => Promise<{ store: EventStore; close: () => Promise<void> }>,
) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    const prefix = `c${randomUUID().slice(0, 8)}`;
    const stream = (id: number | string) => `${prefix}thing-${id}`;

    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => close());

    it('appends to a new stream and reads it back in order with metadata', async () => {
      const events = [testEvent('A', { i: 0 }), testEvent('B', { i: 1 })];
      const result = await store.append(stream(1), events, 'no_stream');
      expect(result.nextExpectedRevision).toBe(1n);
      const read = await store.readStream(stream(1));
      expect(read.map((e) => [e.type, e.data, e.revision])).toEqual([
        ['A', { i: 0 }, 0n],
        ['B', { i: 1 }, 1n],
      ]);
      expect(read[0]!.metadata).toEqual(events[0]!.metadata);
      expect(read[1]!.id).toBe(events[1]!.id);
      expect(comparePositions(read[1]!.position, result.lastPosition)).toBe(0);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream('missing'))).toEqual([]);
      expect(await store.readLast(stream('missing'))).toBeNull();
    });

    it("reads a stream's last event alone", async () => {
      await store.append(stream('last'), [testEvent('A', { i: 0 }), testEvent('B', { i: 1 })], 'no_stream');
      await store.append(stream('last'), [testEvent('C', { i: 2 })], 1n);
      const last = await store.readLast(stream('last'));
      expect([last?.type, last?.data, last?.revision]).toEqual(['C', { i: 2 }, 2n]);
      expect(last).toEqual((await store.readStream(stream('last'))).at(-1));
    });

    it('appends with the expected revision and rejects a stale one', async () => {
      await store.append(stream(2), [testEvent()], 'no_stream');
      const r = await store.append(stream(2), [testEvent()], 0n);
      expect(r.nextExpectedRevision).toBe(1n);
      await expect(store.append(stream(2), [testEvent()], 0n)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(stream(2), [testEvent()], 'no_stream')).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await expect(store.append(stream('nope'), [testEvent()], 3n)).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(stream(2))).length).toBe(2);
    });

    it('appends to several streams as one change, each checked, a conflict stopping what comes after', async () => {
      const [a, b] = await store.appendMany([
        { stream: stream('m1'), events: [testEvent('M1')], expectedRevision: 'no_stream' },
        { stream: stream('m2'), events: [testEvent('M2'), testEvent('M3')], expectedRevision: 'no_stream' },
      ]);
      expect([a!.nextExpectedRevision, b!.nextExpectedRevision]).toEqual([0n, 1n]);
      expect(comparePositions(a!.lastPosition, b!.lastPosition)).toBe(-1);
      // The first write conflicts: nothing of the change is stored.
      await expect(
        store.appendMany([
          { stream: stream('m1'), events: [testEvent('Late')], expectedRevision: 'no_stream' },
          { stream: stream('m3'), events: [testEvent('Never')], expectedRevision: 'no_stream' },
        ]),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(stream('m3'))).toEqual([]);
      expect((await store.readStream(stream('m1'))).map((e) => e.type)).toEqual(['M1']);
    });

    it('appends with any revision', async () => {
      await store.append(stream(3), [testEvent()], 'any');
      const r = await store.append(stream(3), [testEvent(), testEvent()], 'any');
      expect(r.nextExpectedRevision).toBe(2n);
    });

    it('lets exactly one of two racing writers win', async () => {
      await store.append(stream(4), [testEvent()], 'no_stream');
      const results = await Promise.allSettled([
        store.append(stream(4), [testEvent('X')], 0n),
        store.append(stream(4), [testEvent('Y')], 0n),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(ConcurrencyError);
    });

    it('reads all events in a global order that agrees with each stream and resumes after a position', async () => {
      await store.append(stream(5), [testEvent('P', { k: 1 })], 'no_stream');
      await store.append(stream(6), [testEvent('Q', { k: 2 })], 'no_stream');
      await store.append(stream(5), [testEvent('R', { k: 3 })], 0n);
      const all = (
        await readUntil(store, (s) => s.some((e) => e.streamName === stream(5) && e.type === 'R'))
      ).filter((e) => e.streamName.startsWith(prefix));
      const mine = all.filter((e) => [stream(5), stream(6)].includes(e.streamName)).map((e) => e.type);
      expect(mine).toEqual(['P', 'Q', 'R']);
      for (let i = 1; i < all.length; i++)
        expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
      const p = all.find((e) => e.type === 'P')!;
      const after = (await store.readAll(p.position, 10_000)).filter((e) => e.streamName.startsWith(prefix));
      expect(after.map((e) => e.type)).toContain('R');
      expect(after.map((e) => e.id)).not.toContain(p.id);
    });

    it('delivers live events to a subscriber after catch-up', async () => {
      const head = await store.headPosition();
      const seen: StoredEvent[] = [];
      const sub = store.subscribeAll(head, async (batch) => {
        seen.push(...batch);
      });
      await new Promise((r) => setTimeout(r, 100));
      await store.append(stream(7), [testEvent('Live')], 'no_stream');
      const started = Date.now();
      while (!seen.some((e) => e.streamName === stream(7)) && Date.now() - started < 5000) {
        await new Promise((r) => setTimeout(r, 10));
      }
      await sub.stop();
      expect(seen.filter((e) => e.streamName === stream(7)).map((e) => e.type)).toEqual(['Live']);
    });
  });
}
