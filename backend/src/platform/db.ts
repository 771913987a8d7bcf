import type { OpenPipelined } from '@app/projections/runtime/types';
import type { Database } from '@app/projections/schema/database';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';

// A calendar date stays the string it is ('2026-12-01'); turning it into a Date at local midnight shifts days.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** Creates the database named in the URL when it is missing (trust auth on the default `postgres` db). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  client.on('error', () => undefined); // a lost connection fails the query below, which is what we report
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client
        .query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`)
        .catch((err: { code?: string }) => {
          // Created meanwhile by another process starting at the same time: Postgres says so with 42P04, or,
          // when both CREATE DATABASE ran at once, with 23505 on its catalog's unique index.
          if (err.code !== '42P04' && err.code !== '23505') throw err;
        });
    }
  } finally {
    await client.end();
  }
}

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // An open writer holds every event reader back: never let a forgotten transaction linger.
    idle_in_transaction_session_timeout: 10_000,
    application_name: 'northern-guard',
    // Statements sent together are written at once (a change's transaction: eventstore/postgres.ts); one at a
    // time, as kysely sends them, nothing differs.
    pipeline: true,
  });
  // A connection lost while idle in the pool, or while checked out between queries (pg-pool then has no
  // listener on it), emits 'error'; unhandled, that kills the process. The query in flight fails on its own
  // and the pool replaces the connection, so the event itself needs nothing more.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function createKysely(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Pipelining connections for the live projection runner (`OpenPipelined`): over one pooled connection, a
 * Kysely that sends each query as it comes (kysely's own transactions take turns), so the statements of a
 * batch's projections go out together, and raw sends queued behind them.
 */
export function pipelinedConnections(pool: pg.Pool): OpenPipelined {
  // biome-ignore lint/suspicious/noExplicitAny: projectors write to whichever schema they are pointed at
  const kyselyOf = new WeakMap<pg.PoolClient, Kysely<any>>();
  return async () => {
    const client = await pool.connect();
    let db = kyselyOf.get(client);
    if (!db) {
      const connection = { query: client.query.bind(client), release: () => undefined };
      const single = {
        connect: async () => connection,
        end: async () => undefined,
      } as unknown as PostgresPool;
      db = new Kysely({ dialect: new PostgresDialect({ pool: single }) });
      kyselyOf.set(client, db);
    }
    return {
      db,
      send: (text, parameters) => client.query(text, parameters && [...parameters]),
      release: (broken) => client.release(broken),
    };
  };
}
