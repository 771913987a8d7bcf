import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Config } from '../platform/config.ts';

/** How long an unreachable Postgres or Redis may take to say so before start-up gives up on it. */
const TIMEOUT_MS = 3000;

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
 * Answers a line naming DATABASE_URL when Postgres cannot be reached or refuses the sign-in, else null.
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
    return `Cannot reach PostgreSQL at ${where(config.DATABASE_URL, 5432)} (${reason(err)}): start it or set DATABASE_URL.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Answers a line naming REDIS_URL when Redis does not answer a PING, else null. */
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
    return `Cannot reach Redis at ${where(config.REDIS_URL, 6379)} (${why}): start it or set REDIS_URL.`;
  } finally {
    redis.disconnect();
  }
}

/**
 * What start-up needs from outside, checked at once and before any slow work: the port (when this process
 * serves HTTP), Postgres and Redis. Answers one line per problem, each naming the setting to change.
 */
export async function preflight(config: Config, options: { listens: boolean }): Promise<string[]> {
  const problems = await Promise.all([
    options.listens ? checkPort(config) : null,
    checkPostgres(config),
    checkRedis(config),
  ]);
  return problems.filter((p) => p !== null);
}
