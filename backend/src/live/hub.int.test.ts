import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { connect } from '../../test/sockets.ts';
import { systemActor } from '../platform/command.ts';
import { recordLogout } from '../users/sign-in.ts';

describe('websocket hub /ws', () => {
  let t: TestApp;
  let base: string;
  let adminWs: ReturnType<typeof connect>;
  let userWs: ReturnType<typeof connect>;
  let clientWs: ReturnType<typeof connect>;

  const ticketFor = async (token: string) => {
    const res = await t.call('POST', '/api/auth/ws-ticket', undefined, token);
    expect(res.status).toBe(200);
    expect(res.body.expiresInSeconds).toBe(30);
    return res.body.ticket as string;
  };
  /** Opens a socket the way the web app does: a ticket first, then `/ws?ticket=`. */
  const open = async (token: string) => {
    const c = connect(`${base}?ticket=${await ticketFor(token)}`);
    await c.next((m) => m.type === 'CONNECTED');
    return c;
  };
  const newAdmin = async (email: string) => {
    const created = await t.createUser({ email, role: 'admin' });
    return { ...created, token: await t.activate(email, created.temporaryPassword) };
  };
  const adminUpdatesAfter = (c: ReturnType<typeof connect>, from: number) =>
    c.messages.slice(from).filter((m) => m.type === 'ADMIN_DATA_UPDATE');
  /** Waits for the main admin to hear of a change made after `from`, so every socket was told by then. */
  const aChangeEveryoneHeard = async (from: number) => {
    await t.createUser();
    await adminWs.next((m) => m.type === 'ADMIN_DATA_UPDATE', from);
    await new Promise((r) => setTimeout(r, 300));
  };

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;

    const user = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'wsuser@example.com', firstName: 'Will', role: 'user' },
      t.adminToken,
    );
    const client = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'wsclient@example.com', firstName: 'Cleo', role: 'client' },
      t.adminToken,
    );
    const userToken = await t.activate('wsuser@example.com', user.body.temporaryPassword);
    const clientToken = await t.activate('wsclient@example.com', client.body.temporaryPassword);

    [adminWs, userWs, clientWs] = await Promise.all([open(t.adminToken), open(userToken), open(clientToken)]);
  });

  afterAll(async () => {
    for (const c of [adminWs, userWs, clientWs]) c?.socket.close();
    await t?.close();
  });

  it('greets each signed-in socket with CONNECTED and its role', () => {
    expect(adminWs.messages[0]).toEqual({ type: 'CONNECTED', role: 'admin' });
    expect(userWs.messages[0]).toEqual({ type: 'CONNECTED', role: 'user' });
    expect(clientWs.messages[0]).toEqual({ type: 'CONNECTED', role: 'client' });
  });

  it('closes a socket without a ticket, with an unknown one, or with the session token itself, with 4401', async () => {
    const attempts = [
      connect(base),
      connect(`${base}?ticket=not-a-ticket`),
      connect(`${base}?token=${t.adminToken}`),
      connect(`${base}?ticket=${t.adminToken}`),
    ];
    for (const c of attempts) {
      expect((await c.closed).code).toBe(4401);
      expect(c.messages).toEqual([]);
    }
  });

  it('a repeated ticket or token parameter is refused with 4401, not a server error', async () => {
    const ticket = await ticketFor(t.adminToken);
    for (const query of [`ticket=${ticket}&ticket=${ticket}`, `token=${t.adminToken}&token=x`]) {
      const c = connect(`${base}?${query}`);
      expect((await c.closed).code).toBe(4401);
    }
    const http = await t.app.inject({ method: 'GET', url: `/api/auth/user?token=a&token=b` });
    expect(http.statusCode).toBe(401);
  });

  it('a ticket opens one socket only', async () => {
    const ticket = await ticketFor(t.adminToken);
    const first = connect(`${base}?ticket=${ticket}`);
    await first.next((m) => m.type === 'CONNECTED');
    const second = connect(`${base}?ticket=${ticket}`);
    expect((await second.closed).code).toBe(4401);
    first.socket.close();
  });

  it('a ticket older than 30 seconds is refused', async () => {
    const ticket = await ticketFor(t.adminToken);
    await sql`UPDATE ws_tickets SET expires_at = now() - interval '1 second'`.execute(t.deps.db);
    expect((await connect(`${base}?ticket=${ticket}`).closed).code).toBe(4401);
  });

  it('gives tickets only to a signed-in session that has chosen its password', async () => {
    expect((await t.call('POST', '/api/auth/ws-ticket')).status).toBe(401);
    const { email, temporaryPassword } = await t.createUser();
    const pending = await t.login(email, temporaryPassword);
    const res = await t.call('POST', '/api/auth/ws-ticket', undefined, pending);
    expect([res.status, res.body.error]).toEqual([403, 'password_change_required']);
  });

  it('closes a socket that sends a frame over 64 KB (1009) and keeps serving others', async () => {
    const c = await open(t.adminToken);
    c.socket.send('x'.repeat(100 * 1024));
    expect((await c.closed).code).toBe(1009);
    expect(adminWs.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes the socket of a session that signs out (4401), and it hears nothing more', async () => {
    const other = await newAdmin('ws-signout@example.com');
    const c = await open(other.token);
    expect((await t.call('POST', '/api/auth/logout', undefined, other.token)).status).toBe(200);
    expect((await c.closed).code).toBe(4401);
    const from = c.messages.length;
    await aChangeEveryoneHeard(adminWs.messages.length);
    expect(adminUpdatesAfter(c, from)).toEqual([]);
  });

  it('closes the socket when its session is revoked by another API process', async () => {
    const other = await newAdmin('ws-elsewhere@example.com');
    const c = await open(other.token);
    // What another process does on sign-out: revoke the row, then record the event; only the notice comes here.
    await sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${other.id}`.execute(t.deps.db);
    await recordLogout(t.deps, systemActor(), other.id);
    expect((await c.closed).code).toBe(4401);
  });

  it('closes the sockets of other sessions when the password changes; the changing session keeps its own', async () => {
    const other = await newAdmin('ws-password@example.com');
    const phone = await t.login(other.email, 'chosen-password-1');
    const [laptopWs, phoneWs] = [await open(other.token), await open(phone)];
    const res = await t.call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: 'chosen-password-1', newPassword: 'chosen-password-2' },
      other.token,
    );
    expect(res.status).toBe(200);
    expect((await phoneWs.closed).code).toBe(4401);
    const from = laptopWs.messages.length;
    await aChangeEveryoneHeard(adminWs.messages.length);
    expect(laptopWs.socket.readyState).toBe(WebSocket.OPEN);
    expect(adminUpdatesAfter(laptopWs, from).length).toBeGreaterThan(0);
    laptopWs.socket.close();
  });

  it('a demoted admin stops receiving admin updates at once', async () => {
    const other = await newAdmin('ws-demoted@example.com');
    const c = await open(other.token);
    const from = c.messages.length;
    const demoted = await t.call('PUT', `/api/users/${other.id}/role`, { role: 'user' }, t.adminToken);
    expect(demoted.status).toBe(200);
    await aChangeEveryoneHeard(adminWs.messages.length);
    expect(adminUpdatesAfter(c, from)).toEqual([]);
    c.socket.close();
  });

  it('closes the socket of a deleted admin (4401)', async () => {
    const other = await newAdmin('ws-deleted@example.com');
    const c = await open(other.token);
    expect((await t.call('DELETE', `/api/users/${other.id}`, undefined, t.adminToken)).status).toBe(200);
    expect((await c.closed).code).toBe(4401);
  });

  it('tells admins, and only admins, that the users view changed', async () => {
    const adminFrom = adminWs.messages.length;
    const userFrom = userWs.messages.length;
    const clientFrom = clientWs.messages.length;

    const created = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'newbie@example.com', firstName: 'New', role: 'user' },
      t.adminToken,
    );
    expect(created.status).toBe(201);
    const update = await adminWs.next((m) => m.type === 'ADMIN_DATA_UPDATE', adminFrom);
    expect(update).toEqual({ type: 'ADMIN_DATA_UPDATE', syncType: 'user' });

    // Let the creation's notices drain, then a role change is announced too.
    await new Promise((r) => setTimeout(r, 200));
    const beforeRole = adminWs.messages.length;
    const changed = await t.call(
      'PUT',
      `/api/users/${created.body.user.id}/role`,
      { role: 'client' },
      t.adminToken,
    );
    expect(changed.status).toBe(200);
    await adminWs.next((m) => m.type === 'ADMIN_DATA_UPDATE' && m.syncType === 'user', beforeRole);

    // Give any stray broadcast time to arrive before asserting there was none.
    await new Promise((r) => setTimeout(r, 300));
    expect(userWs.messages.slice(userFrom)).toEqual([]);
    expect(clientWs.messages.slice(clientFrom)).toEqual([]);
    expect(userWs.messages).toEqual([{ type: 'CONNECTED', role: 'user' }]);
    expect(clientWs.messages).toEqual([{ type: 'CONNECTED', role: 'client' }]);
    expect(
      adminWs.messages.slice(adminFrom).every((m) => m.type === 'ADMIN_DATA_UPDATE' && m.syncType === 'user'),
    ).toBe(true);
  });
});
