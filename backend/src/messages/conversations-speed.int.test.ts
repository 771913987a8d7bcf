import type { TConversation, TMessage } from '@app/contracts/api/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { personForUser } from './access.ts';
import { conversationsQuery } from './queries.ts';
import { seedConversations } from './seed.ts';

const CONVERSATIONS = 500;
const PER_CONVERSATION = 100;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Issue 12's figure: an admin's conversation list with 500 conversations and 50,000 messages answers in under
 * 50 ms. The counts come from counters the view keeps, so the list reads 500 rows and never counts messages.
 */
describe('the conversation list at 500 conversations and 50,000 messages', () => {
  let t: TestApp;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    adminId = (await t.call('GET', '/api/auth/user', undefined, t.adminToken)).body.id;
    await seedConversations(t.deps, { clients: CONVERSATIONS, perConversation: PER_CONVERSATION, adminId });
  }, 180_000);
  afterAll(async () => t?.close());

  const timed = async (url: string) => {
    const startedAt = performance.now();
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    const ms = performance.now() - startedAt;
    expect(res.statusCode).toBe(200);
    return { ms, body: res.json() };
  };

  it('holds every conversation with its counts', async () => {
    const { body } = await timed('/api/messages/conversations');
    const list = body as TConversation[];
    expect(list).toHaveLength(CONVERSATIONS);
    // The admin read up to message 51 of each: the client wrote 50 (every other one), 26 of them up to there.
    for (const c of list) expect([c.messageCount, c.unreadCount], c.id).toEqual([PER_CONVERSATION, 24]);
    expect(list[0]!.title).toBe(`Seeded Client ${CONVERSATIONS}`);
  });

  it('answers in under 50 ms (median of 20, after a warm-up), from an index and counters', async () => {
    await timed('/api/messages/conversations');
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push((await timed('/api/messages/conversations')).ms);
    console.info(
      `conversation list, 500 conversations: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    );
    expect(median(times)).toBeLessThan(50);

    const query = conversationsQuery(t.deps, await personForUser(t.deps, { id: adminId, role: 'admin' }))!;
    const plan = (await query.explain('text', sql`analyze`)) as { 'QUERY PLAN': string }[];
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    console.info(text);
    // Readers and clients are found by their keys, never by reading every message.
    expect(text).not.toMatch(/Seq Scan on messages/);
  });

  it('the latest messages and one conversation page answer quickly too', async () => {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) times.push((await timed('/api/messages')).ms);
    const { body } = await timed('/api/messages?limit=50');
    expect((body as TMessage[]).length).toBe(50);
    const conversation = (body as TMessage[])[0]!.conversationId;
    for (let i = 0; i < 10; i++) times.push((await timed(`/api/messages?conversationId=${conversation}`)).ms);
    console.info(`message pages: median ${median(times).toFixed(1)} ms`);
    expect(median(times)).toBeLessThan(50);
  });
});
