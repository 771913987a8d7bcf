import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';

interface AuditEntry {
  eventId: string;
  stream: string;
  revision: number;
  type: string;
  occurredAt: string;
  actorId: number | null;
  actorRole: string;
  actorName: string | null;
  clientIp: string | null;
  changes: Record<string, unknown>;
}

describe('audit trail (GET /api/audit)', () => {
  let t: TestApp;
  let adminId: number;

  const audit = async (stream: string, token = t.adminToken): Promise<AuditEntry[]> => {
    const res = await t.call('GET', `/api/audit?stream=${stream}`, undefined, token);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Sign-ins are recorded without waiting for the read models, so a read right after one may poll. */
  /** The stream's entries once `done` holds (or as they are when it never does, for the assertion to show). */
  const auditUntil = async (stream: string, done: (entries: AuditEntry[]) => boolean) => {
    await eventually(`audit of ${stream}`, async () => done(await audit(stream)), 5000).catch(
      () => undefined,
    );
    return audit(stream);
  };

  beforeAll(async () => {
    t = await startTestApp();
    adminId = (await t.call('GET', '/api/auth/user', undefined, t.adminToken)).body.id;
  });
  afterAll(async () => t?.close());

  it("records a user's whole life, newest first, with who did each step", async () => {
    const created = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'una@example.com', firstName: 'Una', lastName: 'Audit' },
      t.adminToken,
    );
    expect(created.status).toBe(201);
    const id = created.body.user.id as number;
    const temp = created.body.temporaryPassword as string;

    const token = await t.login('una@example.com', temp);
    const changed = await t.call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: temp, newPassword: 'una-secret-1' },
      token,
    );
    expect(changed.status).toBe(200);
    expect((await t.call('PUT', `/api/users/${id}/role`, { role: 'client' }, t.adminToken)).status).toBe(200);
    expect(
      (await t.call('PUT', '/api/users/email/una@example.com/role', { role: 'admin' }, t.adminToken)).status,
    ).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    // A reset ends every session of the user (so it comes after their own sign-out here).
    const reset = await t.call(
      'POST',
      '/api/auth/generate-temp-password',
      { userEmail: 'una@example.com' },
      t.adminToken,
    );
    expect(reset.status).toBe(200);
    expect((await t.call('DELETE', `/api/users/${id}`, undefined, t.adminToken)).status).toBe(200);

    const entries = await audit(`user-${id}`);
    expect(entries.map((e) => e.type)).toEqual([
      'UserDeleted',
      'TemporaryPasswordIssued',
      'UserLoggedOut',
      'UserRoleChanged',
      'UserRoleChanged',
      'UserPasswordChanged',
      'UserLoggedIn',
      'TemporaryPasswordIssued',
      'UserCreated',
    ]);
    // Sign-ins and sign-outs are kept in the account's activity stream, shown in its trail all the same.
    expect(entries.map((e) => e.stream)).toEqual([
      ...Array(2).fill(`user-${id}`),
      `user-activity-${id}`,
      ...Array(3).fill(`user-${id}`),
      `user-activity-${id}`,
      ...Array(2).fill(`user-${id}`),
    ]);
    expect(entries.map((e) => e.revision)).toEqual([6, 5, 1, 4, 3, 2, 0, 1, 0]);
    const times = entries.map((e) => Date.parse(e.occurredAt));
    expect(times.every((ms, i) => !Number.isNaN(ms) && (i === 0 || ms <= times[i - 1]!))).toBe(true);
    expect(new Set(entries.map((e) => e.eventId)).size).toBe(entries.length);
    for (const e of entries) expect(e.clientIp).toBe('127.0.0.1');

    const [
      deleted,
      resetIssued,
      loggedOut,
      toAdmin,
      toClient,
      passwordChanged,
      loggedIn,
      firstIssued,
      userCreated,
    ] = entries;
    const byAdmin = { actorId: adminId, actorRole: 'admin', actorName: 'Admin' };
    const byUna = { actorId: id, actorName: 'Una Audit' };
    expect(userCreated).toMatchObject({
      ...byAdmin,
      changes: {
        userId: id,
        email: 'una@example.com',
        firstName: 'Una',
        lastName: 'Audit',
        role: 'user',
        mustChangePassword: true,
      },
    });
    expect(firstIssued).toMatchObject({ ...byAdmin, changes: { userId: id, reason: 'account_created' } });
    expect(loggedIn).toMatchObject({
      ...byUna,
      actorRole: 'user',
      changes: { userId: id, withTemporaryPassword: true },
    });
    expect(passwordChanged).toMatchObject({ ...byUna, actorRole: 'user', changes: { userId: id } });
    expect(toClient).toMatchObject({ ...byAdmin, changes: { userId: id, from: 'user', to: 'client' } });
    expect(toAdmin).toMatchObject({ ...byAdmin, changes: { userId: id, from: 'client', to: 'admin' } });
    expect(resetIssued).toMatchObject({ ...byAdmin, changes: { userId: id, reason: 'reset' } });
    // Signed out after the promotion, so the session's role at the time was admin.
    expect(loggedOut).toMatchObject({ ...byUna, actorRole: 'admin' });
    expect(deleted).toMatchObject({ ...byAdmin, changes: { userId: id, email: 'una@example.com' } });

    // Secrets never reach the trail.
    const text = JSON.stringify(entries);
    expect(text).not.toContain(temp);
    expect(text).not.toContain(reset.body.temporaryPassword);
    expect(text).not.toContain('una-secret-1');
    expect(text).not.toContain(token);
  });

  it('names the admin who acted, not just any admin', async () => {
    const second = await t.call(
      'POST',
      '/api/users/create-admin',
      { email: 'ada@example.com', firstName: 'Ada', lastName: 'Second' },
      t.adminToken,
    );
    expect(second.status).toBe(201);
    const adaToken = await t.activate('ada@example.com', second.body.temporaryPassword);
    const target = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'ted@example.com', firstName: 'Ted', role: 'client' },
      adaToken,
    );
    expect(target.status).toBe(201);
    const id = target.body.user.id as number;
    expect((await t.call('PUT', `/api/users/${id}/role`, { role: 'user' }, adaToken)).status).toBe(200);

    const entries = await audit(`user-${id}`, adaToken);
    expect(entries.map((e) => e.type)).toEqual(['UserRoleChanged', 'TemporaryPasswordIssued', 'UserCreated']);
    for (const e of entries) {
      expect(e).toMatchObject({ actorId: second.body.user.id, actorName: 'Ada Second', actorRole: 'admin' });
    }
    expect(entries[0]!.changes).toMatchObject({ from: 'client', to: 'user' });
  });

  it("the first admin's stream: created by the system, then signed in", async () => {
    await t.login(ADMIN.email, ADMIN.password);
    const entries = await auditUntil(
      `user-${adminId}`,
      (es) => es.filter((e) => e.type === 'UserLoggedIn').length >= 2,
    );
    const created = entries.at(-1)!;
    expect(created).toMatchObject({
      type: 'UserCreated',
      revision: 0,
      actorId: null,
      actorRole: 'system',
      actorName: null,
    });
    expect(created.changes).toMatchObject({ email: ADMIN.email, role: 'admin', mustChangePassword: false });
    const logins = entries.filter((e) => e.type === 'UserLoggedIn');
    expect(logins.length).toBeGreaterThanOrEqual(2);
    for (const l of logins)
      expect(l).toMatchObject({
        actorId: adminId,
        actorName: 'Admin',
        actorRole: 'admin',
        changes: { withTemporaryPassword: false },
      });
    // A bootstrap with a chosen password issues no temporary one.
    expect(entries.map((e) => e.type)).not.toContain('TemporaryPasswordIssued');
  });

  it('answers an empty list for a stream with no events, and 400 for a malformed stream name', async () => {
    expect(await audit('user-999999')).toEqual([]);
    const bad = await t.call('GET', '/api/audit?stream=users', undefined, t.adminToken);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'validation_error', message: expect.stringMatching(/^stream: /) });
    const missing = await t.call('GET', '/api/audit', undefined, t.adminToken);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/stream/);
    // One form per record: a leading zero does not name project 1's trail a second way.
    const zero = await t.call('GET', '/api/audit?stream=project-01', undefined, t.adminToken);
    expect(zero.status).toBe(400);
  });

  it('is for admins only', async () => {
    const created = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'nosy@example.com', firstName: 'Nosy' },
      t.adminToken,
    );
    const token = await t.activate('nosy@example.com', created.body.temporaryPassword);
    const own = await t.call('GET', `/api/audit?stream=user-${created.body.user.id}`, undefined, token);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: 'forbidden', message: 'Admin access required.' });
    expect((await t.call('GET', `/api/audit?stream=user-${adminId}`)).status).toBe(401);
  });
});
