import { randomBytes } from 'node:crypto';
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * What a test run leaves outside itself (databases, Redis keys, temporary folders) carries the run's id, so
 * the run's teardown removes its own leftovers, and only those, even while other runs share the machine.
 * The global setup sets it for the run's workers; a process outside vitest gets one of its own.
 */
export function testRunId(): string {
  process.env.NG_TEST_RUN ??= randomBytes(3).toString('hex');
  return process.env.NG_TEST_RUN;
}

export const ROOT_URL = 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = 'redis://127.0.0.1:6379';

/** Names of this run's test databases end in `_<run>` (see db.ts). */
const databasePattern = (run: string) => `ngtest\\_%\\_${run}`;
/** Each test app's BullMQ queues live under `ng-<its database>` (see app.ts). */
const keyPattern = (run: string) => `ng-ngtest_*_${run}:*`;
/** Each test app's own folder (its mail outbox and stored files, see app.ts). */
export const appFolderPrefix = (run: string) => `ng-app-${run}-`;
/** Where the browser tests' screenshots of failures go; empty, and so removed, when every test passed. */
export const screenshotDir = (run: string) => join(tmpdir(), 'ng-e2e', run);

/**
 * Deletes the keys matching `pattern` and, when given, `only` (SCAN, never a flush of the shared Redis).
 * Answers how many.
 */
export async function deleteKeys(
  redis: Redis,
  pattern: string,
  only: (key: string) => boolean = () => true,
): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    const keys = found.filter(only);
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

/**
 * Removes what runs that never reached their teardown (interrupted, killed) left before `before` (epoch ms):
 * test databases and queue keys by the time in their name, test app folders by their age.
 */
export async function removeStaleLeftovers(before: number): Promise<void> {
  const client = new pg.Client({ connectionString: `${ROOT_URL}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'ngtest\\_%' AND datname < $1`,
      [`ngtest_${before}`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }

  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    await deleteKeys(
      redis,
      'ng-ngtest_*',
      (key) => Number(/^ng-ngtest_(\d+)_/.exec(key)?.[1] ?? before) < before,
    );
  } finally {
    redis.disconnect();
  }

  for (const name of await readdir(tmpdir())) {
    // Test app folders, and mail outboxes of runs before they were kept in one.
    if (!name.startsWith('ng-app-') && !name.startsWith('ng-outbox-')) continue;
    const path = join(tmpdir(), name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: before }));
    if (mtimeMs < before) await rm(path, { recursive: true, force: true });
  }
}

/**
 * Removes what this run left behind and answers a description of it: nothing when every test file cleaned
 * up after itself (a failed file may not have: its database and keys are removed here all the same).
 */
export async function removeLeftovers(run: string): Promise<string[]> {
  const found: string[] = [];

  const client = new pg.Client({ connectionString: `${ROOT_URL}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [databasePattern(run)],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    if (rows.length > 0) found.push(`${rows.length} databases (${rows.map((r) => r.datname).join(', ')})`);
  } finally {
    await client.end();
  }

  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const keys = await deleteKeys(redis, keyPattern(run));
    if (keys > 0) found.push(`${keys} Redis keys (${keyPattern(run)})`);
  } finally {
    redis.disconnect();
  }

  const folders = (await readdir(tmpdir())).filter((name) => name.startsWith(appFolderPrefix(run)));
  for (const name of folders) await rm(join(tmpdir(), name), { recursive: true, force: true });
  if (folders.length > 0) found.push(`${folders.length} test app folders (${appFolderPrefix(run)}*)`);

  // Screenshots stay for the failures they show; an empty folder goes.
  await rmdir(screenshotDir(run)).catch(() => undefined);
  return found;
}
