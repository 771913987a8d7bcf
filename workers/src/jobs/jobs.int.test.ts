import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDomainEvent } from '@app/contracts/events/domain';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { systemActor, toNewEvents } from '../../../backend/src/platform/command.ts';
import { eventually } from '../../../backend/test/eventually.ts';
import { deleteKeys } from '../../../backend/test/leftovers.ts';
import { createMailer } from '../mail/mailer.ts';
import { consultationRequestedMail } from './consultation-requested-mail.ts';
import { findJob, JOB_STATUSES, listJobs, retryJobs } from './table.ts';
import { consultationBody, outboxMails, queueHas, startJobsApp } from './testing.ts';

type JobsApp = Awaited<ReturnType<typeof startJobsApp>>;

const until = <T>(what: string, probe: () => Promise<T | null | undefined | false>) =>
  eventually(what, probe, 20_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The consultation mail jobs of an app, oldest first. */
const mailJobs = async (app: JobsApp) =>
  (await listJobs(app.t.deps.db, JOB_STATUSES)).filter((j) => j.name === consultationRequestedMail.id);
const oneMailJob = async (app: JobsApp) => until('the job row', async () => (await mailJobs(app))[0]);
const mailsAbout = async (app: JobsApp, name: string, outbox = app.t.outbox) =>
  (await outboxMails(outbox)).filter((m) => m.includes(`New consultation request from ${name}`));

/** Pretends the workers process died mid-attempt: the attempt is recorded, its outcome is not. */
const recordInterruptedAttempt = (app: JobsApp, id: string) =>
  sql`UPDATE jobs SET status = 'running', attempts = 1, attempt_started_at = now() - interval '1 minute'
    WHERE id = ${id}`.execute(app.t.deps.db);

/** Runs one of the operators' CLIs against the app's database; answers what it printed. */
const cli = (app: JobsApp, script: string, ...args: string[]) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn('npx', ['tsx', `backend/src/processes/${script}`, ...args], {
      env: { ...process.env, DATABASE_URL: app.t.database.url },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} ${args}: ${code}`)),
    );
  });

/** A port nothing listens on (yet). */
async function freePort() {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('jobs come from the event log', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  const start = async (...args: Parameters<typeof startJobsApp>) => {
    const app = await startJobsApp(...args);
    cleanups.push(() => app.close());
    return app;
  };

  it('a consultation mail waits for lagging projections without spending retries, then goes out once', async () => {
    const app = await start();
    await app.t.pauseProjections(); // the projections process is down
    await app.requestConsultation('Homer Spit Cafe');
    const job = await oneMailJob(app);
    await sleep(1_500); // many pump rounds and reconciles
    const waiting = await findJob(app.t.deps.db, job.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, enqueued_at: null });
    expect(await queueHas(app.prefix, job.id)).toBe(false);
    expect(await mailsAbout(app, 'Homer Spit Cafe')).toHaveLength(0);

    app.t.resumeProjections();
    const [mail] = await until('the mail', async () => {
      const found = await mailsAbout(app, 'Homer Spit Cafe');
      return found.length > 0 && found;
    });
    expect(mail).toContain('Service: Starlink Installation');
    expect(mail).toContain('Property: Commercial');
    expect(mail).toContain('Preferred date:');
    expect(mail).toContain('Morning (8AM-12PM)');
    expect(mail).not.toContain('Service: starlink');
    const done = await until('the outcome', async () => {
      const row = await findJob(app.t.deps.db, job.id);
      return row?.status === 'done' && row;
    });
    expect(done.attempts).toBe(1);
    expect(done.outcome).toMatchObject({ sent: true, mail: { messageId: `<${job.id}@localhost>` } });
    // Long headers are folded onto the next line.
    expect(mail).toMatch(new RegExp(`^Message-ID:\\s+<${job.id}@localhost>`, 'm'));
  });

  it('a job left waiting for a projection is enqueued as soon as that projection moves on, not at the next poll', async () => {
    // Polls a minute apart: only the projection's change notice can start the mail within the test.
    const app = await start({ pollMs: 60_000, reconcileMs: 60_000 });
    await app.t.pauseProjections();
    await app.requestConsultation('Seldovia Lodge');
    const job = await oneMailJob(app);
    await sleep(500);
    expect(await findJob(app.t.deps.db, job.id)).toMatchObject({ status: 'pending', enqueued_at: null });
    app.t.resumeProjections();
    await eventually('the mail', async () => (await mailsAbout(app, 'Seldovia Lodge')).length === 1, 10_000);
  });

  it('an event made as past history (the demo seed) starts no job; the same made by a person does', async () => {
    const app = await start();
    const append = (consultationId: number, name: string, history: boolean) =>
      app.t.deps.store.append(
        `consultation-${consultationId}`,
        toNewEvents(
          [
            {
              type: 'ConsultationRequested',
              data: { consultationId, ...consultationBody(name) },
            } as TDomainEvent,
          ],
          { ...systemActor(), ...(history && { history: true as const }) },
        ),
        'no_stream',
      );
    await app.t.deps.waitForProjections(await append(90_001, 'Seeded Lodge', true));
    await app.t.deps.waitForProjections(await append(90_002, 'Real Lodge', false));
    const job = await oneMailJob(app);
    expect((await mailJobs(app)).map((j) => j.id)).toEqual([job.id]);
    expect(job.event_id).toBe((await app.t.deps.store.readLast('consultation-90002'))!.id);
  });

  it('refills a Redis that lost its jobs: the mail is sent exactly once', async () => {
    const app = await start({ runHandlers: false });
    await app.requestConsultation('Seward Marina');
    const job = await oneMailJob(app);
    await until('the job on the queue', async () => queueHas(app.prefix, job.id));
    // The pump records the enqueue just after BullMQ took the job.
    await until(
      'the enqueue recorded',
      async () => (await findJob(app.t.deps.db, job.id))?.enqueued_at != null,
    );

    // Redis comes back empty (it keeps nothing on disk).
    const redis = new Redis('redis://127.0.0.1:6379');
    await deleteKeys(redis, `${app.prefix}:*`);
    redis.disconnect();
    expect(await queueHas(app.prefix, job.id)).toBe(false);

    await until('the reconcile to put it back', async () => queueHas(app.prefix, job.id));
    app.workers.jobs.startHandlers();
    await until('the outcome', async () => (await findJob(app.t.deps.db, job.id))?.status === 'done');
    await sleep(800); // a few more reconciles: nothing runs again
    expect(await mailsAbout(app, 'Seward Marina')).toHaveLength(1);
    expect((await findJob(app.t.deps.db, job.id))?.attempts).toBe(1);
  });

  it('a job whose previous attempt still runs (BullMQ lost its lock) waits without spending a retry', async () => {
    const app = await start({ runHandlers: false });
    await app.requestConsultation('Sitka Ferry');
    const job = await oneMailJob(app);
    await until('the job on the queue', async () => queueHas(app.prefix, job.id));
    // The attempt holding the job, as a worker whose lock BullMQ thought lost would.
    const holder = new pg.Client({ connectionString: app.t.database.url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [`job:${job.id}`]);

    app.workers.jobs.startHandlers();
    await sleep(1_500);
    expect(await findJob(app.t.deps.db, job.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await mailsAbout(app, 'Sitka Ferry')).toHaveLength(0);

    await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [`job:${job.id}`]);
    const done = await until('the outcome', async () => {
      const row = await findJob(app.t.deps.db, job.id);
      return row?.status === 'done' && row;
    });
    expect(done.attempts).toBe(1);
    expect(await mailsAbout(app, 'Sitka Ferry')).toHaveLength(1);
  });

  it('an attempt recorded without an outcome is not sent twice by the outbox', async () => {
    const app = await start({ runHandlers: false });
    await app.requestConsultation('Kodiak Lodge');
    await app.requestConsultation('Nome Outfitters');
    const [sentBeforeCrash, crashedBeforeSending] = await until('both job rows', async () => {
      const jobs = await mailJobs(app);
      return jobs.length === 2 && jobs;
    });
    // The first one's mail was written before the crash; the second crashed before it wrote anything.
    await recordInterruptedAttempt(app, sentBeforeCrash!.id);
    await recordInterruptedAttempt(app, crashedBeforeSending!.id);
    const mailer = createMailer({ outboxDir: app.t.outbox, from: app.t.config.MAIL_FROM });
    await mailer.send(
      {
        to: 'owner@example.com',
        subject: 'New consultation request from Kodiak Lodge',
        text: 'first attempt',
      },
      sentBeforeCrash!.id,
    );

    app.workers.jobs.startHandlers();
    for (const j of [sentBeforeCrash!, crashedBeforeSending!]) {
      await until('the outcome', async () => (await findJob(app.t.deps.db, j.id))?.status === 'done');
    }
    const kodiak = await mailsAbout(app, 'Kodiak Lodge');
    expect(kodiak).toHaveLength(1);
    expect(kodiak[0]).toContain('first attempt');
    expect(await mailsAbout(app, 'Nome Outfitters')).toHaveLength(1);
    expect((await findJob(app.t.deps.db, sentBeforeCrash!.id))?.outcome).toMatchObject({
      mail: { messageId: `<${sentBeforeCrash!.id}@localhost>` },
    });
  });

  it('an attempt recorded without an outcome goes to review with SMTP, and is not sent', async () => {
    // Nothing listens there: a send would fail the attempt instead of setting it aside.
    const smtp = `smtp://127.0.0.1:${await freePort()}`;
    const app = await start({ runHandlers: false }, { SMTP_URL: smtp });
    await app.requestConsultation('Valdez Harbor');
    const job = await oneMailJob(app);
    await until('the job on the queue', async () => queueHas(app.prefix, job.id));
    await recordInterruptedAttempt(app, job.id);

    app.workers.jobs.startHandlers();
    const review = await until('review', async () => {
      const row = await findJob(app.t.deps.db, job.id);
      return row?.status === 'review' && row;
    });
    expect(review.last_error).toMatch(/may have sent this mail; not sent again/);
    expect(review.attempts).toBe(2);
    expect((await listJobs(app.t.deps.db)).map((j) => j.id)).toContain(job.id);
    await sleep(800);
    expect((await findJob(app.t.deps.db, job.id))?.status).toBe('review');
  });

  it('a job failing every time is parked, listed, and run again by retry', async () => {
    // The outbox path is a file: writing any mail fails until an operator fixes it.
    const dir = await mkdtemp(join(tmpdir(), 'ng-jobs-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const outbox = join(dir, 'outbox');
    await writeFile(outbox, 'not a folder');
    const app = await start({}, { OUTBOX_DIR: outbox });
    await app.requestConsultation('Bethel Clinic');
    const job = await oneMailJob(app);
    const parked = await until('parked', async () => {
      const row = await findJob(app.t.deps.db, job.id);
      return row?.status === 'parked' && row;
    });
    expect(parked.attempts).toBe(3);
    expect(parked.last_error).toMatch(/EEXIST|ENOTDIR/);
    expect((await listJobs(app.t.deps.db, ['parked'])).map((j) => j.id)).toEqual([job.id]);

    // The CLIs show it too.
    const listed = await cli(app, 'jobs-cli.ts', 'list', 'parked');
    expect(listed).toContain(job.id);
    expect(listed).toMatch(/parked 1/);
    expect(await cli(app, 'projections-cli.ts', 'status')).toContain('jobs needing attention: 1 parked');

    await rm(outbox);
    expect(await retryJobs(app.t.deps.db, 'all-parked')).toEqual([job.id]);
    const done = await until('done after retry', async () => {
      const row = await findJob(app.t.deps.db, job.id);
      return row?.status === 'done' && row;
    });
    expect(done.attempts).toBe(1);
    expect(await mailsAbout(app, 'Bethel Clinic', outbox)).toHaveLength(1);
  });

  it('the dispatcher commits with Redis unreachable; the jobs are enqueued once Redis is back', async () => {
    const port = await freePort();
    const app = await start({ redisUrl: `redis://127.0.0.1:${port}` });
    await app.requestConsultation('Barrow Station');
    const job = await oneMailJob(app); // recorded and committed by the dispatcher
    await sleep(1_000);
    expect(await findJob(app.t.deps.db, job.id)).toMatchObject({ status: 'pending', enqueued_at: null });
    // Every view is still live (nothing held a projection transaction waiting on Redis).
    const res = await app.t.call('GET', '/api/consultations', undefined, app.t.adminToken);
    expect(res.status).toBe(200);

    // Redis comes back at that address.
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((client) => {
      const upstream = connect(6379, '127.0.0.1');
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => s.destroy());
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
    cleanups.unshift(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => proxy.close(r));
    });

    await until('the outcome', async () => (await findJob(app.t.deps.db, job.id))?.status === 'done');
    expect(await mailsAbout(app, 'Barrow Station')).toHaveLength(1);
  });
});
