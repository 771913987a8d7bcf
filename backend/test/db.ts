import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, ensureDatabase } from '../src/platform/db.ts';

const ROOT = 'postgres://postgres@127.0.0.1:5432';

/** A fresh database for one test file, so files can run in parallel. */
export async function createTestDatabase() {
  const name = `ngtest_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const url = `${ROOT}/${name}`;
  await ensureDatabase(url);
  const pool = createPool(url, 20);
  return {
    url,
    name,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: `${ROOT}/postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
