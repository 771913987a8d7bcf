import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { createCredentials, writeNow } from '../auth/credentials.ts';

/** A client that retries a create after a lost answer (same Idempotency-Key) makes no second record. */
describe('retried creates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const post = (url: string, body: unknown, key: string, token: string | null = t.adminToken) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const count = async (type: string) =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE type = ${type}`.execute(
        t.deps.db,
      )
    ).rows[0]!.n;

  it('answer the record the first attempt made, for consultations, clients, projects and notes', async () => {
    const consultation = {
      name: 'Retry Visitor',
      email: 'retry@example.com',
      preferredDate: '2099-03-01',
      serviceType: 'starlink',
    };
    const key = randomUUID();
    const before = await count('ConsultationRequested');
    const [a, b] = [
      await post('/api/consultations', consultation, key, null),
      await post('/api/consultations', consultation, key, null),
    ];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await count('ConsultationRequested')).toBe(before + 1);
    // Another key is another request.
    expect((await post('/api/consultations', consultation, randomUUID(), null)).statusCode).toBe(201);
    expect(await count('ConsultationRequested')).toBe(before + 2);

    const clientKey = randomUUID();
    const entry = { name: 'Retry Client', email: 'retry-client@example.com', userType: 'client' };
    const first = await post('/api/clients', entry, clientKey);
    const again = await post('/api/clients', entry, clientKey);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().client.id).toBe(first.json().client.id);
    expect(again.json().user.id).toBe(first.json().user.id);
    expect(first.json().temporaryPassword).toEqual(expect.any(String));
    expect(again.json().temporaryPassword).toBeNull();
    expect(await count('ClientRegistered')).toBe(1);

    const projectKey = randomUUID();
    const project = { clientId: first.json().client.id, title: 'Retry job', type: 'starlink' };
    const p1 = await post('/api/projects', project, projectKey);
    const p2 = await post('/api/projects', project, projectKey);
    expect([p1.statusCode, p2.statusCode]).toEqual([201, 201]);
    expect(p2.json().id).toBe(p1.json().id);
    expect(await count('ProjectCreated')).toBe(1);

    const noteKey = randomUUID();
    const n1 = await post('/api/dashboard/notes', { day: '2026-11-24', text: 'Call back' }, noteKey);
    const n2 = await post('/api/dashboard/notes', { day: '2026-11-24', text: 'Call back' }, noteKey);
    expect(n2.json().id).toBe(n1.json().id);
    expect(await count('DailyNoteAdded')).toBe(1);
  });

  it('a retry takes over the sign-in its own attempt left when the process died before the client was stored', async () => {
    const key = randomUUID();
    const adminId = (await t.call('GET', '/api/auth/user', undefined, t.adminToken)).body.id as number;
    // What the dead attempt left: its ids under the key, and the account's credentials, but no events.
    const { rows } = await sql<{ record_id: number }>`
      INSERT INTO idempotency_keys (scope, key, record_id)
      VALUES (${`client_ids:${adminId}`}, ${key}, nextval('client_ids')), (${`user_ids:${adminId}`}, ${key}, nextval('user_ids'))
      RETURNING record_id`.execute(t.deps.db);
    const [clientId, userId] = rows.map((r) => r.record_id);
    const reserved = { email: 'left-behind@example.com', passwordHash: 'x', temporary: true };
    const nobody = { role: null, firstName: null, lastName: null };
    await writeNow(t.deps.db, createCredentials(t.deps.db, { userId: userId!, ...reserved, ...nobody }));

    const entry = { name: 'Left Behind', email: 'left-behind@example.com', userType: 'client' };
    // Someone else's request for that e-mail is refused: the credentials are not theirs.
    expect((await post('/api/clients', entry, randomUUID())).statusCode).toBe(409);
    const retried = await post('/api/clients', entry, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().client).toMatchObject({ id: clientId, userId });
    await t.login('left-behind@example.com', retried.json().temporaryPassword);
    const logins = await sql<{ n: number }>`SELECT count(*)::int AS n FROM credentials
      WHERE email = 'left-behind@example.com'`.execute(t.deps.db);
    expect(logins.rows[0]!.n).toBe(1);
  });

  it('keeps keys per caller and refuses a malformed key', async () => {
    const other = await t.createUser({ email: 'second-admin@example.com', role: 'admin' });
    const token = await t.activate(other.email, other.temporaryPassword);
    const key = randomUUID();
    const mine = await post('/api/dashboard/notes', { day: '2026-11-25', text: 'Mine' }, key);
    const theirs = await post('/api/dashboard/notes', { day: '2026-11-25', text: 'Theirs' }, key, token);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    const bad = await post('/api/dashboard/notes', { day: '2026-11-25', text: 'x' }, 'no spaces!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'bad_idempotency_key', message: expect.any(String) });
  });
});
