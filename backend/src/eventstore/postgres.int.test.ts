import { START, type StoredEvent } from '@app/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.ts';
import { eventStoreContract, testEvent } from './contract.ts';
import { ConcurrencyError } from './port.ts';
import { PostgresEventStore } from './postgres.ts';

eventStoreContract('postgres', async () => {
  const db = await createTestDatabase();
  await PostgresEventStore.migrate(db.pool);
  const store = new PostgresEventStore(db.pool);
  return {
    store,
    close: async () => {
      await store.close();
      await db.drop();
    },
  };
});

describe('postgres event store global order', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    await PostgresEventStore.migrate(db.pool);
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('still delivers an event whose transaction took an earlier number but committed later', async () => {
    const before = await store.headPosition();
    const seen: StoredEvent[] = [];
    const sub = store.subscribeAll(before, async (batch) => {
      seen.push(...batch);
    });

    // Transaction A appends and stays open.
    const a = await db.pool.connect();
    await a.query('BEGIN');
    const eventA = testEvent('A');
    await a.query(
      `INSERT INTO es_events (event_id, stream_name, stream_revision, type, data, metadata) VALUES ($1, 'late-1', 0, 'A', '{}', $2)`,
      [eventA.id, JSON.stringify(eventA.metadata)],
    );
    // B appends and commits; its global_position is higher than A's.
    await store.append('early-1', [testEvent('B')], 'no_stream');
    await new Promise((r) => setTimeout(r, 400)); // the subscriber polls and wakes meanwhile
    expect(seen.map((e) => e.type)).toEqual([]); // B waits behind the open A rather than skipping it

    await a.query('COMMIT');
    a.release();
    const started = Date.now();
    while (seen.length < 2 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
    await sub.stop();
    expect(seen.map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('wakes the readers of other processes through NOTIFY, and its own readers once, in-process', async () => {
    const elsewhere = new PostgresEventStore(db.pool); // stands for another process on the same database
    let here = 0;
    let there = 0;
    const stopHere = store.onAppended(() => here++);
    const stopThere = elsewhere.onAppended(() => there++);
    await new Promise((r) => setTimeout(r, 200)); // both LISTEN connections are up
    await store.append('wake-1', [testEvent('Woke')], 'no_stream');
    expect(here).toBe(1); // at once, before any NOTIFY round trip
    const started = Date.now();
    while (there === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 200));
    expect(there).toBe(1);
    expect(here).toBe(1); // its own NOTIFY did not wake it a second time
    stopHere();
    stopThere();
    await elsewhere.close();
  });

  it('16 concurrent writers, 10,000 events: a subscriber from the start sees each exactly once, in order', async () => {
    const head = await store.headPosition();
    const seen: StoredEvent[] = [];
    const sub = store.subscribeAll(head, async (batch) => {
      seen.push(...batch);
    });
    const writers = 16;
    const perWriter = 625;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        let expected: 'no_stream' | bigint = 'no_stream';
        for (let i = 0; i < perWriter; i++) {
          const r = await store.append(`writer-${w}`, [testEvent('W', { w, i })], expected);
          expected = r.nextExpectedRevision;
        }
      }),
    );
    const started = Date.now();
    while (seen.length < writers * perWriter && Date.now() - started < 20_000)
      await new Promise((r) => setTimeout(r, 20));
    await sub.stop();

    expect(seen).toHaveLength(writers * perWriter);
    expect(new Set(seen.map((e) => e.id)).size).toBe(writers * perWriter);
    const next = new Map<number, number>();
    for (const e of seen) {
      const { w, i } = e.data as { w: number; i: number };
      expect(i).toBe(next.get(w) ?? 0); // each writer's events arrive in the order it wrote them
      next.set(w, i + 1);
    }
    for (let k = 1; k < seen.length; k++) {
      const [p, q] = [seen[k - 1]!.position, seen[k]!.position];
      expect(p.commit < q.commit || (p.commit === q.commit && p.prepare < q.prepare)).toBe(true);
    }
    expect((await store.readAll(START, 1)).length).toBe(1);
  }, 60_000);
});

describe('postgres event store: appends to several streams', () => {
  it('are all or nothing: a conflict on a later write leaves the earlier ones unwritten', async () => {
    const db = await createTestDatabase();
    await PostgresEventStore.migrate(db.pool);
    const store = new PostgresEventStore(db.pool);
    try {
      await store.append('taken-1', [testEvent('First')], 'no_stream');
      await expect(
        store.appendMany([
          { stream: 'fresh-1', events: [testEvent('Early')], expectedRevision: 'no_stream' },
          { stream: 'taken-1', events: [testEvent('Clash')], expectedRevision: 'no_stream' },
        ]),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream('fresh-1')).toEqual([]);
      const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM es_events');
      expect(rows[0].n).toBe(1);
    } finally {
      await store.close();
      await db.drop();
    }
  });

  it('sent in one round trip with their records: a conflict writes no record, a failing record stores no event', async () => {
    const db = await createTestDatabase();
    await PostgresEventStore.migrate(db.pool);
    await db.pool.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
    const store = new PostgresEventStore(db.pool);
    const note = (id: number, body: string | null) => ({
      sql: 'INSERT INTO notes (id, body) VALUES ($1, $2)',
      parameters: [id, body],
    });
    const notes = async () => (await db.pool.query('SELECT id, body FROM notes ORDER BY id')).rows;
    try {
      await store.appendMany(
        [{ stream: 'a-1', events: [testEvent('A')], expectedRevision: 'no_stream' }],
        [note(1, 'one')],
      );
      expect(await notes()).toEqual([{ id: 1, body: 'one' }]);

      // The stream moved on: the compare-and-set fails the transaction, and the record with it.
      const stale = store.appendMany(
        [{ stream: 'a-1', events: [testEvent('Stale')], expectedRevision: 'no_stream' }],
        [note(2, 'two')],
      );
      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(stale).rejects.toMatchObject({ stream: 'a-1', actual: 0n });
      // A record refused by the database: its error, and nothing of the change stored.
      await expect(
        store.appendMany(
          [{ stream: 'a-1', events: [testEvent('B')], expectedRevision: 0n }],
          [note(3, null)],
        ),
      ).rejects.toMatchObject({ code: '23502' });
      expect((await store.readStream('a-1')).map((e) => e.type)).toEqual(['A']);
      expect(await notes()).toEqual([{ id: 1, body: 'one' }]);

      // The connection went back clean: the next change commits.
      await store.appendMany(
        [{ stream: 'a-1', events: [testEvent('C')], expectedRevision: 0n }],
        [note(4, 'four')],
      );
      expect((await store.readStream('a-1')).map((e) => e.type)).toEqual(['A', 'C']);
      expect(await notes()).toEqual([
        { id: 1, body: 'one' },
        { id: 4, body: 'four' },
      ]);
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
