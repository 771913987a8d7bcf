import { SOCKET_FRAMES_PER_SECOND } from '@app/contracts/ws';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { framesAfter, openSocket, type TestSocket } from '../../test/sockets.ts';

const TYPES = [
  'TYPING_START',
  'TYPING_STOP',
  'MESSAGE_READ',
  'ADMIN_DATA_SYNC',
  'ADMIN_CHAT',
  'NEW_MESSAGE',
  'ERROR',
];
const anyValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('client-1', 'team-1-2', 'client-99999999999', '__proto__', '\u0000', 'x'.repeat(41)),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
);
/** Frames near the protocol (a known or unknown type with spoiled fields) and plain garbage. */
const frame = fc.oneof(
  fc
    .record(
      {
        type: fc.oneof(fc.constantFrom(...TYPES), anyValue),
        conversationId: anyValue,
        messageId: anyValue,
        userId: anyValue,
        readBy: anyValue,
        syncType: anyValue,
        data: anyValue,
      },
      { requiredKeys: [] },
    )
    .map((f) => JSON.stringify(f)),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
);

/**
 * Whatever a client's socket sends, within the rate limit: the server never crashes or closes it, answers
 * only ERROR or nothing, stores nothing (this client has no messages to read) and relays nothing to others.
 */
describe('malformed socket frames', () => {
  let t: TestApp;
  let token: string;
  let admin: TestSocket;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await portalClientWithProject(t, { name: 'Fuzzy', email: 'fuzzy@example.com' })).token;
    admin = await openSocket(t, t.adminToken);
  });
  afterAll(async () => {
    admin?.socket.close();
    await t?.close();
  });

  it('answers ERROR or nothing, stays open, stores and relays nothing', async () => {
    const frames = fc.sample(frame, { numRuns: 120, seed: 20261125 });
    const sockets = await Promise.all(Array.from({ length: 8 }, () => openSocket(t, token)));
    const events = await eventCount(t);
    const adminFrom = admin.messages.length;
    // Round robin, paced: each socket stays under its limit of frames per second.
    const perRound = sockets.length;
    for (let i = 0; i < frames.length; i++) {
      sockets[i % perRound]!.socket.send(frames[i]!);
      if (i % perRound === perRound - 1)
        await new Promise((r) => setTimeout(r, 1000 / (SOCKET_FRAMES_PER_SECOND / 2)));
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const s of sockets) {
      expect(s.socket.readyState).toBe(WebSocket.OPEN);
      const answers = s.messages.slice(1);
      expect(answers.every((m) => m.type === 'ERROR' && typeof m.message === 'string')).toBe(true);
    }
    const errors = sockets.reduce((n, s) => n + s.messages.length - 1, 0);
    expect(errors).toBeGreaterThan(frames.length / 2);
    expect(await eventCount(t)).toBe(events);
    expect((await framesAfter(admin, adminFrom)).filter((m) => m.type !== 'ADMIN_DATA_UPDATE')).toEqual([]);
    expect((await t.call('GET', '/api/messages/conversations', undefined, token)).status).toBe(200);
    for (const s of sockets) s.socket.close();
  });
});
