import pg from 'pg';
import { ROOT_URL, removeLeftovers, testRunId } from './leftovers.ts';

/**
 * vitest global setup: names this run (test databases, queue keys and temporary folders carry its id) and
 * drops databases left by earlier, interrupted runs. Its teardown removes whatever this run left behind and
 * lists it: each test file cleans up after itself, so a listed leftover points at a file that did not (or
 * failed before it could).
 */
export default async function setup() {
  const run = testRunId();
  const client = new pg.Client({ connectionString: `${ROOT_URL}/postgres` });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'ngtest\\_%' AND datname < $1`,
    [`ngtest_${Date.now() - 6 * 3600_000}`],
  );
  for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await client.end();

  return async () => {
    const left = await removeLeftovers(run);
    if (left.length > 0) console.warn(`Test run ${run} left behind, now removed: ${left.join('; ')}`);
  };
}
