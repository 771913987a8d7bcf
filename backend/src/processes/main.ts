import pino from 'pino';
import { type Config, ConfigError, loadConfig } from '../platform/config.ts';
import { openInfrastructure } from '../platform/infrastructure.ts';
import { bootstrapAdmin } from '../users/bootstrap.ts';
import { keepRunningOnForgottenErrors } from './last-resort.ts';
import { checkPort, waitForStores } from './preflight.ts';
import { createDeps, createRedis, startApi, startProjections, startWorkerProcesses } from './runtime.ts';

type Part = 'api' | 'projections' | 'workers';

/** The settings, or start-up stops here with one line naming the one that does not parse. */
function settingsOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * What start-up needs from outside, before any slow work. A port in use stops it at once with one line
 * naming PORT (waiting would not free it); Postgres and Redis are waited for, a line a second naming the
 * setting of the one still away (`waitForStores`).
 */
async function readyToStart(config: Config, options: { listens: boolean }) {
  const port = options.listens ? await checkPort(config) : null;
  if (port) {
    console.error(port);
    process.exit(1);
  }
  await waitForStores(config);
}

/** The settings, once the port is free and Postgres and Redis answer (what `preflight-cli.ts` runs alone). */
export async function checkedConfig(options: { listens: boolean }): Promise<Config> {
  const config = settingsOrExit();
  await readyToStart(config, options);
  return config;
}

/** Starts the chosen parts in this process; `npm start` runs all three with the embedded defaults. */
export async function main(parts: readonly Part[]) {
  const config = settingsOrExit();
  const log = pino({ level: config.LOG_LEVEL });
  keepRunningOnForgottenErrors(log);
  await readyToStart(config, { listens: parts.includes('api') });
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
