import type { TAuditEntry } from '@app/contracts/api/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { pagedList } from '../../test/pages.ts';

type AuditEntry = TAuditEntry;

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

/** `GET /api/audit` paged (issue 23): a project's History or an account's trail, page by page. */
describe('audit trail pages', () => {
  let t: TestApp;
  let projectId: number;
  let clientToken: string;
  const { page, walk, refused } = pagedList<TAuditEntry>(
    () => t,
    '/api/audit',
    (e) => e.eventId,
  );
  const whole = async (stream: string) =>
    (await t.call('GET', `/api/audit?stream=${stream}`, undefined, t.adminToken)).body as TAuditEntry[];
  const progress = async (value: number) => {
    const res = await t.call('PATCH', `/api/projects/${projectId}`, { progress: value }, t.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** The project's whole History once it holds `n` entries (the audit view follows the log). */
  const historyOf = async (n: number) =>
    eventually(
      `${n} entries in the History`,
      async () => {
        const entries = await whole(`project-${projectId}`);
        return entries.length >= n ? entries : null;
      },
      5000,
    );

  beforeAll(async () => {
    t = await startTestApp();
    const made = await portalClientWithProject(t, { name: 'Kodiak Paging', email: 'kodiak@example.com' });
    projectId = made.projectId;
    clientToken = made.token;
    for (let p = 1; p <= 5; p++) await progress(p * 10);
    const doc = await t.call('POST', '/api/documents', { title: 'Tower Permit', projectId }, t.adminToken);
    expect(doc.status).toBe(201);
    await historyOf(7);
  });
  afterAll(async () => t?.close());

  it('pages a History newest first with a total; events added meanwhile are neither skipped nor repeated', async () => {
    const before = await historyOf(7);
    const first = await page(`stream=project-${projectId}&limit=3`);
    expect(first.total).toBe(before.length);
    expect(first.items.map((e) => e.eventId)).toEqual(before.slice(0, 3).map((e) => e.eventId));
    expect(first.nextCursor).toEqual(expect.any(String));

    let added = 0;
    const seen = await walk(`stream=project-${projectId}&limit=2`, async (n) => {
      if (n < 2) {
        await progress(60 + n);
        added++;
      }
    });
    expect(seen).toEqual(before.map((e) => e.eventId));
    expect(new Set(seen).size).toBe(seen.length);

    const after = await historyOf(before.length + added);
    const fresh = await page(`stream=project-${projectId}&limit=200`);
    expect(fresh.total).toBe(after.length);
    expect(fresh.nextCursor).toBeNull();
    // A page's entries are the whole array's, field for field (actor names, document titles).
    expect(fresh.items).toEqual(after);
    expect(fresh.items.find((e) => e.type === 'DocumentFormCreated')).toMatchObject({
      documentTitle: 'Tower Permit',
      actorName: 'Admin',
    });
  });

  it("pages an account's trail across its own and its activity stream", async () => {
    const u = await t.createUser({ email: 'pager@example.com', firstName: 'Pat', lastName: 'Pager' });
    const token = await t.activate(u.email, u.temporaryPassword);
    expect((await t.call('POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    await t.login(u.email, 'chosen-password-1');
    // Sign-ins are recorded without waiting for the read models.
    const entries = await eventually(
      "the account's second sign-in",
      async () => {
        const e = await whole(`user-${u.id}`);
        return e.filter((x) => x.type === 'UserLoggedIn').length >= 2 ? e : null;
      },
      5000,
    );
    expect(new Set(entries.map((e) => e.stream))).toEqual(new Set([`user-${u.id}`, `user-activity-${u.id}`]));
    expect(await walk(`stream=user-${u.id}&limit=2`)).toEqual(entries.map((e) => e.eventId));
    expect((await page(`stream=user-${u.id}&limit=1`)).total).toBe(entries.length);
    const logins = await page(`stream=user-${u.id}&type=UserLoggedIn`);
    expect(logins.items.map((e) => e.stream)).toEqual([`user-activity-${u.id}`, `user-activity-${u.id}`]);
    expect(logins.total).toBe(2);
  });

  it('searches every word in the event type, the actor and the document title; filters by type', async () => {
    const stream = `stream=project-${projectId}`;
    const types = async (query: string) => (await page(`${stream}&${query}`)).items.map((e) => e.type);
    expect(await types('q=tower')).toEqual(['DocumentFormCreated']);
    expect(await types(`q=${encodeURIComponent('permit FORM created')}`)).toEqual(['DocumentFormCreated']);
    expect(await types('q=projectcreated')).toEqual(['ProjectCreated']);
    const all = await whole(`project-${projectId}`);
    const byAdmin = await page(`${stream}&q=admin&limit=1`);
    expect(byAdmin.total).toBe(all.filter((e) => e.actorName === 'Admin').length);
    expect(byAdmin.total).toBeGreaterThan(5);
    expect(await types('q=nobody')).toEqual([]);
    expect(await types('q=%25')).toEqual([]);
    const progressed = await page(`${stream}&type=ProjectProgressChanged&limit=2`);
    const allProgressed = all.filter((e) => e.type === 'ProjectProgressChanged');
    expect(progressed.items).toEqual(allProgressed.slice(0, 2));
    expect(progressed.total).toBe(allProgressed.length);
    expect(progressed.total).toBeGreaterThanOrEqual(5);
    expect((await page(`${stream}&type=ProjectProgressChanged&q=tower`)).total).toBe(0);
    // Another record's trail is not searched.
    expect((await page('stream=project-999999&q=admin')).items).toEqual([]);
  });

  it('refuses a bad cursor, limit, type or unknown parameter with 400 and a clear message', async () => {
    const stream = `stream=project-${projectId}`;
    await refused(`${stream}&limit=0`, /limit must be a whole number from 1 to 200/);
    await refused(`${stream}&limit=201`, /limit must be a whole number from 1 to 200/);
    await refused(`${stream}&limit=two`, /limit must be a whole number from 1 to 200/);
    await refused(`${stream}&cursor=not-a-cursor`, /cursor is not one this list gave out/);
    await refused(`${stream}&cursor=${'x'.repeat(401)}`, /cursor is not one this list gave out/);
    const otherList = Buffer.from(JSON.stringify({ l: 'consultations', k: ['2026-01-01', 1] })).toString(
      'base64url',
    );
    await refused(`${stream}&cursor=${otherList}`, /cursor is not one this list gave out/);
    // The audit list's own name with a key that is not a position.
    const badKey = Buffer.from(JSON.stringify({ l: 'audit', k: ['1; DROP TABLE x'] })).toString('base64url');
    await refused(`${stream}&cursor=${badKey}`, /cursor is not one this list gave out/);
    await refused(`${stream}&type=user_created`, /type must be an event type/);
    await refused(`${stream}&sort=oldest`, /sort/);
    await refused(`${stream}&q=${'x'.repeat(201)}`, /q/);
    await refused('limit=5', /stream/);
  });

  it('is for admins only, paged or not', async () => {
    const asClient = await t.call(
      'GET',
      `/api/audit?stream=project-${projectId}&limit=5`,
      undefined,
      clientToken,
    );
    expect(asClient.status).toBe(403);
    expect(asClient.body).toEqual({ error: 'forbidden', message: 'Admin access required.' });
    expect((await t.call('GET', `/api/audit?stream=project-${projectId}&limit=5`)).status).toBe(401);
  });
});
