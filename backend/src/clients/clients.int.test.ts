import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';

describe('clients', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await startTestApp({ workers: true });
  });
  afterAll(async () => t?.close());

  const entry = (overrides: Record<string, unknown> = {}) => {
    seq++;
    return { name: `Kim Client${seq}`, email: `client${seq}@example.com`, userType: 'client', ...overrides };
  };
  /** A client with a portal account whose temporary password has been replaced. */
  const portalClient = async () => {
    const res = await t.call('POST', '/api/clients', entry(), t.adminToken);
    expect(res.status).toBe(201);
    const token = await t.activate(res.body.user.email, res.body.temporaryPassword);
    return { client: res.body.client, token };
  };

  it('creates a client with portal access: a linked client account, shown once and mailed', async () => {
    const res = await t.call(
      'POST',
      '/api/clients',
      {
        name: 'Ada May Lovelace',
        email: 'Ada@Example.com',
        phone: '907-555-0101',
        address: 'Homer, AK',
        userType: 'client',
      },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    expect(res.body.client).toMatchObject({
      name: 'Ada May Lovelace',
      email: 'ada@example.com',
      phone: '907-555-0101',
      address: 'Homer, AK',
      userId: res.body.user.id,
    });
    expect(res.body.user).toMatchObject({ firstName: 'Ada', lastName: 'May Lovelace', role: 'client' });
    expect(res.body.temporaryPassword).toEqual(expect.any(String));

    const list = await t.call('GET', '/api/clients', undefined, t.adminToken);
    expect(list.body.map((c: { email: string }) => c.email)).toContain('ada@example.com');
    const mail = await eventually('the temporary password mail', async () => {
      for (const name of (await readdir(t.outbox)).filter((n) => n.endsWith('.eml'))) {
        const text = await readFile(join(t.outbox, name), 'utf8');
        if (/^To: ada@example.com$/m.test(text)) return text;
      }
      return null;
    });
    expect(mail).toContain(res.body.temporaryPassword);
  });

  it('without portal access there is no account; userType user adds a user and no client', async () => {
    const plain = await t.call('POST', '/api/clients', entry({ portalAccess: false }), t.adminToken);
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ user: null, temporaryPassword: null, client: { userId: null } });

    const user = await t.call(
      'POST',
      '/api/clients',
      entry({ name: 'Uma Staff', email: 'uma@example.com', userType: 'user' }),
      t.adminToken,
    );
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({ client: null, user: { email: 'uma@example.com', role: 'user' } });
    const clients = await t.call('GET', '/api/clients', undefined, t.adminToken);
    expect(clients.body.map((c: { email: string }) => c.email)).not.toContain('uma@example.com');
    const users = await t.call('GET', '/api/users', undefined, t.adminToken);
    expect(users.body.map((u: { email: string }) => u.email)).toContain('uma@example.com');
  });

  it.each([
    [{ name: '' }, 'name: Name is required'],
    [{ name: undefined }, 'name: Name is required'],
    [{ email: 'not-an-email' }, 'email: Invalid email'],
    [{ userType: 'guest' }, 'userType: Please select whether this is a client or user'],
  ])('refuses %j with "%s" and keeps nothing', async (change, message) => {
    const before = (await t.call('GET', '/api/clients', undefined, t.adminToken)).body.length;
    const res = await t.call('POST', '/api/clients', entry(change), t.adminToken);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_error', message });
    expect((await t.call('GET', '/api/clients', undefined, t.adminToken)).body.length).toBe(before);
  });

  it('refuses a second client with the same e-mail (409)', async () => {
    const first = entry({ portalAccess: false });
    expect((await t.call('POST', '/api/clients', first, t.adminToken)).status).toBe(201);
    const again = await t.call('POST', '/api/clients', { ...first, name: 'Someone Else' }, t.adminToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A client with this email already exists.');
  });

  it('edits a client; the audit trail holds what changed and who changed it; an unchanged save records nothing', async () => {
    const created = (await t.call('POST', '/api/clients', entry({ portalAccess: false }), t.adminToken)).body
      .client;
    const edit = { name: created.name, email: created.email, phone: '907-555-0199', address: 'Nome, AK' };
    const res = await t.call('PUT', `/api/clients/${created.id}`, edit, t.adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '907-555-0199', address: 'Nome, AK' });
    expect((await t.call('PUT', `/api/clients/${created.id}`, edit, t.adminToken)).status).toBe(200);

    const audit = await t.call('GET', `/api/audit?stream=client-${created.id}`, undefined, t.adminToken);
    expect(audit.body.map((e: { type: string }) => e.type)).toEqual(['ClientUpdated', 'ClientRegistered']);
    expect(audit.body[0].changes).toMatchObject({
      phone: '907-555-0199',
      address: 'Nome, AK',
      previous: { phone: null, address: null },
    });
    expect(audit.body[0]).toMatchObject({ actorRole: 'admin', actorName: expect.any(String) });

    expect((await t.call('PUT', '/api/clients/99999', edit, t.adminToken)).status).toBe(404);
    const bad = await t.call('PUT', `/api/clients/${created.id}`, { ...edit, email: 'x' }, t.adminToken);
    expect(bad.status).toBe(400);
  });

  it('a client reads only their own record; another id answers 404', async () => {
    const a = await portalClient();
    const b = await portalClient();
    const me = await t.call('GET', '/api/clients/me', undefined, a.token);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(a.client.id);
    expect((await t.call('GET', `/api/clients/${a.client.id}`, undefined, a.token)).status).toBe(200);
    const other = await t.call('GET', `/api/clients/${b.client.id}`, undefined, a.token);
    expect(other.status).toBe(404);
    expect((await t.call('GET', '/api/clients/me', undefined, t.adminToken)).status).toBe(404);
    expect((await t.call('GET', '/api/clients', undefined, a.token)).status).toBe(403);
  });

  it('guards the admin endpoints: 401 anonymous, 403 for a client', async () => {
    const { token } = await portalClient();
    for (const [method, url, body] of [
      ['GET', '/api/clients', undefined],
      ['POST', '/api/clients', entry()],
      ['PUT', '/api/clients/1', { name: 'X', email: 'x@example.com' }],
      ['GET', '/api/messages/client/1', undefined],
      ['GET', '/api/appointments/client/1', undefined],
      ['GET', '/api/payments/client/1', undefined],
    ] as const) {
      expect((await t.call(method, url, body)).status).toBe(401);
      expect((await t.call(method, url, body, token)).status).toBe(403);
    }
  });

  it("the portal's lists answer from their (still empty) read models: own for a client, any for an admin", async () => {
    const { client, token } = await portalClient();
    for (const list of ['messages', 'appointments', 'payments']) {
      const own = await t.call('GET', `/api/${list}/client`, undefined, token);
      expect(own).toMatchObject({ status: 200, body: [] });
      const admin = await t.call('GET', `/api/${list}/client/${client.id}`, undefined, t.adminToken);
      expect(admin).toMatchObject({ status: 200, body: [] });
      expect((await t.call('GET', `/api/${list}/client/99999`, undefined, t.adminToken)).status).toBe(404);
      expect((await t.call('GET', `/api/${list}/client`)).status).toBe(401);
    }
  });
});
