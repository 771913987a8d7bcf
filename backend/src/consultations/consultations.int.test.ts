import { businessToday } from '@app/contracts/api/consultations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

describe('consultations API', () => {
  let t: TestApp;
  const today = businessToday(new Date());
  const tomorrow = businessToday(new Date(Date.now() + 24 * 3600_000));
  const valid = {
    name: 'Dana Fairbanks',
    email: 'Dana@Example.com',
    phone: '907-555-0100',
    preferredDate: tomorrow,
    serviceType: 'starlink',
    description: 'Cabin near Talkeetna',
    preferredTime: 'morning',
    propertyType: 'residential',
  };
  const list = async () =>
    (await t.call('GET', '/api/consultations', undefined, t.adminToken)).body as {
      id: number;
      name: string;
    }[];

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('takes a request from anyone and shows it to the admin', async () => {
    const res = await t.call('POST', '/api/consultations', valid);
    expect(res).toMatchObject({ status: 201, body: { success: true } });
    const [first] = await list();
    expect(first).toMatchObject({
      name: 'Dana Fairbanks',
      email: 'dana@example.com',
      preferredDate: tomorrow,
      serviceType: 'starlink',
      status: 'pending',
      archived: false,
      contactedAt: null,
      notes: '',
    });
  });

  it('accepts today in Alaska and only the required fields', async () => {
    const res = await t.call('POST', '/api/consultations', {
      name: 'Min',
      email: 'min@example.com',
      preferredDate: today,
      serviceType: 'other',
      phone: '',
      preferredTime: '',
      propertyType: '',
    });
    expect(res.status).toBe(201);
    expect((await list())[0]).toMatchObject({
      name: 'Min',
      phone: null,
      preferredTime: null,
      propertyType: null,
    });
  });

  it.each([
    [{ name: '' }, 'name: Please fill in all required fields.'],
    [{ email: undefined }, 'email: Please fill in all required fields.'],
    [{ email: 'not-an-email' }, 'email: Please enter a valid email address.'],
    [{ serviceType: 'plumbing' }, 'serviceType: Please fill in all required fields.'],
    [{ preferredDate: '' }, 'preferredDate: Please fill in all required fields.'],
    [{ preferredDate: '2020-01-01' }, 'Preferred date cannot be in the past.'],
  ])('refuses %o with a clear message and keeps nothing', async (change, message) => {
    const before = (await list()).length;
    const res = await t.call('POST', '/api/consultations', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await list()).length).toBe(before);
  });

  it('quietly keeps nothing from a bot that fills the hidden field', async () => {
    const before = (await list()).length;
    const res = await t.call('POST', '/api/consultations', { ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect((await list()).length).toBe(before);
  });

  it('marking contacted archives the request, stamps contactedAt and is in the audit trail', async () => {
    const [c] = await list();
    const res = await t.call(
      'PATCH',
      `/api/consultations/${c!.id}`,
      { status: 'contacted', notes: 'Called, booked a visit' },
      t.adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'contacted', archived: true, notes: 'Called, booked a visit' });
    expect(Date.parse(res.body.contactedAt)).toBeGreaterThan(Date.now() - 60_000);

    const restored = await t.call('PATCH', `/api/consultations/${c!.id}`, { archived: false }, t.adminToken);
    expect(restored.body).toMatchObject({ status: 'contacted', archived: false });

    const audit = await t.call('GET', `/api/audit?stream=consultation-${c!.id}`, undefined, t.adminToken);
    expect(audit.body.map((e: { type: string }) => e.type)).toEqual([
      'ConsultationRestored',
      'ConsultationArchived',
      'ConsultationContactedAtSet',
      'ConsultationNotesUpdated',
      'ConsultationStatusChanged',
      'ConsultationRequested',
    ]);
    expect(audit.body[4]).toMatchObject({
      actorRole: 'admin',
      changes: { from: 'pending', to: 'contacted' },
    });
  });

  it('is for admins only to read and change, and answers 404 and 400 as it should', async () => {
    const u = await t.createUser();
    const token = await t.activate(u.email, u.temporaryPassword);
    expect((await t.call('GET', '/api/consultations')).status).toBe(401);
    expect((await t.call('GET', '/api/consultations', undefined, token)).status).toBe(403);
    expect((await t.call('PATCH', '/api/consultations/1', { status: 'contacted' })).status).toBe(401);
    expect((await t.call('PATCH', '/api/consultations/1', { status: 'contacted' }, token)).status).toBe(403);
    expect(
      (await t.call('PATCH', '/api/consultations/99999', { status: 'contacted' }, t.adminToken)).status,
    ).toBe(404);
    const bad = await t.call('PATCH', '/api/consultations/1', { status: 'lost' }, t.adminToken);
    expect([bad.status, bad.body.message.startsWith('status: ')]).toEqual([400, true]);
    expect((await t.call('PATCH', '/api/consultations/1', {}, t.adminToken)).body.message).toBe(
      'Nothing to change.',
    );
  });
});
