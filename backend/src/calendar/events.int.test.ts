import { CALENDAR_RANGE_BACKWARDS, CALENDAR_RANGE_TOO_LONG } from '@app/contracts/api/calendar';
import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';

describe('calendar events API', () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; projectId: number };
  let theirs: { token: string; clientId: number; projectId: number };

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Cal Mine', email: 'cal1@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Cal Theirs', email: 'cal2@example.com' });
    const appointment = (clientId: number, title: string, scheduledDate: string, startTime: string) =>
      t.call('POST', '/api/appointments', { title, clientId, scheduledDate, startTime }, t.adminToken);
    await appointment(mine.clientId, 'Mine in March (DST day)', '2026-03-08', '09:00');
    await appointment(theirs.clientId, 'Theirs in March', '2026-03-20', '13:30');
    await appointment(mine.clientId, 'Mine in April', '2026-04-01', '08:00');
    const cancelled = await appointment(mine.clientId, 'Cancelled in March', '2026-03-10', '10:00');
    await t.call('POST', `/api/appointments/${cancelled.body.id}/cancel`, undefined, t.adminToken);
    await t.call(
      'PATCH',
      `/api/projects/${mine.projectId}`,
      { jobStartDate: '2026-03-30', jobEndDate: '2026-04-02' },
      t.adminToken,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const march = async (token: string) =>
    (await t.call('GET', '/api/calendar/events?from=2026-03-01&to=2026-03-31', undefined, token))
      .body as TCalendarEvent[];

  it("gives staff every client's events of a month in start order, by the section 9 rules", async () => {
    const events = await eventually('the month to fill', async () => {
      const seen = await march(t.adminToken);
      return seen.length === 3 ? seen : null;
    });
    expect(events.map((e) => [e.type, e.title, e.date, e.time])).toEqual([
      ['appointment', 'Mine in March (DST day)', '2026-03-08', '09:00'],
      ['appointment', 'Theirs in March', '2026-03-20', '13:30'],
      ['project_start', 'Project Start: Job', '2026-03-30', '09:00'],
    ]);
    // 09:00 in Anchorage on the day the clocks go forward is 17:00 UTC (AKDT, UTC-8); an hour by default.
    expect(events[0]).toMatchObject({ start: '2026-03-08T17:00:00.000Z', end: '2026-03-08T18:00:00.000Z' });
    expect(events[0]!.clientName).toBe('Cal Mine');
    const april = (
      await t.call('GET', '/api/calendar/events?from=2026-04-01&to=2026-04-30', undefined, t.adminToken)
    ).body as TCalendarEvent[];
    expect(april.map((e) => [e.type, e.id])).toEqual([
      ['appointment', expect.any(Number)],
      ['project_end', mine.projectId + 10_000],
    ]);
  });

  it("gives a client only their own events, and another client's never", async () => {
    const events = await eventually('the month to fill', async () => {
      const seen = await march(mine.token);
      return seen.length === 2 ? seen : null;
    });
    expect(events.every((e) => e.clientId === mine.clientId)).toBe(true);
    expect((await march(theirs.token)).map((e) => e.title)).toEqual(['Theirs in March']);
  });

  it('refuses a backwards, too long or malformed range, and answers 401 without a session', async () => {
    const ask = (query: string, token?: string) =>
      t.call('GET', `/api/calendar/events?${query}`, undefined, token);
    const backwards = await ask('from=2026-03-31&to=2026-03-01', t.adminToken);
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain(CALENDAR_RANGE_BACKWARDS);
    const tooLong = await ask('from=2026-01-01&to=2027-06-01', t.adminToken);
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain(CALENDAR_RANGE_TOO_LONG);
    expect((await ask('from=2026-02-30&to=2026-03-01', t.adminToken)).status).toBe(400);
    expect((await ask('from=2026-03-01', t.adminToken)).status).toBe(400);
    expect((await ask('from=2026-03-01&to=2026-03-31')).status).toBe(401);
  });
});
