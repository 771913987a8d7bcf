import { CALENDAR_NOT_CONNECTED, DEFAULT_CALENDAR_SETTINGS } from '@app/contracts/api/calendar';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobsApp } from '../../../workers/src/jobs/testing.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { type FakeGoogle, startFakeGoogle } from '../../test/fakes/google-calendar.ts';
import { googleEventIdOf } from './decide.ts';
import { pullRound } from './pull.ts';

describe('Google Calendar sync (against a local fake of Google)', () => {
  let fake: FakeGoogle;
  let jobs: Awaited<ReturnType<typeof startJobsApp>>;
  let mine: { token: string; clientId: number; projectId: number };
  const t = () => jobs.t;

  beforeAll(async () => {
    fake = await startFakeGoogle();
    jobs = await startJobsApp({}, fake.env);
    mine = await portalClientWithProject(t(), { name: 'Cal Sync', email: 'calsync@example.com' });
  });
  afterAll(async () => {
    await jobs?.close();
    await fake?.close();
  });

  /** The browser's trip: ticket, our redirect to Google, Google's consent redirect back, our callback. */
  async function connect(token = t().adminToken) {
    const ticket = await t().call('POST', '/api/auth/ws-ticket', undefined, token);
    const start = await t().call('GET', `/api/auth/google-calendar?ticket=${ticket.body.ticket}`);
    expect(start.status).toBe(302);
    const consent = new URL(String(start.headers.location));
    expect(consent.origin + consent.pathname).toBe(`${fake.base}/o/oauth2/v2/auth`);
    expect(consent.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar');
    expect(consent.searchParams.get('access_type')).toBe('offline');
    const atGoogle = await fetch(consent, { redirect: 'manual' });
    const back = new URL(String(atGoogle.headers.get('location')));
    expect(back.pathname).toBe('/api/auth/google/callback');
    return t().call('GET', back.pathname + back.search);
  }

  const schedule = async (over: Record<string, unknown> = {}) => {
    const res = await t().call(
      'POST',
      '/api/appointments',
      {
        title: 'Camera check',
        description: 'Yearly visit',
        clientId: mine.clientId,
        scheduledDate: '2026-07-01',
        startTime: '09:00',
        endTime: '10:30',
        type: 'maintenance',
        location: 'Cabin',
        ...over,
      },
      t().adminToken,
    );
    expect([201, 202], JSON.stringify(res.body)).toContain(res.status);
    return res.body.id as number;
  };
  const liveEvent = (key: string) => fake.live().find((e) => e.id === googleEventIdOf(key));

  it('refuses a callback with a state it never issued (calendar=error), and nothing is connected', async () => {
    const res = await t().call('GET', '/api/auth/google/callback?code=whatever&state=forged-state');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/admin?view=schedule&calendar=error');
    const status = await t().call('GET', '/api/calendar/status', undefined, t().adminToken);
    expect(status.body).toMatchObject({ connected: false, configured: true, email: null });
  });

  it('connects through OAuth: the refresh token is stored encrypted, the trail has no token', async () => {
    const res = await connect();
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/admin?view=schedule&calendar=connected');
    const status = await t().call('GET', '/api/calendar/status', undefined, t().adminToken);
    expect(status.body).toMatchObject({
      connected: true,
      configured: true,
      email: fake.email,
      conflicts: [],
    });

    const { rows } = await sql<{
      refresh_token: Buffer;
    }>`SELECT refresh_token FROM calendar_connections`.execute(t().deps.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.refresh_token.toString('latin1')).not.toContain('refresh-');
    const { rows: trail } = await sql<{ type: string; data: string }>`
      SELECT type, data::text AS data FROM es_events WHERE type LIKE 'Calendar%'`.execute(t().deps.db);
    expect(trail.map((e) => e.type)).toContain('CalendarConnected');
    expect(trail.map((e) => e.data).join()).not.toMatch(/refresh-|access-/);
    // Connecting switches Google sync on (two-way by default).
    const settings = await t().call('GET', '/api/calendar/settings', undefined, t().adminToken);
    expect(settings.body.connections[0]).toMatchObject({
      type: 'google',
      enabled: true,
      syncDirection: 'both',
    });
  });

  it('saves settings on the server and refuses bad ones with a clear 400', async () => {
    const wanted = {
      ...DEFAULT_CALENDAR_SETTINGS,
      connections: [
        { type: 'google', enabled: true, syncDirection: 'both', defaultCalendar: '' },
        { type: 'outlook', enabled: true, syncDirection: 'export', defaultCalendar: 'Work' },
      ],
      autoSyncFrequency: 15,
      conflictResolution: 'external',
    };
    const saved = await t().call('PUT', '/api/calendar/settings', wanted, t().adminToken);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ autoSyncFrequency: 15, conflictResolution: 'external' });
    expect(saved.body.connections.map((c: { type: string }) => c.type)).toEqual([
      'google',
      'outlook',
      'teams',
    ]);
    const read = await t().call('GET', '/api/calendar/settings', undefined, t().adminToken);
    expect(read.body).toEqual(saved.body);

    const bad = await t().call(
      'PUT',
      '/api/calendar/settings',
      { ...wanted, autoSyncFrequency: 20 },
      t().adminToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Auto-sync frequency must be one of 15, 30, 60, 240 minutes');
    const twice = await t().call(
      'PUT',
      '/api/calendar/settings',
      { ...wanted, connections: [wanted.connections[0], wanted.connections[0]] },
      t().adminToken,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Each calendar provider may appear only once');
  });

  it('pushes an appointment, its change and its cancellation', async () => {
    const id = await schedule();
    const key = `appointment-${id}`;
    const made = await eventually('the event in Google', async () => liveEvent(key));
    expect(made).toMatchObject({ summary: 'Camera check', location: 'Cabin' });
    expect(Date.parse(made.start!.dateTime!)).toBe(Date.parse('2026-07-01T17:00:00Z')); // 09:00 AKDT

    const changed = await t().call(
      'PATCH',
      `/api/appointments/${id}`,
      { title: 'Camera swap', startTime: '11:00' },
      t().adminToken,
    );
    expect([200, 202]).toContain(changed.status);
    await eventually('the change in Google', async () => liveEvent(key)?.summary === 'Camera swap');
    expect(Date.parse(liveEvent(key)!.start!.dateTime!)).toBe(Date.parse('2026-07-01T19:00:00Z'));

    const cancelled = await t().call('POST', `/api/appointments/${id}/cancel`, undefined, t().adminToken);
    expect([200, 202]).toContain(cancelled.status);
    await eventually('the event gone from Google', async () => liveEvent(key) === undefined);
    expect(fake.events().filter((e) => e.id === googleEventIdOf(key))).toHaveLength(1);
  });

  it('retries after a lost answer without making a second event', async () => {
    // The first insert is made at Google but its answer never arrives (the connection is cut), as a time-out.
    fake.fail('events.insert', 'apply-then-drop');
    const before = fake.callsOf('events.insert').length;
    const id = await schedule({ title: 'Dish alignment' });
    const key = `appointment-${id}`;
    await eventually('the retried push recorded', async () => {
      const { rows } = await sql<{ status: string }>`
        SELECT status FROM jobs WHERE name = 'calendar.push.appointment-scheduled' AND payload::text LIKE ${`%${key}"%`}`.execute(
        t().deps.db,
      );
      return rows[0]?.status === 'done';
    });
    expect(fake.events().filter((e) => e.id === googleEventIdOf(key))).toHaveLength(1);
    expect(liveEvent(key)?.summary).toBe('Dish alignment');
    // The second attempt's insert answered 409 (it exists) and the event was updated instead.
    expect(fake.callsOf('events.insert').length - before).toBe(2);
    expect(fake.live().filter((e) => e.summary === 'Dish alignment')).toHaveLength(1);
  });

  it('syncs a project on request and answers its derived events', async () => {
    const dated = await t().call(
      'PATCH',
      `/api/projects/${mine.projectId}`,
      { jobStartDate: '2026-08-03', jobEndDate: '2026-08-05' },
      t().adminToken,
    );
    expect([200, 202]).toContain(dated.status);
    const res = await t().call(
      'POST',
      `/api/projects/${mine.projectId}/sync-calendar`,
      undefined,
      t().adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.events.map((e: { type: string }) => e.type)).toEqual(['project_start', 'project_end']);
    expect(res.body.events[1].id).toBe(mine.projectId + 10_000);
    const start = await eventually('project start in Google', async () =>
      liveEvent(`project_start-${mine.projectId}`),
    );
    const end = await eventually('project end in Google', async () =>
      liveEvent(`project_end-${mine.projectId}`),
    );
    expect(Date.parse(start.start!.dateTime!)).toBe(Date.parse(res.body.events[0].start));
    expect(Date.parse(end.end!.dateTime!)).toBe(Date.parse(res.body.events[1].end));
  });

  it('adds a one-off event to the admin’s calendar', async () => {
    const res = await t().call(
      'POST',
      '/api/calendar/add-event',
      {
        title: 'Tower climb',
        description: 'Bring harness',
        startDate: '2026-09-01T10:00',
        endDate: '2026-09-01T12:00',
        location: 'Nome',
      },
      t().adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const added = await eventually('the one-off event', async () => liveEvent(`added-${res.body.id}`));
    expect(added).toMatchObject({ summary: 'Tower climb', location: 'Nome' });
    expect(Date.parse(added.start!.dateTime!)).toBe(Date.parse('2026-09-01T18:00:00Z'));
  });

  let clock = Date.now();
  /** One pull round as the workers' timer runs it, each far enough after the last for the frequency to pass. */
  const pull = () => {
    clock += 20 * 60_000;
    const at = new Date(clock);
    return eventually('a pull round', async () => {
      const round = await pullRound(t().deps, { warn: () => undefined }, at);
      return round.locked && round;
    });
  };
  const appointment = async (id: number) => {
    const list = await t().call('GET', '/api/appointments', undefined, t().adminToken);
    return (list.body as { id: number; title: string; startTime: string; status: string }[]).find(
      (a) => a.id === id,
    );
  };
  const settle = async (key: string) => {
    await eventually('pushed', async () => liveEvent(key));
    await eventually('the push job done', async () => {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM jobs WHERE queue = 'calendar' AND status <> 'done'`.execute(
        t().deps.db,
      );
      return rows[0]!.n === 0;
    });
  };

  it('imports changes made in Google to our events (conflict resolution external) and keeps others as busy times', async () => {
    const id = await schedule({
      title: 'Roof survey',
      scheduledDate: '2026-07-10',
      startTime: '09:00',
      endTime: '10:00',
    });
    const key = `appointment-${id}`;
    await settle(key);
    expect((await pull()).pulled).toBe(1); // the first, full pull: nothing differs
    fake.edit(googleEventIdOf(key), {
      summary: 'Roof survey (moved)',
      start: { dateTime: '2026-07-10T20:00:00Z' },
      end: { dateTime: '2026-07-10T21:30:00Z' },
    });
    fake.create({
      id: 'dentist0001',
      summary: 'Dentist',
      start: { dateTime: '2026-07-11T18:00:00Z' },
      end: { dateTime: '2026-07-11T19:00:00Z' },
    });
    await pull();
    const moved = await eventually('the change applied', async () => {
      const a = await appointment(id);
      return a?.title === 'Roof survey (moved)' && a;
    });
    expect(moved).toMatchObject({ startTime: '12:00', endTime: '13:30', scheduledDate: '2026-07-10' });
    const imported = await eventually('the busy time', async () => {
      const res = await t().call(
        'GET',
        '/api/calendar/imported?from=2026-07-01&to=2026-07-31',
        undefined,
        t().adminToken,
      );
      return res.body.length > 0 && res.body;
    });
    expect(imported).toEqual([
      expect.objectContaining({
        id: 'dentist0001',
        title: 'Dentist',
        date: '2026-07-11',
        time: '10:00',
        allDay: false,
      }),
    ]);

    // Deleted in Google: the appointment is cancelled; the Dentist's removal drops the busy time too.
    await settle(key);
    fake.edit(googleEventIdOf(key), { status: 'cancelled' });
    fake.edit('dentist0001', { status: 'cancelled' });
    fake.expireSyncTokens(); // and the sync token is too old: a full list (410 → start over)
    await pull();
    await eventually(
      'the appointment cancelled',
      async () => (await appointment(id))?.status === 'cancelled',
    );
    await eventually('the busy time gone', async () => {
      const res = await t().call(
        'GET',
        '/api/calendar/imported?from=2026-07-01&to=2026-07-31',
        undefined,
        t().adminToken,
      );
      return res.body.length === 0;
    });
  });

  it('manual: records a conflict and changes neither; internal: writes ours back', async () => {
    const settings = await t().call('GET', '/api/calendar/settings', undefined, t().adminToken);
    const save = (conflictResolution: string) =>
      t().call('PUT', '/api/calendar/settings', { ...settings.body, conflictResolution }, t().adminToken);
    expect((await save('manual')).status).toBe(200);
    const id = await schedule({
      title: 'Mast check',
      scheduledDate: '2026-07-20',
      startTime: '09:00',
      endTime: '10:00',
    });
    const key = `appointment-${id}`;
    await settle(key);
    await pull();
    fake.edit(googleEventIdOf(key), {
      summary: 'Mast check?',
      start: { dateTime: '2026-07-20T22:00:00Z' },
      end: { dateTime: '2026-07-20T23:00:00Z' },
    });
    await pull();
    const status = await eventually('the conflict listed', async () => {
      const res = await t().call('GET', '/api/calendar/status', undefined, t().adminToken);
      return res.body.conflicts.length > 0 && res.body;
    });
    expect(status.conflicts).toEqual([
      expect.objectContaining({ key, googleTitle: 'Mast check?', googleStart: '2026-07-20T22:00:00.000Z' }),
    ]);
    expect(await appointment(id)).toMatchObject({ title: 'Mast check', startTime: '09:00' });
    expect(liveEvent(key)?.summary).toBe('Mast check?');

    expect((await save('internal')).status).toBe(200);
    await pull();
    expect(liveEvent(key)?.summary).toBe('Mast check');
    expect(Date.parse(liveEvent(key)!.start!.dateTime!)).toBe(Date.parse('2026-07-20T17:00:00Z'));
    await eventually('the conflict settled', async () => {
      const res = await t().call('GET', '/api/calendar/status', undefined, t().adminToken);
      return res.body.conflicts.length === 0;
    });
    expect(await appointment(id)).toMatchObject({ title: 'Mast check', startTime: '09:00' });
  });

  it('disconnects: revokes at Google, forgets the token, and add-event then answers 409', async () => {
    const res = await t().call('POST', '/api/calendar/disconnect', undefined, t().adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, revoked: true });
    expect(fake.revoked).toHaveLength(1);
    const { rows } = await sql`SELECT 1 FROM calendar_connections`.execute(t().deps.db);
    expect(rows).toHaveLength(0);
    const status = await t().call('GET', '/api/calendar/status', undefined, t().adminToken);
    expect(status.body).toMatchObject({ connected: false, email: null });
    const add = await t().call(
      'POST',
      '/api/calendar/add-event',
      { title: 'Late', startDate: '2026-09-02T10:00', endDate: '2026-09-02T11:00' },
      t().adminToken,
    );
    expect(add.status).toBe(409);
    expect(add.body.message).toBe(CALENDAR_NOT_CONNECTED);
  });
});
