import { randomUUID } from 'node:crypto';
import type { TDomainEvent } from '@app/contracts/events/domain';
import { comparePositions, type Position, positionToString, START } from '@app/contracts/events/envelope';
import { projections } from '@app/projections/registry';
import {
  applyBatch,
  applyGroup,
  CHANGES_CHANNEL,
  type KnownCheckpoints,
  parseChangeNotices,
} from '@app/projections/runtime/apply';
import { createCheckpoint, readCheckpoint } from '@app/projections/runtime/checkpoints';
import { ProjectionDaemon } from '@app/projections/runtime/daemon';
import { rebuild, replayCheck } from '@app/projections/runtime/rebuild';
import { projectionStatus } from '@app/projections/runtime/status';
import type { Projection } from '@app/projections/runtime/types';
import { usersProjection } from '@app/projections/users/projection';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { toNewEvents } from '../src/platform/command.ts';
import { createKysely, pipelinedConnections } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrations.ts';
import { createTestDatabase } from './db.ts';
import { eventually } from './eventually.ts';
import { userCreated } from './seed.ts';

const actor = { id: 1, role: 'admin' as const, correlationId: randomUUID(), clientIp: null };
const silent = { info: () => undefined, error: () => undefined };

/** A projection made up for one test: no tables of its own to build. */
const testProjection = (name: string, rest: Pick<Projection, 'apply'> & Partial<Projection>): Projection => ({
  name,
  version: 1,
  syncType: null,
  tables: [],
  ddl: () => '',
  ...rest,
});

describe('projection runner', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Kysely<unknown>;
  let store: PostgresEventStore;
  let daemon: ProjectionDaemon;

  const append = (stream: string, events: TDomainEvent[], expected: 'no_stream' | 'any' | bigint = 'any') =>
    store.append(stream, toNewEvents(events, actor), expected);
  const users = async () =>
    (
      await sql<{
        id: number;
        first_name: string;
        role: string;
      }>`SELECT id, first_name, role FROM rm.users ORDER BY id`.execute(db)
    ).rows;
  const until = (check: () => Promise<boolean>) => eventually('the read model', check);
  /** The next `count` events after a position, once all are visible (a running transaction can hide them). */
  const readAfter = (from: Position, count: number) =>
    eventually(`${count} events`, async () => {
      const events = await store.readAll(from, 100);
      return events.length >= count && events;
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createKysely(database.pool) as Kysely<unknown>;
    await migrate(db);
    store = new PostgresEventStore(database.pool);
    // As the projections process runs it: batches on pipelining connections.
    daemon = new ProjectionDaemon(db, store, projections, silent, {
      ownerRetryMs: 100,
      pipelined: pipelinedConnections(database.pool),
    });
    daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await store.close();
    await database.drop();
  });

  it('projects events live, moves the checkpoint and notifies after commit', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const notices: { projection: string; changed: number }[] = [];
    listener.on('notification', (m) => notices.push(...parseChangeNotices(m.payload!)));
    await listener.query(`LISTEN ${CHANGES_CHANNEL}`);

    const r = await append(
      'user-1',
      [userCreated(1), { type: 'UserRoleChanged', data: { userId: 1, from: 'user', to: 'admin' } }],
      'no_stream',
    );
    await until(async () => (await users()).some((u) => u.id === 1 && u.role === 'admin'));
    const cp = await readCheckpoint(db, 'users', 'live');
    expect(cp!.position.prepare).toBeGreaterThanOrEqual(r.lastPosition.prepare);
    await until(async () => notices.some((n) => n.projection === 'users' && n.changed > 0));
    await listener.end();
  });

  it('leaves the same rows when the same events are applied again', async () => {
    await append('user-2', [userCreated(2, 'Bo')], 'no_stream');
    await until(async () => (await users()).some((u) => u.id === 2));
    const before = await users();
    const events = await store.readAll(START, 10_000);
    // Wind the live checkpoint back to the start and replay everything into the live tables.
    const cp = (await readCheckpoint(db, 'users', 'live'))!;
    await createCheckpoint(db, 'users', 'live', cp.version, START);
    await applyBatch(db, usersProjection, 'live', events);
    expect(await users()).toEqual(before);
    expect((await readCheckpoint(db, 'users', 'live'))!.position).toEqual(
      events[events.length - 1]!.position,
    );
  });

  it('names the rows a batch was about in its change notice', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    try {
      const notices: { projection: string; position: string; keys?: string[] }[] = [];
      listener.on('notification', (m) => notices.push(...parseChangeNotices(m.payload!)));
      await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
      await append('user-9', [userCreated(9, 'Nine')], 'no_stream');
      // About user 9 though it changes no row: the notice still names user 9.
      const r = await append('user-9', [{ type: 'UserLoggedOut', data: { userId: 9 } }]);
      const last = positionToString(r.lastPosition);
      const notice = await eventually('the users notice', async () =>
        notices.find((n) => n.projection === 'users' && n.position === last),
      );
      expect(notice.keys).toEqual(['9']);
    } finally {
      await listener.end();
    }
  });

  it('hands a projection only the event types it acts on, and moves its checkpoint past the rest', async () => {
    const seen: string[] = [];
    const logins = testProjection('test-logins', {
      eventTypes: new Set(['UserLoggedIn']),
      async apply(events) {
        seen.push(...events.map((e) => e.type));
        return events.length;
      },
    });
    await createCheckpoint(db, logins.name, 'live', 1, await store.headPosition());
    await append('user-10', [userCreated(10, 'Ten')], 'no_stream');
    await append('user-10', [{ type: 'UserLoggedIn', data: { userId: 10, withTemporaryPassword: false } }]);
    await append('user-10', [{ type: 'UserLoggedOut', data: { userId: 10 } }]);
    const from = (await readCheckpoint(db, logins.name, 'live'))!.position;
    const events = await readAfter(from, 3);
    await applyBatch(db, logins, 'live', events);
    expect(seen).toEqual(['UserLoggedIn']);
    expect((await readCheckpoint(db, logins.name, 'live'))!.position).toEqual(events.at(-1)!.position);
  });

  it('moves the checkpoints of a batch nobody acts on without a transaction, notifying, never backwards', async () => {
    const idle = testProjection('test-idle', {
      eventTypes: new Set(['NothingLikeThis']),
      apply: () => Promise.reject(new Error('must not be called')),
    });
    const start = await store.headPosition();
    await createCheckpoint(db, idle.name, 'live', 1, start);
    await append('user-11', [userCreated(11, 'Eleven')], 'no_stream');
    await append('user-11', [{ type: 'UserLoggedOut', data: { userId: 11 } }]);
    const events = await readAfter(start, 2);

    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    try {
      const notices: { projection: string; changed: number; position: string }[] = [];
      listener.on('notification', (m) => notices.push(...parseChangeNotices(m.payload!)));
      await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
      await applyBatch(db, idle, 'live', events);
      expect((await readCheckpoint(db, idle.name, 'live'))!.position).toEqual(events.at(-1)!.position);
      await until(async () => notices.some((n) => n.projection === idle.name));
      expect(notices.filter((n) => n.projection === idle.name)).toEqual([
        expect.objectContaining({ changed: 0, position: positionToString(events.at(-1)!.position) }),
      ]);

      await applyBatch(db, idle, 'live', events.slice(0, 1)); // an older batch: the checkpoint stays
      expect((await readCheckpoint(db, idle.name, 'live'))!.position).toEqual(events.at(-1)!.position);
    } finally {
      await listener.end();
    }
  });

  it.each([
    ['one statement at a time', false],
    ['on a pipelining connection', true],
  ])(
    'a runner that trusts a stale checkpoint rolls the batch back and goes on from the stored one (%s)',
    async (_, piped) => {
      // Counts events, so applying one twice would show (unlike the real, idempotent projectors).
      const table = `test_counted_${piped ? 'piped' : 'plain'}`;
      await sql
        .raw(`CREATE TABLE rm.${table} (n integer NOT NULL); INSERT INTO rm.${table} VALUES (0)`)
        .execute(db);
      const counter = testProjection(`test-counter-${piped ? 'piped' : 'plain'}`, {
        tables: [table],
        async apply(events, { tx }) {
          await sql.raw(`UPDATE rm.${table} SET n = n + ${events.length}`).execute(tx);
          return events.length;
        },
      });
      const counted = async () =>
        (await sql.raw<{ n: number }>(`SELECT n FROM rm.${table}`).execute(db)).rows[0]!.n;
      await createCheckpoint(db, counter.name, 'live', 1, START);
      const events = await store.readAll(START, 10_000);
      const pipelined = piped ? pipelinedConnections(database.pool) : undefined;
      await applyGroup(db, [counter], 'live', events, undefined, pipelined);
      expect(await counted()).toBe(events.length);
      const stored = (await readCheckpoint(db, counter.name, 'live'))!;

      // As after a rebuild swapped tables and checkpoint under a runner: it still believes in an older position.
      const known: KnownCheckpoints = new Map([[counter.name, { ...stored, position: START }]]);
      await applyGroup(db, [counter], 'live', events, known, pipelined);
      expect(await counted()).toBe(events.length);
      expect((await readCheckpoint(db, counter.name, 'live'))!.position).toEqual(stored.position);
      expect(known.get(counter.name)!.position).toEqual(stored.position);
    },
  );

  it('a view acts only on its own events, though others carry the same id field', async () => {
    // Both carry userId 1, an existing user: the users view must neither change that row nor park them.
    const head = await store.headPosition(); // what earlier tests appended is in the view first
    await until(
      async () => comparePositions((await readCheckpoint(db, 'users', 'live'))!.position, head) >= 0,
    );
    const before = await users();
    await append('client-1', [
      {
        type: 'ClientRegistered',
        data: { clientId: 1, userId: 1, name: 'Kim', email: 'kim@example.com', phone: null, address: null },
      },
    ]);
    const r = await append('daily-note-1', [
      { type: 'DailyNoteAdded', data: { noteId: 1, userId: 1, day: '2026-11-23', text: 'Call Kim' } },
    ]);
    await until(
      async () =>
        comparePositions((await readCheckpoint(db, 'users', 'live'))!.position, r.lastPosition) >= 0,
    );
    expect(await users()).toEqual(before);
    const parked = await sql`SELECT type FROM projection_dead_letters WHERE projection = 'users'`.execute(db);
    expect(parked.rows).toEqual([]);
  });

  it('parks an event it cannot project and goes on with the rest of the batch', async () => {
    await append('user-3', [userCreated(3, null)], 'no_stream'); // first_name is NOT NULL: the upsert fails
    await append('user-4', [userCreated(4, 'Dee')], 'no_stream');
    await until(async () => (await users()).some((u) => u.id === 4));
    expect((await users()).some((u) => u.id === 3)).toBe(false);
    const parked = await sql<{ projection: string; type: string; stream: string }>`
      SELECT projection, type, stream FROM projection_dead_letters WHERE target = 'live'`.execute(db);
    expect(parked.rows).toEqual([{ projection: 'users', type: 'UserCreated', stream: 'user-3' }]);
    const status = await projectionStatus(db, store, projections);
    expect(status.find((s) => s.name === 'users')).toMatchObject({ parked: 1, lagEvents: 0 });
  });

  it('rebuilds into fresh tables identical to the live ones, and replay-check spots a tampered row', async () => {
    const before = await users();
    const cpBefore = (await readCheckpoint(db, 'users', 'live'))!;
    await rebuild(db, store, usersProjection);
    expect(await users()).toEqual(before);
    const cpAfter = (await readCheckpoint(db, 'users', 'live'))!;
    expect(cpAfter.position.prepare >= cpBefore.position.prepare).toBe(true);
    expect(await replayCheck(db, store, usersProjection)).toEqual([]);

    await sql`UPDATE rm.users SET first_name = 'Tampered' WHERE id = 1`.execute(db);
    expect(await replayCheck(db, store, usersProjection)).toEqual([
      { table: 'users', onlyLive: 1, onlyRebuilt: 1 },
    ]);
    await rebuild(db, store, usersProjection);
    expect(await replayCheck(db, store, usersProjection)).toEqual([]);
  });

  it('rebuilds a projection whose code version changed when it starts', async () => {
    await daemon.stop();
    const v2 = { ...usersProjection, version: usersProjection.version + 1 };
    daemon = new ProjectionDaemon(db, store, [v2], silent, { ownerRetryMs: 100 });
    daemon.start();
    await until(async () => (await readCheckpoint(db, 'users', 'live'))?.version === v2.version);
    expect((await users()).map((u) => u.id)).toEqual([1, 2, 4, 9, 10, 11]);
    await append('user-5', [userCreated(5, 'Eve')], 'no_stream');
    await until(async () => (await users()).some((u) => u.id === 5));
  });
});
