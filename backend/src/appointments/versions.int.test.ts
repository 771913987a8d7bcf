import type { TAdminAppointment } from '@app/contracts/api/appointments';
import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { appendBetweenReadAndWrite, callWith, streamTypes } from '../../test/versions.ts';

/** The Edit Event form as it saves (title, date, times, status, description). */
const editForm = (a: TAdminAppointment, change: Record<string, unknown> = {}) => ({
  title: a.title,
  description: a.description,
  scheduledDate: a.scheduledDate,
  startTime: a.startTime,
  endTime: a.endTime,
  duration: a.duration,
  status: a.status,
  ...change,
});

describe('appointment versions: If-Match and the stale copy', () => {
  let t: TestApp;
  let clientId: number;
  let n = 0;

  const create = async () => {
    n++;
    const res = await t.call(
      'POST',
      '/api/appointments',
      {
        title: `Visit ${n}`,
        clientId,
        scheduledDate: '2099-07-01',
        startTime: '09:00',
        endTime: '10:30',
        location: 'Cabin',
      },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    return res.body as TAdminAppointment;
  };
  const listed = async (id: number) =>
    ((await t.call('GET', '/api/appointments', undefined, t.adminToken)).body as TAdminAppointment[]).find(
      (a) => a.id === id,
    )!;
  const patch = (id: number, body: unknown, ifMatch?: string) =>
    callWith(
      t,
      'PATCH',
      `/api/appointments/${id}`,
      body,
      ifMatch === undefined ? {} : { 'if-match': ifMatch },
    );

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.call(
      'POST',
      '/api/clients',
      { name: 'Visit Versions', email: 'visits@example.com', portalAccess: false },
      t.adminToken,
    );
    clientId = res.body.client.id;
  });
  afterAll(async () => t?.close());

  it('the list rows and the calendar events Edit Event opens from carry the version', async () => {
    const made = await create();
    expect(made.version).toBe(1);
    expect((await listed(made.id)).version).toBe(1);
    const events = (
      await t.call('GET', '/api/calendar/events?from=2099-07-01&to=2099-07-01', undefined, t.adminToken)
    ).body as TCalendarEvent[];
    expect(events.find((e) => e.type === 'appointment' && e.id === made.id)?.version).toBe(1);
  });

  it('the same version saves, and the version moves', async () => {
    const seen = await listed((await create()).id);
    const res = await patch(seen.id, editForm(seen, { title: 'Moved' }), `"${seen.version}"`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Moved', version: 2 });
  });

  it('a stale copy whose form names a field changed since is refused with 409 and changes nothing', async () => {
    const seen = await listed((await create()).id);
    expect((await patch(seen.id, { startTime: '11:00' })).status).toBe(200);
    const before = await streamTypes(t, `appointment-${seen.id}`);
    const res = await patch(seen.id, editForm(seen, { title: 'Mine' }), `"${seen.version}"`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['startTime', 'endTime'], version: 2 });
    expect(await streamTypes(t, `appointment-${seen.id}`)).toEqual(before);
    expect(await listed(seen.id)).toMatchObject({ title: seen.title, startTime: '11:00' });
  });

  it('a stale copy saves when the change since touched none of its fields (the location)', async () => {
    const seen = await listed((await create()).id);
    expect((await patch(seen.id, { location: 'Lodge' })).status).toBe(200);
    const res = await patch(seen.id, editForm(seen, { title: 'Mine' }), `"${seen.version}"`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Mine', location: 'Lodge', version: 3 });
  });

  it('a cancellation landing between the read and the write refuses a stale copy', async () => {
    const seen = await listed((await create()).id);
    const race = appendBetweenReadAndWrite(t, `appointment-${seen.id}`, () =>
      t.call('POST', `/api/appointments/${seen.id}/cancel`, undefined, t.adminToken),
    );
    const res = await patch(seen.id, editForm(seen, { title: 'Mine' }), `"${seen.version}"`);
    race.restore();
    expect(race.happened).toBe(true);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['status'] });
  });

  it('a malformed If-Match is a 400 and changes nothing; without one the last writer wins', async () => {
    const seen = await listed((await create()).id);
    expect((await patch(seen.id, { title: 'Never' }, 'W/"1"')).status).toBe(400);
    expect(await streamTypes(t, `appointment-${seen.id}`)).toEqual(['AppointmentScheduled']);
    await patch(seen.id, { startTime: '11:00' });
    const res = await patch(seen.id, editForm(seen, { title: 'Mine' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Mine', startTime: '09:00' });
  });
});
