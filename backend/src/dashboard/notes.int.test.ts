import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

describe('daily notes on the admin dashboard', () => {
  let t: TestApp;
  let otherAdmin: string;
  beforeAll(async () => {
    t = await startTestApp();
    const created = await t.call(
      'POST',
      '/api/users/create-admin',
      { email: 'second.admin@example.com', firstName: 'Sam', lastName: 'Second' },
      t.adminToken,
    );
    otherAdmin = await t.activate('second.admin@example.com', created.body.temporaryPassword);
  });
  afterAll(async () => t?.close());

  const notes = (day: string, token = t.adminToken) =>
    t.call('GET', `/api/dashboard/notes?day=${day}`, undefined, token);

  it('keeps notes per user and day, ticks them off, edits and deletes them', async () => {
    const added = await t.call(
      'POST',
      '/api/dashboard/notes',
      { day: '2026-11-23', text: 'Call Walt' },
      t.adminToken,
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ day: '2026-11-23', text: 'Call Walt', completed: false });
    await t.call('POST', '/api/dashboard/notes', { day: '2026-11-24', text: 'Order cable' }, t.adminToken);

    expect((await notes('2026-11-23')).body.map((n: { text: string }) => n.text)).toEqual(['Call Walt']);
    expect((await notes('2026-11-23', otherAdmin)).body).toEqual([]);

    const id = added.body.id;
    const done = await t.call('PATCH', `/api/dashboard/notes/${id}`, { completed: true }, t.adminToken);
    expect(done.body).toMatchObject({ completed: true, text: 'Call Walt' });
    const edited = await t.call(
      'PATCH',
      `/api/dashboard/notes/${id}`,
      { text: 'Call Walt at 3' },
      t.adminToken,
    );
    expect(edited.body.text).toBe('Call Walt at 3');

    // Someone else's note does not exist for them.
    expect(
      (await t.call('PATCH', `/api/dashboard/notes/${id}`, { completed: false }, otherAdmin)).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/dashboard/notes/${id}`, undefined, otherAdmin)).status).toBe(404);

    expect((await t.call('DELETE', `/api/dashboard/notes/${id}`, undefined, t.adminToken)).status).toBe(200);
    expect((await notes('2026-11-23')).body).toEqual([]);
    expect((await t.call('DELETE', `/api/dashboard/notes/${id}`, undefined, t.adminToken)).status).toBe(404);
  });

  it.each([
    [{ day: '2026-11-23', text: '   ' }, 'text: Please enter a note'],
    [{ day: 'tomorrow', text: 'x' }, 'day: Day must be YYYY-MM-DD'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await t.call('POST', '/api/dashboard/notes', body, t.adminToken);
    expect(res).toMatchObject({ status: 400, body: { error: 'validation_error', message } });
  });

  it('is for admins: 401 anonymous, 403 otherwise', async () => {
    const user = await t.createUser();
    const token = await t.activate(user.email, user.temporaryPassword);
    expect((await notes('2026-11-23', '')).status).toBe(401);
    expect((await notes('2026-11-23', token)).status).toBe(403);
    expect(
      (await t.call('POST', '/api/dashboard/notes', { day: '2026-11-23', text: 'x' }, token)).status,
    ).toBe(403);
  });
});
