import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';

/** Write-side rules: unique e-mails decided on the write side, one change per command, nothing orphaned. */
describe('clients: write-side integrity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(t.deps.db)).rows[0]!.n;
  const eventsOfType = (type: string) =>
    count(sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE type = ${type}`);
  const loginsFor = (email: string) =>
    count(sql<{ n: number }>`SELECT count(*)::int AS n FROM credentials WHERE email = ${email}`);

  it('16 concurrent creations with one e-mail: one wins, 15 get 409, no orphan login or row', async () => {
    const before = await eventsOfType('ClientRegistered');
    const body = (i: number) => ({ name: `Racer ${i}`, email: 'race@example.com', userType: 'client' });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => t.call('POST', '/api/clients', body(i), t.adminToken)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const a of answers.filter((x) => x.status === 409)) {
      // The client's e-mail claim or the sign-in's e-mail, whichever the loser reached first.
      expect(a.body).toEqual({
        error: expect.stringMatching(/^(conflict|email_taken)$/),
        message: expect.stringMatching(/^A (client|user) with this email already exists\.$/),
      });
    }
    expect(await eventsOfType('ClientRegistered')).toBe(before + 1);
    expect(await loginsFor('race@example.com')).toBe(1);
    const clients = await t.call('GET', '/api/clients', undefined, t.adminToken);
    expect(clients.body.filter((c: { email: string }) => c.email === 'race@example.com')).toHaveLength(1);
    const users = await t.call('GET', '/api/users', undefined, t.adminToken);
    expect(users.body.filter((u: { email: string }) => u.email === 'race@example.com')).toHaveLength(1);
  });

  it('refuses a second client with the same e-mail, in any case, and leaves no login behind', async () => {
    const first = await t.call(
      'POST',
      '/api/clients',
      { name: 'No Portal', email: 'shared@example.com', userType: 'client', portalAccess: false },
      t.adminToken,
    );
    expect(first.status).toBe(201);
    const second = await t.call(
      'POST',
      '/api/clients',
      { name: 'With Portal', email: 'SHARED@example.com', userType: 'client' },
      t.adminToken,
    );
    expect(second.status).toBe(409);
    expect(await loginsFor('shared@example.com')).toBe(0);
  });

  it('moves the e-mail claim when a client changes e-mail: the old one is free, a taken one is refused', async () => {
    const make = async (email: string) =>
      (
        await t.call(
          'POST',
          '/api/clients',
          { name: 'Mover', email, userType: 'client', portalAccess: false },
          t.adminToken,
        )
      ).body.client;
    const a = await make('old-a@example.com');
    const b = await make('b@example.com');
    const edit = (id: number, email: string) =>
      t.call('PUT', `/api/clients/${id}`, { name: 'Mover', email }, t.adminToken);
    expect((await edit(a.id, 'b@example.com')).status).toBe(409);
    expect((await edit(a.id, 'new-a@example.com')).status).toBe(200);
    // The old address is free again.
    expect((await make('old-a@example.com')).email).toBe('old-a@example.com');
    expect((await edit(b.id, 'new-a@example.com')).status).toBe(409);
    expect((await t.call('GET', `/api/clients/${b.id}`, undefined, t.adminToken)).body.email).toBe(
      'b@example.com',
    );
  });

  it('answers 202 with the ids when the read models are down, and the change shows once they are back', async () => {
    const created = await t.call(
      'POST',
      '/api/clients',
      { name: 'Early Bird', email: 'early@example.com', userType: 'client' },
      t.adminToken,
    );
    expect(created.status).toBe(201);
    const clientId = created.body.client.id;
    await t.pauseProjections();
    try {
      const accepted = await t.call(
        'POST',
        '/api/clients',
        { name: 'Late Show', email: 'late@example.com', userType: 'client' },
        t.adminToken,
      );
      expect(accepted.status).toBe(202);
      expect(accepted.body).toMatchObject({
        accepted: true,
        id: expect.any(Number),
        userId: expect.any(Number),
        temporaryPassword: expect.any(String),
      });
      const project = await t.call(
        'POST',
        '/api/projects',
        { clientId, title: 'Roof cameras', type: 'security_cameras' },
        t.adminToken,
      );
      expect(project.status).toBe(202);
      expect(project.body).toMatchObject({ accepted: true, id: expect.any(Number) });
      const status = await t.call(
        'PATCH',
        `/api/projects/${project.body.id}`,
        { status: 'in_progress' },
        t.adminToken,
      );
      expect(status.status).toBe(202);
      t.resumeProjections();
      await eventually('the project shows', async () => {
        const res = await t.call('GET', `/api/projects/${project.body.id}`, undefined, t.adminToken);
        return res.status === 200 && res.body.status === 'in_progress' ? res.body : null;
      });
      const late = await t.call('GET', `/api/clients/${accepted.body.id}`, undefined, t.adminToken);
      expect(late.body).toMatchObject({ name: 'Late Show', userId: accepted.body.userId });
      // The temporary password answered in the 202 signs in.
      await t.login('late@example.com', accepted.body.temporaryPassword);
    } finally {
      t.resumeProjections();
    }
  }, 60_000);

  it('renaming a client renames their sign-in account in the same change', async () => {
    const made = await t.call(
      'POST',
      '/api/clients',
      { name: 'Old Name', email: 'renamed@example.com', userType: 'client' },
      t.adminToken,
    );
    const token = await t.activate('renamed@example.com', made.body.temporaryPassword);
    const res = await t.call(
      'PUT',
      `/api/clients/${made.body.client.id}`,
      { name: 'Nora Jean Newname', email: 'renamed@example.com' },
      t.adminToken,
    );
    expect(res.status).toBe(200);
    const me = await t.call('GET', '/api/auth/user', undefined, token);
    expect(me.body).toMatchObject({ firstName: 'Nora', lastName: 'Jean Newname' });
    const users = await t.call('GET', '/api/users', undefined, t.adminToken);
    expect(users.body.find((u: { email: string }) => u.email === 'renamed@example.com')).toMatchObject({
      firstName: 'Nora',
      lastName: 'Jean Newname',
    });
    const trail = await t.call('GET', `/api/audit?stream=user-${made.body.user.id}`, undefined, t.adminToken);
    expect(JSON.stringify(trail.body)).toContain('UserRenamed');
    // Same change: the client's event and the account's share one transaction.
    const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT transaction_id)::int AS n FROM es_events
      WHERE type IN ('ClientUpdated', 'UserRenamed') AND (data->>'clientId' = ${String(made.body.client.id)}
        OR data->>'userId' = ${String(made.body.user.id)})`.execute(t.deps.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('creates a project for a client its own stream knows, and refuses one for a client that does not exist', async () => {
    const res = await t.call(
      'POST',
      '/api/projects',
      { clientId: 999_999, title: 'Nobody', type: 'starlink' },
      t.adminToken,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('client_not_found');
  });
});
