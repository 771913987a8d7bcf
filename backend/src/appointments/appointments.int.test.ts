import {
  APPOINTMENT_CLIENT_REQUIRED,
  APPOINTMENT_END_BEFORE_START,
  APPOINTMENT_PROJECT_OTHER_CLIENT,
  APPOINTMENT_TIME_MISSING,
  APPOINTMENT_TITLE_REQUIRED,
  APPOINTMENT_TOO_SHORT,
  type TAdminAppointment,
} from '@app/contracts/api/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';

describe('appointments API', () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; projectId: number };
  let theirs: { token: string; clientId: number; projectId: number };

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Alma Appointments', email: 'appt1@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Bo Other', email: 'appt2@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    title: 'Camera check',
    description: 'Yearly visit',
    clientId: mine.clientId,
    projectId: mine.projectId,
    scheduledDate: '2026-07-01',
    startTime: '09:00',
    endTime: '10:30',
    type: 'maintenance',
    location: 'Cabin',
    ...over,
  });

  /** Schedules one as the admin; the appointment as GET /api/appointments shows it. */
  const schedule = async (over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/appointments', body(over), t.adminToken);
    expect([201, 202], JSON.stringify(res.body)).toContain(res.status);
    const id = res.body.id as number;
    return eventually(`appointment ${id} to show`, async () => {
      const list = await t.call('GET', '/api/appointments', undefined, t.adminToken);
      return (list.body as TAdminAppointment[]).find((a) => a.id === id);
    });
  };

  const refused = async (payload: unknown, status: number, message: string) => {
    const before = await eventCount(t);
    const res = await t.call('POST', '/api/appointments', payload, t.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await eventCount(t)).toBe(before);
  };

  it('creates, lists in start order, changes and cancels an appointment', async () => {
    const later = await schedule({ scheduledDate: '2026-07-02', title: 'Later visit' });
    const made = await schedule();
    expect(made).toMatchObject({
      clientId: mine.clientId,
      projectId: mine.projectId,
      title: 'Camera check',
      scheduledDate: '2026-07-01',
      startTime: '09:00',
      endTime: '10:30',
      duration: 90,
      status: 'scheduled',
      type: 'maintenance',
      location: 'Cabin',
      // July in Anchorage is AKDT, UTC-8.
      startsAt: '2026-07-01T17:00:00.000Z',
      endsAt: '2026-07-01T18:30:00.000Z',
      client: { name: 'Alma Appointments', email: 'appt1@example.com' },
    });
    const list = (await t.call('GET', '/api/appointments', undefined, t.adminToken))
      .body as TAdminAppointment[];
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(made.id)).toBeLessThan(ids.indexOf(later.id));

    // Moving the start keeps the length; the title changes alone.
    const moved = await t.call(
      'PATCH',
      `/api/appointments/${made.id}`,
      { startTime: '13:00', title: 'Camera check, afternoon' },
      t.adminToken,
    );
    expect([200, 202]).toContain(moved.status);
    const changed = await eventually('the change to show', async () => {
      const a = (await t.call('GET', '/api/appointments', undefined, t.adminToken)).body.find(
        (x: TAdminAppointment) => x.id === made.id,
      );
      return a?.startTime === '13:00' ? (a as TAdminAppointment) : undefined;
    });
    expect(changed).toMatchObject({ title: 'Camera check, afternoon', endTime: '14:30', duration: 90 });

    const cancelled = await t.call('POST', `/api/appointments/${made.id}/cancel`, undefined, t.adminToken);
    expect([200, 202]).toContain(cancelled.status);
    await eventually('the cancel to show', async () => {
      const a = (await t.call('GET', '/api/appointments', undefined, t.adminToken)).body.find(
        (x: TAdminAppointment) => x.id === made.id,
      );
      return a?.status === 'cancelled' || undefined;
    });
    // A cancelled appointment cannot change.
    const again = await t.call('PATCH', `/api/appointments/${made.id}`, { title: 'Back on' }, t.adminToken);
    expect(again.status).toBe(409);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    await refused(body({ startTime: '11:00', endTime: '10:00' }), 400, APPOINTMENT_END_BEFORE_START);
    await refused(body({ endTime: '09:00' }), 400, APPOINTMENT_END_BEFORE_START);
    await refused(body({ endTime: '09:20' }), 400, APPOINTMENT_TOO_SHORT);
    await refused(body({ endTime: null, duration: 15 }), 400, APPOINTMENT_TOO_SHORT);
    await refused(body({ projectId: theirs.projectId }), 400, APPOINTMENT_PROJECT_OTHER_CLIENT);
    await refused(body({ title: '   ' }), 400, APPOINTMENT_TITLE_REQUIRED);
    await refused(body({ clientId: undefined }), 400, APPOINTMENT_CLIENT_REQUIRED);
    await refused(body({ scheduledDate: '2026-02-30' }), 400, 'not a calendar date');
    // 02:30 on the spring-forward morning never happens in Anchorage.
    await refused(
      body({ scheduledDate: '2026-03-08', startTime: '02:30', endTime: '04:00' }),
      400,
      APPOINTMENT_TIME_MISSING,
    );
    await refused(body({ clientId: 999_999, projectId: null }), 404, 'Client not found');
  });

  it('lets only admins write; a client reads only their own', async () => {
    const before = await eventCount(t);
    const res = await t.call('POST', '/api/appointments', body(), mine.token);
    expect(res.status).toBe(403);
    expect((await t.call('GET', '/api/appointments', undefined, mine.token)).status).toBe(403);
    expect(await eventCount(t)).toBe(before);

    const ours = await schedule({ title: 'Ours' });
    const other = await schedule({ title: 'Theirs', clientId: theirs.clientId, projectId: theirs.projectId });
    const patch = await t.call('PATCH', `/api/appointments/${ours.id}`, { title: 'Mine now' }, mine.token);
    expect(patch.status).toBe(403);
    const cancel = await t.call('POST', `/api/appointments/${ours.id}/cancel`, undefined, mine.token);
    expect(cancel.status).toBe(403);

    const seen = await t.call('GET', '/api/appointments/client', undefined, mine.token);
    expect(seen.status).toBe(200);
    const seenIds = (seen.body as { id: number }[]).map((a) => a.id);
    expect(seenIds).toContain(ours.id);
    expect(seenIds).not.toContain(other.id);
    const theirsSeen = await t.call('GET', '/api/appointments/client', undefined, theirs.token);
    expect((theirsSeen.body as { id: number }[]).map((a) => a.id)).toEqual([other.id]);
  });

  it('keeps Anchorage times across the March daylight-saving change', async () => {
    // Saturday before (AKST, UTC-9) and Monday after (AKDT, UTC-8): the same local 09:00.
    const before = await schedule({ scheduledDate: '2026-03-07', startTime: '09:00', endTime: '10:00' });
    const after = await schedule({
      scheduledDate: '2026-03-09',
      startTime: '09:00',
      endTime: null,
      duration: null,
    });
    expect(before).toMatchObject({ scheduledDate: '2026-03-07', startTime: '09:00', endTime: '10:00' });
    expect(before.startsAt).toBe('2026-03-07T18:00:00.000Z');
    expect(after).toMatchObject({
      scheduledDate: '2026-03-09',
      startTime: '09:00',
      endTime: null,
      duration: 60,
    });
    expect(after.startsAt).toBe('2026-03-09T17:00:00.000Z');
    // Moving the first across the change keeps its local time and length.
    await t.call(
      'PATCH',
      `/api/appointments/${before.id}`,
      { scheduledDate: '2026-03-08', startTime: '08:00' },
      t.adminToken,
    );
    const moved = await eventually('the move to show', async () => {
      const a = (await t.call('GET', '/api/appointments', undefined, t.adminToken)).body.find(
        (x: TAdminAppointment) => x.id === before.id,
      );
      return a?.scheduledDate === '2026-03-08' ? (a as TAdminAppointment) : undefined;
    });
    expect(moved).toMatchObject({
      startTime: '08:00',
      endTime: '09:00',
      startsAt: '2026-03-08T16:00:00.000Z',
    });
    // The client's portal shows the same local times.
    const portal = await t.call('GET', '/api/appointments/client', undefined, mine.token);
    expect(portal.body.find((a: { id: number }) => a.id === after.id)).toMatchObject({
      scheduledDate: '2026-03-09',
      startTime: '09:00',
    });
  });
});
