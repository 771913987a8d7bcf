import pino from 'pino';
import { type Config, ConfigError, loadConfig } from '../platform/config.ts';
import { openInfrastructure } from '../platform/infrastructure.ts';
import { bootstrapAdmin } from '../users/bootstrap.ts';
import { preflight } from './preflight.ts';
import { createDeps, createRedis, startApi, startProjections, startWorkerProcesses } from './runtime.ts';

type Part = 'api' | 'projections' | 'workers';

/**
 * The settings, once they parse and the port, Postgres and Redis they name are usable. Otherwise start-up
 * stops here, before any slow work, with one line per problem naming the setting to change.
 */
export async function checkedConfig(options: { listens: boolean }): Promise<Config> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const problems = await preflight(config, options);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  return config;
}

/** Starts the chosen parts in this process; `npm start` runs all three with the embedded defaults. */
export async function main(parts: readonly Part[]) {
  const config = await checkedConfig({ listens: parts.includes('api') });
  const log = pino({ level: config.LOG_LEVEL });
  const infra = await openInfrastructure(config, 30);
  const redis = createRedis(config);
  const stops: (() => Promise<unknown>)[] = [];

  if (parts.includes('projections')) stops.push(startProjections(infra, log).stop);
  const deps = await createDeps(config, infra, redis);
  if (parts.includes('workers')) stops.push(startWorkerProcesses(deps, log).stop);
  if (parts.includes('api')) {
    const boot = await bootstrapAdmin(deps);
    const api = await startApi(deps);
    stops.unshift(api.stop);
    const url = config.PUBLIC_URL;
    const lines = [`Northern Guard is running at ${url} (listening on ${api.address})`];
    if (boot.created && boot.generatedPassword) {
      lines.push(
        `Admin sign-in: ${boot.email} / ${boot.generatedPassword}  (shown once; you will be asked to change it)`,
      );
    } else if (boot.created) {
      lines.push(`Admin sign-in: ${boot.email} with ADMIN_PASSWORD`);
    } else {
      lines.push(
        `Admin sign-in: the admin account created at first start (${config.ADMIN_EMAIL ?? 'admin@example.com'})`,
      );
    }
    console.log(`\n${lines.join('\n')}\n`);
  }

  const shutdown = async () => {
    for (const stop of stops) await stop().catch((err) => log.error({ err }, 'shutdown step failed'));
    await deps.watcher.close();
    redis.disconnect();
    await infra.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
