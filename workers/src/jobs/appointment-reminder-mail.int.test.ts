import { addDays, utcToLocal } from '@app/contracts/calendar/time-zone';
import ICAL from 'ical.js';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../backend/test/eventually.ts';
import { deleteKeys } from '../../../backend/test/leftovers.ts';
import {
  appointmentChangedReminder,
  appointmentScheduledReminder,
  REMINDER_LEAD_MS,
} from './appointment-reminder-mail.ts';
import { findJob, JOB_STATUSES, listJobs } from './table.ts';
import { outboxMails, queueHas, startJobsApp } from './testing.ts';

type JobsApp = Awaited<ReturnType<typeof startJobsApp>>;
const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = <T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 20_000) =>
  eventually(what, probe, ms);

/** The reminder mails in the outbox whose subject names `title`. */
const remindersOf = async (app: JobsApp, title: string) =>
  (await outboxMails(app.t.outbox)).filter((m) => m.includes(`Subject: Reminder: ${title} on `));

/** The .ics attachment of a mail as text (nodemailer writes it base64 or quoted-printable). */
function icsAttachment(eml: string) {
  const part = /Content-Type: text\/calendar[^\n]*\n((?:[^\n]+\n)*?)\n([\s\S]*?)\n--/.exec(
    eml.replace(/\r\n/g, '\n'),
  );
  if (!part) throw new Error('no text/calendar part');
  const [, headers, body] = part as unknown as [string, string, string];
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/**
 * The reminders run for real: delayed BullMQ jobs from the `run_at` kept on their rows. The appointments start
 * 24 hours and some seconds from now (a whole minute, as the API takes them), so the reminders fall due within
 * the test; every way an appointment can change before then is made on one of them, and Redis loses the queued
 * jobs on the way.
 */
describe('appointment reminder mails', () => {
  let app: JobsApp;
  const ids: Record<string, number> = {};
  let startsAt = 0;
  let due = 0;
  let portalClientId = 0;
  let offlineClientId = 0;

  const local = (ms: number) => utcToLocal(new Date(ms));
  const schedule = async (key: string, clientId: number, at: number) => {
    const { date, time } = local(at);
    const res = await app.t.call(
      'POST',
      '/api/appointments',
      {
        clientId,
        title: `Visit ${key}`,
        scheduledDate: date,
        startTime: time,
        location: 'Mile 12 Parks Hwy',
      },
      app.t.adminToken,
    );
    expect(res.status).toBe(201);
    ids[key] = res.body.id as number;
  };
  const change = async (key: string, body: Record<string, unknown>) => {
    const res = await app.t.call('PATCH', `/api/appointments/${ids[key]}`, body, app.t.adminToken);
    expect(res.status).toBe(200);
  };
  /** The reminder job an appointment's event of this kind started. */
  const jobOf = async (key: string, kind: 'scheduled' | 'changed') => {
    const name = kind === 'scheduled' ? appointmentScheduledReminder.id : appointmentChangedReminder.id;
    return until(`${kind} reminder job of ${key}`, async () =>
      (await listJobs(app.t.deps.db, JOB_STATUSES)).find(
        (j) => j.name === name && j.event_stream === `appointment-${ids[key]}`,
      ),
    );
  };
  const runAtOf = async (jobId: string) => {
    const { rows } = await sql<{ run_at: Date }>`SELECT run_at FROM jobs WHERE id = ${jobId}`.execute(
      app.t.deps.db,
    );
    return rows[0]!.run_at.getTime();
  };

  beforeAll(async () => {
    app = await startJobsApp();
    const portal = await app.t.call(
      'POST',
      '/api/clients',
      { name: 'Talkeetna Air', email: 'talkeetna@example.com', userType: 'client', portalAccess: true },
      app.t.adminToken,
    );
    portalClientId = portal.body.client.id as number;
    const offline = await app.t.call(
      'POST',
      '/api/clients',
      { name: 'Offline Cabin', email: 'cabin@example.com', userType: 'client', portalAccess: false },
      app.t.adminToken,
    );
    offlineClientId = (offline.body.client?.id ?? offline.body.id) as number;

    // The first whole minute at least 12 s past a day from now: its reminder falls due 12-72 s from now.
    startsAt = Math.ceil((Date.now() + REMINDER_LEAD_MS + 12_000) / MINUTE) * MINUTE;
    due = startsAt - REMINDER_LEAD_MS;
    await schedule('kept', portalClientId, startsAt);
    await schedule('renamed', portalClientId, startsAt);
    await change('renamed', { title: 'Visit renamed again' });
    await schedule('cancelled', portalClientId, startsAt);
    await app.t.call('POST', `/api/appointments/${ids.cancelled}/cancel`, undefined, app.t.adminToken);
    await schedule('movedAway', portalClientId, startsAt);
    const { date: laterDay, time } = local(startsAt);
    await change('movedAway', { scheduledDate: addDays(laterDay, 2), startTime: time });
    await schedule('movedHere', portalClientId, startsAt + 3 * 24 * 60 * MINUTE);
    await change('movedHere', { scheduledDate: local(startsAt).date, startTime: time });
    await schedule('offline', offlineClientId, startsAt);
    // Less than a day ahead: its reminder is due at once. In the past: nothing to remind of.
    await schedule('soon', portalClientId, Math.ceil((Date.now() + 2 * 60 * MINUTE) / MINUTE) * MINUTE);
    await schedule('past', portalClientId, Math.floor((Date.now() - 24 * 60 * MINUTE) / MINUTE) * MINUTE);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are due a day before the start: kept on the row, queued delayed, surviving a Redis that lost them', async () => {
    const kept = await jobOf('kept', 'scheduled');
    expect(await runAtOf(kept.id)).toBe(due);
    expect(await runAtOf((await jobOf('movedAway', 'changed')).id)).toBe(due + 2 * 24 * 60 * MINUTE);
    await until('the delayed job on the queue', async () => queueHas(app.prefix, kept.id));
    await until(
      'the enqueue recorded',
      async () => (await findJob(app.t.deps.db, kept.id))?.enqueued_at != null,
    );

    // Redis comes back empty (it keeps nothing on disk): the reconcile puts the job back with the time left.
    const redis = new Redis('redis://127.0.0.1:6379');
    await deleteKeys(redis, `${app.prefix}:*`);
    redis.disconnect();
    expect(await queueHas(app.prefix, kept.id)).toBe(false);
    await until('the reconcile to put it back', async () => queueHas(app.prefix, kept.id));

    // Not before it is due.
    expect(Date.now()).toBeLessThan(due - 1_000);
    expect(await findJob(app.t.deps.db, kept.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await remindersOf(app, 'Visit kept')).toEqual([]);
  }, 60_000);

  it('an appointment less than a day ahead is reminded at once; a past one is not', async () => {
    const soon = await jobOf('soon', 'scheduled');
    await until('the soon reminder', async () => (await findJob(app.t.deps.db, soon.id))?.status === 'done');
    expect((await findJob(app.t.deps.db, soon.id))?.outcome).toMatchObject({ sent: true });
    expect(await remindersOf(app, 'Visit soon')).toHaveLength(1);
    const past = await jobOf('past', 'scheduled');
    await until(
      'the past one judged',
      async () => (await findJob(app.t.deps.db, past.id))?.status === 'done',
    );
    expect((await findJob(app.t.deps.db, past.id))?.outcome).toEqual({
      sent: false,
      reason: 'already started',
    });
    expect(await remindersOf(app, 'Visit past')).toEqual([]);
  });

  it('when due: one mail per appointment start; cancelled, moved and unchanged-time changes send no stale one', async () => {
    const jobs = {
      kept: await jobOf('kept', 'scheduled'),
      renamed: await jobOf('renamed', 'scheduled'),
      renamedChange: await jobOf('renamed', 'changed'),
      cancelled: await jobOf('cancelled', 'scheduled'),
      movedAwayOld: await jobOf('movedAway', 'scheduled'),
      movedAwayNew: await jobOf('movedAway', 'changed'),
      movedHereOld: await jobOf('movedHere', 'scheduled'),
      movedHereNew: await jobOf('movedHere', 'changed'),
      offline: await jobOf('offline', 'scheduled'),
    };
    const dueNow = [
      jobs.kept,
      jobs.renamed,
      jobs.renamedChange,
      jobs.cancelled,
      jobs.movedAwayOld,
      jobs.movedHereNew,
      jobs.offline,
    ];
    const outcomes = await until(
      'every reminder due now to run',
      async () => {
        const found = await Promise.all(dueNow.map((j) => findJob(app.t.deps.db, j.id)));
        return found.every((j) => j?.status === 'done') ? found.map((j) => j!.outcome) : null;
      },
      due - Date.now() + 30_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(due);
    const [kept, renamed, renamedChange, cancelled, movedAwayOld, movedHereNew, offline] = outcomes;
    expect(kept).toMatchObject({ sent: true, startsAt: new Date(startsAt).toISOString() });
    expect(renamed).toMatchObject({ sent: true });
    expect(renamedChange).toMatchObject({ sent: false, reason: expect.stringContaining('kept the time') });
    expect(cancelled).toEqual({ sent: false, reason: 'cancelled' });
    expect(movedAwayOld).toEqual({
      sent: false,
      reason: `moved to ${new Date(startsAt + 2 * 24 * 60 * MINUTE).toISOString()}`,
    });
    expect(movedHereNew).toMatchObject({ sent: true });
    expect(offline).toEqual({ sent: false, reason: 'the client has no portal account' });
    // The reminders of the times the moved appointments have now, or had before, are not due yet.
    for (const waiting of [jobs.movedAwayNew, jobs.movedHereOld])
      expect(await findJob(app.t.deps.db, waiting.id)).toMatchObject({ status: 'pending', attempts: 0 });

    await sleep(1_000); // more reconciles: nothing runs again
    expect(await remindersOf(app, 'Visit kept')).toHaveLength(1);
    expect(await remindersOf(app, 'Visit renamed again')).toHaveLength(1);
    expect(await remindersOf(app, 'Visit renamed')).toHaveLength(0);
    expect(await remindersOf(app, 'Visit cancelled')).toHaveLength(0);
    expect(await remindersOf(app, 'Visit movedAway')).toHaveLength(0);
    expect(await remindersOf(app, 'Visit movedHere')).toHaveLength(1);
    expect(await remindersOf(app, 'Visit offline')).toHaveLength(0);

    // The mail: to the client's account, the local time, the place, the portal, and the event as an .ics.
    const [mail] = await remindersOf(app, 'Visit kept');
    expect(mail).toContain('To: talkeetna@example.com');
    // The text part is quoted-printable: where its soft line breaks fall depends on the time it shows.
    const text = mail!.replace(/=\r?\n/g, '');
    expect(text).toContain('Mile 12 Parks Hwy');
    expect(text).toContain('http://localhost:3000/client');
    const calendar = new ICAL.Component(ICAL.parse(icsAttachment(mail!)));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`appointment-${ids.kept}@localhost`);
    expect(event.startDate.toJSDate().getTime()).toBe(startsAt);
    expect(event.endDate.toJSDate().getTime()).toBe(startsAt + 60 * MINUTE);
  }, 150_000);
});
