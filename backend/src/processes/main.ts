import { isTransientError } from '@app/projections/runtime/transient';
import pino, { type Logger } from 'pino';
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
  let stop: () => Promise<void>;
  for (;;) {
    try {
      stop = await startParts(config, parts, log);
      break;
    } catch (err) {
      // Anything else is a fault of this build or its settings, which starting again would only repeat.
      if (!isTransientError(err)) {
        console.error(err);
        process.exit(1);
      }
      // A store lost between the check and the start: waited for again, as at first.
      log.warn({ err }, 'a store went away while starting; waiting for it again');
      await waitForStores(config);
    }
  }
  const shutdown = async () => {
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

/**
 * Opens the stores and starts the parts; answers what stops them again. When a step fails, what the steps
 * before it started is stopped, so a start can be tried again in the same process.
 */
async function startParts(config: Config, parts: readonly Part[], log: Logger) {
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((err) => log.error({ err }, 'shutdown step failed'));
  };
  try {
    const infra = await openInfrastructure(config, 30);
    stops.push(() => infra.close());
    const redis = createRedis(config);
    stops.push(async () => redis.disconnect());
    if (parts.includes('projections')) stops.push(startProjections(infra, log).stop);
    const deps = await createDeps(config, infra, redis);
    stops.push(() => deps.watcher.close());
    if (parts.includes('workers')) stops.push(startWorkerProcesses(deps, log).stop);
    if (parts.includes('api')) {
      const boot = await bootstrapAdmin(deps);
      const api = await startApi(deps);
      stops.push(api.stop);
      console.log(`\n${runningLines(config, api.address, boot).join('\n')}\n`);
    }
    return stopAll;
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function runningLines(config: Config, address: string, boot: Awaited<ReturnType<typeof bootstrapAdmin>>) {
  const lines = [`Northern Guard is running at ${config.PUBLIC_URL} (listening on ${address})`];
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
  return lines;
}
