import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, ensureDatabase } from '../src/platform/db.ts';
import { ROOT_URL as ROOT, testRunId } from './leftovers.ts';

/**
 * A fresh database for one test file, so files can run in parallel. Its name starts with the time (the
 * global setup drops those of interrupted runs hours later) and ends with the run (whose teardown drops it
 * when the file could not).
 */
export async function createTestDatabase() {
  const name = `ngtest_${Date.now()}_${randomBytes(3).toString('hex')}_${testRunId()}`;
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
