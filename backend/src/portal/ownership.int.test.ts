import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

/**
 * The portal's ownership rule in one place: a client reads only their own records, and asking for another
 * client's answers 404 (as an unknown id would), never 403, so ids cannot be probed. Admin-only reads answer
 * 403 to every client whatever the id.
 */
describe('a client sees only their own data', () => {
  let t: TestApp;
  const a = { clientId: 0, projectId: 0, token: '' };
  const b = { clientId: 0, projectId: 0, token: '' };

  beforeAll(async () => {
    t = await startTestApp();
    for (const [who, email] of [
      [a, 'owner.a@example.com'],
      [b, 'owner.b@example.com'],
    ] as const) {
      const created = await t.call('POST', '/api/clients', { name: email, email }, t.adminToken);
      who.clientId = created.body.client.id;
      who.token = await t.activate(email, created.body.temporaryPassword);
      const project = await t.call(
        'POST',
        '/api/projects',
        { clientId: who.clientId, title: `Cameras for ${email}`, type: 'security' },
        t.adminToken,
      );
      who.projectId = project.body.id;
    }
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.call('GET', url, undefined, a.token);

  it('lists hold only their own records', async () => {
    for (const url of ['/api/projects', '/api/projects/client']) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.body.map((p: { id: number }) => p.id)).toEqual([a.projectId]);
    }
    expect((await get('/api/clients/me')).body.id).toBe(a.clientId);
    for (const list of ['messages', 'appointments', 'payments'])
      expect((await get(`/api/${list}/client`)).body).toEqual([]);
    expect((await get('/api/dashboard/stats')).body).toMatchObject({ totalClients: 1, totalProjects: 1 });
  });

  it("keeps each client's portal lists apart, and a change shows at once", async () => {
    const ask = (url: string, token: string, tag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, ...(tag && { 'if-none-match': tag }) },
      });
    const ids = (body: string) => (JSON.parse(body) as { id: number }[]).map((p) => p.id);
    for (const url of ['/api/projects', '/api/projects/client']) {
      const mine = await ask(url, a.token);
      const theirs = await ask(url, b.token);
      expect(ids(mine.body)).toEqual([a.projectId]);
      expect(ids(theirs.body)).toEqual([b.projectId]);
      expect(mine.headers.etag).not.toBe(theirs.headers.etag);
      expect((await ask(url, a.token, mine.headers.etag as string)).statusCode).toBe(304);
    }
    for (const url of [
      '/api/payments/client',
      '/api/appointments/client',
      '/api/documents',
      '/api/estimates',
    ])
      expect((await ask(url, a.token)).headers.etag, url).toMatch(/^W\//);

    const before = await ask('/api/projects/client', a.token);
    const added = await t.call(
      'POST',
      '/api/projects',
      { clientId: a.clientId, title: 'Second job', type: 'starlink' },
      t.adminToken,
    );
    const after = await ask('/api/projects/client', a.token, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(ids(after.body)).toContain(added.body.id);
    expect(ids((await ask('/api/projects/client', b.token)).body)).toEqual([b.projectId]);
    await t.call('DELETE', `/api/projects/${added.body.id}`, undefined, t.adminToken);
  });

  it("another client's record answers 404, exactly like an id that does not exist", async () => {
    for (const [theirs, missing] of [
      [`/api/projects/${b.projectId}`, '/api/projects/999999'],
      [`/api/clients/${b.clientId}`, '/api/clients/999999'],
    ] as const) {
      const other = await get(theirs);
      const unknown = await get(missing);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(unknown.body);
    }
    const upload = await t.call('POST', `/api/projects/${b.projectId}/photos`, undefined, a.token);
    expect(upload.status).toBe(404);
  });

  it('admin-only reads answer 403 to a client whatever the id', async () => {
    for (const url of [
      `/api/projects/client/${b.clientId}`,
      `/api/projects/client/${a.clientId}`,
      `/api/messages/client/${b.clientId}`,
      `/api/appointments/client/${b.clientId}`,
      `/api/payments/client/${b.clientId}`,
      '/api/clients',
      `/api/audit?stream=project-${b.projectId}`,
    ])
      expect((await get(url)).status, url).toBe(403);
  });

  it('a client changes nothing, not even their own project', async () => {
    const own = `/api/projects/${a.projectId}`;
    expect((await t.call('PATCH', own, { status: 'completed' }, a.token)).status).toBe(403);
    expect((await t.call('DELETE', own, undefined, a.token)).status).toBe(403);
    expect(
      (await t.call('PUT', `/api/clients/${a.clientId}`, { name: 'X', email: 'x@example.com' }, a.token))
        .status,
    ).toBe(403);
    expect((await t.call('GET', own, undefined, a.token)).body.status).toBe('pending');
  });
});
