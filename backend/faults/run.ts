// `npm run faults`: the application as separate processes on a Postgres cluster and a Redis of its own,
// under a load of commands through the HTTP API, with faults injected; prints the figures against their
// targets and exits non-zero on any miss. See README.md beside this file.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerBook } from './answers.ts';
import { apiPair } from './api-pair.ts';
import { appProcesses, type Crash, PARTS, scriptOf } from './app-processes.ts';
import { calendarSync } from './calendar-sync.ts';
import { endAbandonedRuns, notePid, teardown } from './cleanup.ts';
import { database } from './database.ts';
import { editRounds } from './edit-rounds.ts';
import { FAULTS } from './faults.ts';
import { type FaultResult, figures } from './figures.ts';
import { gatherFound } from './found.ts';
import { httpClient } from './http-client.ts';
import { invoiceMails } from './invoice-mails.ts';
import { ledger } from './ledger.ts';
import { commands, loadClient } from './load.ts';
import { summarizeLogs } from './log-summary.ts';
import { messageMails } from './message-mails.ts';
import { options } from './options.ts';
import { partPayments } from './part-payments.ts';
import { passwords } from './passwords.ts';
import { sparePort } from './ports.ts';
import { createCluster, dropAbandonedClusters } from './postgres-cluster.ts';
import { readyzMonitor } from './readyz-monitor.ts';
import { measureRecovery, recoverySeconds } from './recovery.ts';
import { redisServer } from './redis-server.ts';
import { replayCheck } from './replay-check.ts';
import { report } from './report.ts';
import { buildServerSnapshot } from './server-build.ts';
import { settle } from './settle.ts';
import { sh, sleep } from './shell.ts';
import { makePeople, type Slice, type SliceContext } from './slice.ts';
import { stripePayments } from './stripe-payments.ts';
import { uploads } from './uploads.ts';

const HARD_CAP_MS = 450_000;
/** The faults end by then, so settling, checks and cleanup (each bounded) fit under the hard cap. */
const FAULTS_END_MS = 280_000;
const WARMUP_MS = 5_000;
const ADMIN = { email: 'faults-admin@example.com', password: 'faults-password' };

const opts = options(process.argv.slice(2));
const root = fileURLToPath(new URL('../..', import.meta.url));
const startedAt = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const cleanup = teardown(log);

let ending = false;
async function endNow(code: number, why: string) {
  if (ending) return;
  ending = true;
  log(why);
  await cleanup.run();
  process.exit(code);
}
// `on`, not `once`: a second signal or failure during the cleanup must not end the process before it is done.
process.on('SIGINT', () => void endNow(130, 'interrupted: cleaning up'));
process.on('SIGTERM', () => void endNow(143, 'terminated: cleaning up'));
process.on('uncaughtException', (err) => void endNow(1, `failed: ${err.stack ?? err}`));
process.on('unhandledRejection', (err) => void endNow(1, `failed: ${(err as Error)?.stack ?? err}`));
const cap = setTimeout(
  () => void endNow(3, `hard cap of ${HARD_CAP_MS / 1000} s reached: cleaning up`),
  HARD_CAP_MS,
);

async function waitFor(what: string, boundMs: number, check: () => Promise<boolean>) {
  const until = Date.now() + boundMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what} not within ${boundMs / 1000} s`);
}

/** The tools the run drives, said in one line when one is missing. */
async function checkTools() {
  const tools = [
    'pg_createcluster',
    'pg_ctlcluster',
    'pg_dropcluster',
    'pg_lsclusters',
    'redis-server',
    'redis-cli',
  ];
  const missing = [];
  for (const tool of tools) if ((await sh('which', [tool])).code !== 0) missing.push(tool);
  if (missing.length > 0)
    throw new Error(
      `npm run faults needs ${missing.join(', ')} (Debian/Ubuntu: apt-get install postgresql postgresql-common redis-server)`,
    );
}

async function main() {
  await checkTools();
  endAbandonedRuns(root, log);
  await dropAbandonedClusters(log);
  const workDir = mkdtempSync(join(tmpdir(), `ng-faults-${process.pid}-`));
  const logDir = join(workDir, 'logs');
  const outboxDir = join(workDir, 'outbox');
  mkdirSync(logDir);
  log(`logs in ${logDir} (outbox ${outboxDir})`);

  const build = await buildServerSnapshot();
  cleanup.add('server copy', async () => build.remove());
  log(`server built (${build.dir})`);

  const cluster = await createCluster();
  cleanup.add('postgres cluster', async () => {
    await cluster.keepLog(logDir);
    await cluster.drop();
  });
  await cluster.start();
  const redis = redisServer(await sparePort(), workDir, join(logDir, 'redis.log'));
  cleanup.add('redis', () => redis.stop());
  await redis.start();
  notePid(workDir, redis.pid(), `redis-server 127.0.0.1:${redis.port}`, `--port ${redis.port} `);
  log(`postgres ${cluster.name} on port ${cluster.port}, redis on port ${redis.port}`);

  const ports = [await sparePort(), await sparePort()];
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  let adminToken = '';
  // The later slices' work beside the load, each with the fakes it talks to started here.
  const slices: Slice[] = [
    invoiceMails(redis.url, opts.seconds),
    await stripePayments(),
    await calendarSync(() => adminToken),
    messageMails(),
    apiPair(),
    passwords(outboxDir),
    uploads(),
    editRounds(),
    partPayments(),
  ];
  cleanup.add('fakes', async () => {
    for (const slice of slices) await slice.close?.();
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: cluster.url('northern_guard'),
    REDIS_URL: redis.url,
    PORT: String(ports[0]),
    HOST: '127.0.0.1',
    OUTBOX_DIR: outboxDir,
    FILES_DIR: join(workDir, 'files'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: opts.logLevel,
    PUBLIC_FORM_RATE_LIMIT: '1000000',
    LOGIN_RATE_LIMIT: '1000000',
  };
  for (const slice of slices) Object.assign(env, slice.env);
  delete env.EVENTSTORE_URL;
  delete env.SMTP_URL;
  delete env.PUBLIC_URL;

  const crashes: Crash[] = [];
  const processes = appProcesses({
    entry: build.entry,
    env: (part) => (part === 'api2' ? { ...env, PORT: String(ports[1]) } : env),
    logDir,
    cwd: root,
    onCrash(crash) {
      // Ctrl-C reaches the whole process group: those ends are the harness's own.
      if (ending) return;
      crashes.push(crash);
      log(`CRASH: ${crash.part} ended by itself (${crash.exit}); starting it again`);
    },
    onStart: (part, pid) => notePid(workDir, pid, build.entry(scriptOf(part))),
  });
  cleanup.add('app processes', () => processes.stopAll());

  // Every answer of the run is classified: a 409, 401 or 404 its caller did not expect is a failure.
  const answers = answerBook();
  const http = httpClient(bases, opts.clients + 24, answers.note);
  cleanup.add('http client', async () => http.close());
  // All three at once, as docker-compose starts them.
  for (const part of PARTS) processes.start(part);
  for (const i of bases.keys())
    await waitFor(
      `/readyz 200 on ${bases[i]}`,
      60_000,
      async () => (await http.via(i).call('GET', '/readyz')).status === 200,
    );
  const login = await http.call('POST', '/api/auth/login', ADMIN);
  const token = (login.body as { token?: string }).token;
  if (!token) throw new Error(`admin sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  http.setToken(token);
  adminToken = token;
  const db = database(env.DATABASE_URL!);
  cleanup.add('database connections', () => db.close());
  log(
    `api ×2, projections and workers up at ${bases.join(', ')}; load: ${opts.clients} clients for ${opts.seconds} s`,
  );

  const book = ledger();
  const runId = randomBytes(3).toString('hex');
  const c = commands(book, http, runId, opts.idempotencyKeys);
  const faults: FaultResult[] = [];
  const ctx: SliceContext = { http, db, log, runId, people: await makePeople(http, runId, 4), faults };
  for (const slice of slices) {
    log(`preparing ${slice.name}`);
    await slice.prepare?.(ctx);
  }
  let loading = true;
  const loadStarted = Date.now();
  const loadEnd = loadStarted + opts.seconds * 1000;
  const clients = Array.from({ length: opts.clients }, (_, i) =>
    loadClient(c, `w${i}`, () => loading, opts.pauseMs),
  );
  const sliceWork = slices.map((slice) =>
    slice
      .during?.(ctx, loadEnd, () => loading)
      .catch((err: Error) => log(`${slice.name} failed: ${err.stack ?? err}`)),
  );

  const readyz = readyzMonitor(http);
  cleanup.add('readyz monitor', () => readyz.stop());
  await sleep(WARMUP_MS);
  for (const [i, fault] of FAULTS.entries()) {
    // Spread what is left of the run over the faults still to come (each reserving its outage and ~6 s).
    const left = FAULTS.slice(i);
    const reserved = left.reduce((s, f) => s + f.outageMs + 6_000, 0);
    await sleep(Math.max(2_000, (loadEnd - Date.now() - reserved) / (left.length + 1)));
    const result: FaultResult = { name: fault.name, from: Date.now() };
    faults.push(result);
    const budget = startedAt + FAULTS_END_MS - Date.now() - fault.outageMs;
    if (budget < 10_000) {
      result.error = 'not run: the run was out of time';
      log(`fault: ${fault.name} ${result.error}`);
      continue;
    }
    log(`fault: ${fault.name}`);
    try {
      result.note = await fault.run({
        processes,
        cluster,
        redis,
        outage(edge) {
          result[edge] = Date.now();
        },
      });
    } catch (err) {
      result.error = (err as Error).message;
      log(`  fault failed: ${result.error}`);
      continue;
    }
    result.to = Date.now();
    result.recovery = await measureRecovery(http, c, db, result.to, Math.min(60_000, budget));
    const s = recoverySeconds(result.recovery);
    log(
      `  recovered in ${s === null ? 'more than 60' : s.toFixed(1)} s (${JSON.stringify(result.recovery)})`,
    );
  }
  await sleep(Math.max(3_000, loadEnd - Date.now()));
  loading = false;
  log('load stopped; waiting for the commands in flight');
  // A command still retrying after 30 s more stays unanswered in the figures.
  await Promise.race([Promise.all([...clients, ...sliceWork]), sleep(30_000)]);
  await readyz.stop();

  log('settling (readyz, views caught up, jobs drained)');
  const settled = await settle(http, db, 45_000);
  const found = await gatherFound(db, outboxDir);
  const sliceChecks = [];
  for (const slice of slices)
    sliceChecks.push(
      await slice.check(ctx, found).catch((err: Error) => ({
        figures: [
          { label: `${slice.name}: check`, value: `failed: ${err.message}`, target: 'runs', pass: false },
        ],
        details: [],
      })),
    );
  log('stopping the application; replay-check');
  await processes.stopAll();
  const replay = await replayCheck(env);

  const { figures: list, details } = figures({
    records: book.records,
    attempts: book.attempts,
    readyz: readyz.samples,
    answers: book.answers,
    found,
    crashes,
    faults,
    replayCheck: replay,
    settled,
    startedAt,
    logs: await summarizeLogs(processes.logFile),
  });
  const surprises = answers.figures();
  const out = report(
    [...list, ...surprises.figures, ...sliceChecks.flatMap((s) => s.figures)],
    [...details, ...surprises.details, ...sliceChecks.flatMap((s) => s.details)],
  );
  const commit = (await sh('git', ['-C', root, 'rev-parse', '--short', 'HEAD'])).output.trim();
  const header = `faults run ${new Date(startedAt).toISOString()}, commit ${commit}, ${opts.clients} clients × ${opts.seconds} s (pause ${opts.pauseMs} ms, creates ${opts.idempotencyKeys ? 'with' : 'without'} Idempotency-Key), load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
  console.log(`\n${header}\n${out.text}\n`);
  log(`${out.misses === 0 ? 'all targets met' : `${out.misses} target(s) missed`}; logs in ${logDir}`);
  return out.misses === 0 ? 0 : 1;
}

main().then(
  async (code) => {
    clearTimeout(cap);
    await cleanup.run();
    process.exit(code);
  },
  (err: Error) => void endNow(1, `failed: ${err.stack ?? err}`),
);
