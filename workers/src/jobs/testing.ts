import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { businessToday } from '@app/contracts/api/consultations';
import { Redis } from 'ioredis';
import pino from 'pino';
import { startWorkerProcesses } from '../../../backend/src/processes/runtime.ts';
import { startTestApp } from '../../../backend/test/app.ts';
import type { JobRuntimeOptions } from '../job-runtime.ts';

/** Test support for the job tests: an app whose job runtime the test starts itself, with quick rounds. */
export const quick: JobRuntimeOptions = {
  pollMs: 100,
  reconcileMs: 300,
  redisTimeoutMs: 1_000,
  retry: { attempts: 3, backoffMs: 50 },
};

const REDIS_URL = 'redis://127.0.0.1:6379';

export async function queueHas(prefix: string, jobId: string) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  try {
    return (await redis.exists(`${prefix}:mail:${jobId}`)) === 1;
  } finally {
    redis.disconnect();
  }
}

/** The outbox's .eml files as text. */
export async function outboxMails(dir: string) {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  return Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
}

export const consultationBody = (name: string) => ({
  name,
  email: 'visitor@example.com',
  phone: '907-555-0100',
  preferredDate: businessToday(new Date()),
  preferredTime: 'morning',
  serviceType: 'starlink',
  propertyType: 'commercial',
  description: `Satellite internet for ${name}`,
});

/** A test app (own database) with the job runtime under the app's own BullMQ prefix. */
export async function startJobsApp(
  options: JobRuntimeOptions & { redisUrl?: string } = {},
  env: Record<string, string> = {},
) {
  // A loaded machine can take over the default 2 s to build the first views, which the first admin waits for.
  const t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '5000', ...env } });
  const prefix = `ng-${t.database.name}`;
  const workers = startWorkerProcesses(t.deps, pino({ level: 'silent' }), prefix, { ...quick, ...options });
  return {
    t,
    prefix,
    workers,
    /** Asks for a consultation through the API; answers its job's id once the dispatcher recorded it. */
    async requestConsultation(name: string) {
      const res = await t.call('POST', '/api/consultations', consultationBody(name));
      if (res.status !== 201 && res.status !== 202) throw new Error(`consultation: ${res.status}`);
      return res;
    },
    /** Stops the jobs, then the app, which removes the database, the queues' keys and the outbox. */
    async close() {
      await workers.stop();
      await t.close();
    },
  };
}
