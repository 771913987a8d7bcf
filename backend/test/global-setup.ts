import pg from 'pg';

/** Drops databases left by earlier, interrupted test runs (each test file makes its own). */
export default async function setup() {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'ngtest\\_%' AND datname < $1`,
    [`ngtest_${Date.now() - 6 * 3600_000}`],
  );
  for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await client.end();
}
