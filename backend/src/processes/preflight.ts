import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Config } from '../platform/config.ts';

/** How long one look at Postgres or Redis may take: a host that does not answer is asked again each second. */
const TIMEOUT_MS = 1000;
const ROUND_MS = 1000;

/** `host:port` of a service address, without the credentials it may carry. */
function where(url: string, defaultPort: number) {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || defaultPort}`;
}

const reason = (err: unknown) =>
  (err instanceof Error && (err.message || (err as NodeJS.ErrnoException).code)) || String(err);

/** Answers a line naming PORT when the HTTP port cannot be listened on, else null. */
export function checkPort(config: Pick<Config, 'PORT' | 'HOST'>): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      const address = `${config.HOST}:${config.PORT}`;
      if (err.code === 'EADDRINUSE')
        resolve(`Port ${config.PORT} is already in use (${address}): stop the other process or set PORT.`);
      else if (err.code === 'EACCES')
        resolve(`Port ${config.PORT} needs privileges this process lacks (${address}): set PORT above 1023.`);
      else resolve(`Cannot listen on ${address} (${reason(err)}): check PORT and HOST.`);
    });
    probe.listen({ port: config.PORT, host: config.HOST, exclusive: true }, () =>
      probe.close(() => resolve(null)),
    );
  });
}

/**
 * Answers a line naming DATABASE_URL while Postgres cannot be reached or refuses the sign-in, else null.
 * A database that does not exist yet is fine: start-up creates it.
 */
export async function checkPostgres(config: Pick<Config, 'DATABASE_URL'>): Promise<string | null> {
  const client = new pg.Client({
    connectionString: config.DATABASE_URL,
    connectionTimeoutMillis: TIMEOUT_MS,
    application_name: 'northern-guard-preflight',
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return null;
  } catch (err) {
    if ((err as { code?: string }).code === '3D000') return null;
    return `Waiting for PostgreSQL at ${where(config.DATABASE_URL, 5432)} (${reason(err)}): start it or set DATABASE_URL.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Answers a line naming REDIS_URL while Redis does not answer a PING, else null. */
export async function checkRedis(config: Pick<Config, 'REDIS_URL'>): Promise<string | null> {
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    commandTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The connection's own error (ECONNREFUSED...) says more than the "Connection is closed." that follows it.
  let cause: unknown;
  redis.on('error', (err) => {
    cause ??= err;
  });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    const why = reason(cause ?? err);
    return `Waiting for Redis at ${where(config.REDIS_URL, 6379)} (${why}): start it or set REDIS_URL.`;
  } finally {
    redis.disconnect();
  }
}

/**
 * Returns once Postgres and Redis both answer. Until then it says, once a second, which one it waits for
 * (a line each, naming its setting): a process started before its database, or while it restarts, starts
 * when it is back instead of exiting, which would only leave a supervisor restarting it in a loop.
 */
export async function waitForStores(
  config: Pick<Config, 'DATABASE_URL' | 'REDIS_URL'>,
  say: (line: string) => void = console.error,
) {
  for (let waited = false; ; waited = true) {
    const started = Date.now();
    const away = (await Promise.all([checkPostgres(config), checkRedis(config)])).filter((p) => p !== null);
    if (away.length === 0) {
      if (waited) say('PostgreSQL and Redis answer: starting.');
      return;
    }
    for (const line of away) say(line);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ROUND_MS - (Date.now() - started))));
  }
}
