import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../test/app.ts';

/** A websocket client that records every message and its close code. */
function connect(url: string) {
  const socket = new WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const l of listeners) l();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on('error', () => undefined);
  /** Resolves with the first message (from `from` on) that matches, or rejects after `ms`. */
  const next = (match: (m: Record<string, unknown>) => boolean, from = 0, ms = 5000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = messages.slice(from).find(match);
        if (!found) return false;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`));
      }, ms);
      listeners.add(check);
      check();
    });
  return { socket, messages, closed, next };
}

describe('websocket hub /ws', () => {
  let t: TestApp;
  let base: string;
  let adminWs: ReturnType<typeof connect>;
  let userWs: ReturnType<typeof connect>;
  let clientWs: ReturnType<typeof connect>;

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

    adminWs = connect(`${base}?token=${t.adminToken}`);
    userWs = connect(`${base}?token=${userToken}`);
    clientWs = connect(`${base}?token=${clientToken}`);
    await Promise.all([adminWs, userWs, clientWs].map((c) => c.next((m) => m.type === 'CONNECTED')));
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

  it('closes a socket without a token, or with an invalid one, with 4401', async () => {
    const anonymous = connect(base);
    const forged = connect(`${base}?token=not-a-session`);
    expect((await anonymous.closed).code).toBe(4401);
    expect((await forged.closed).code).toBe(4401);
    expect(anonymous.messages).toEqual([]);
    expect(forged.messages).toEqual([]);
  });

  it('closes the socket of a signed-out session with 4401', async () => {
    const token = await t.activate(
      'wsuser@example.com',
      (
        await t.call(
          'POST',
          '/api/auth/generate-temp-password',
          { userEmail: 'wsuser@example.com' },
          t.adminToken,
        )
      ).body.temporaryPassword,
    );
    expect((await t.call('POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    const revoked = connect(`${base}?token=${token}`);
    expect((await revoked.closed).code).toBe(4401);
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
