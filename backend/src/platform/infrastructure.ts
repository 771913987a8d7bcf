import type { Database } from '@app/projections/schema/database';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { EventStoreDbEventStore } from '../eventstore/esdb.ts';
import type { EventStore, RecordWrite } from '../eventstore/port.ts';
import { inTransaction, PostgresEventStore, writeRecordsOn } from '../eventstore/postgres.ts';
import { withEventSchemas } from '../eventstore/schemas.ts';
import type { Config } from './config.ts';
import { createKysely, createPool, ensureDatabase } from './db.ts';
import { migrate } from './migrations.ts';

export interface Infrastructure {
  pool: pg.Pool;
  /** Kysely over the ordinary (public) tables. */
  db: Kysely<unknown>;
  /** Kysely over the read models (schema `rm`). */
  rm: Kysely<Database>;
  store: EventStore;
  close(): Promise<void>;
}

/** The rows that change with a change's events, when the events live in EventStoreDB: one transaction. */
async function writeRecords(pool: pg.Pool, records: readonly RecordWrite[]) {
  if (records.length > 0) await inTransaction(pool, (client) => writeRecordsOn(client, records));
}

/** Database (created when missing), migrations and the configured event store. */
export async function openInfrastructure(config: Config, poolSize = 20): Promise<Infrastructure> {
  await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL, poolSize);
  const kysely = createKysely(pool);
  await migrate(kysely as Kysely<unknown>);
  const store: EventStore = withEventSchemas(
    config.EVENTSTORE_URL
      ? new EventStoreDbEventStore(config.EVENTSTORE_URL, (records) => writeRecords(pool, records))
      : new PostgresEventStore(pool),
  );
  return {
    pool,
    db: kysely as Kysely<unknown>,
    rm: kysely.withSchema('rm'),
    store,
    async close() {
      await store.close();
      await kysely.destroy();
    },
  };
}
