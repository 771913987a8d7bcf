import { projections } from '@app/projections/registry';
import { rebuild } from '@app/projections/runtime/rebuild';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { createKysely, createPool } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrations.ts';
import { createTestDatabase } from '../test/db.ts';
import { seedUserEvents } from '../test/seed.ts';

/** Every read model built again from the whole log of a database, timed (what ops' replay costs). */
export async function rebuildLog(
  databaseUrl: string,
  connections = Number(process.env.REBUILD_CONNECTIONS ?? 4),
) {
  const pool = createPool(databaseUrl, connections);
  const db = createKysely(pool);
  const store = new PostgresEventStore(pool);
  try {
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM es_events');
    const started = performance.now();
    await rebuild(db as never, store, projections);
    const seconds = (performance.now() - started) / 1000;
    return { events: rows[0].n as number, seconds, eventsPerSecond: rows[0].n / seconds };
  } finally {
    await store.close();
    await pool.end().catch(() => undefined);
  }
}

/** Rebuilds every read model from `total` events and reports events per second of log replayed. */
export async function rebuildRate(total = 100_000) {
  const database = await createTestDatabase();
  const db = createKysely(database.pool);
  try {
    await migrate(db as never);
    const store = new PostgresEventStore(database.pool);
    await seedUserEvents(store, total);
    const started = performance.now();
    await rebuild(db as never, store, projections);
    const seconds = (performance.now() - started) / 1000;
    await store.close();
    return { events: total, projections: projections.length, seconds, eventsPerSecond: total / seconds };
  } finally {
    await database.drop();
  }
}
