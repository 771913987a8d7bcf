import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { messagesByIds } from '../messages/queries.ts';
import { conversationAudience } from './audience.ts';
import type { Audience } from './connections.ts';
import { ConversationNews, MESSAGES_PROJECTION } from './conversation-news.ts';

/** The notices → frames step on its own, with notices written by hand (the hub hears real ones). */
describe('conversation news', () => {
  let t: TestApp;
  let sent: { audience: Audience; frame: Record<string, unknown> }[];
  let news: ConversationNews;
  let conversationId: string;
  let messageId: number;
  const notice = (changed: number, keys?: string[]) => ({
    projection: MESSAGES_PROJECTION,
    position: '0/0',
    changed,
    syncType: 'message',
    ...(keys ? { keys } : {}),
  });

  beforeAll(async () => {
    t = await startTestApp();
    const client = await portalClientWithProject(t, { name: 'News Client', email: 'news@example.com' });
    conversationId = `client-${client.clientId}`;
    messageId = (await t.call('POST', '/api/messages', { content: 'News!' }, client.token)).body.id;
  });
  afterAll(async () => t?.close());

  const fresh = () => {
    sent = [];
    news = new ConversationNews(
      {
        deps: t.deps,
        messagesByIds: (ids) => messagesByIds(t.deps, ids),
        audienceOf: (id) => conversationAudience(t.deps, id),
        send: (audience, text) => sent.push({ audience, frame: JSON.parse(text) }),
      },
      (err) => {
        throw err;
      },
    );
  };

  it('sends a message the notice names once, to its conversation, even when notices repeat', async () => {
    fresh();
    news.onNotice(notice(1, [String(messageId), conversationId]));
    news.onNotice(notice(1, [String(messageId), conversationId]));
    await news.settled();
    expect(sent.map((s) => s.frame.type)).toEqual(['NEW_MESSAGE']);
    expect(sent[0]!.frame.data).toMatchObject({ id: messageId, conversationId, content: 'News!' });
    expect(sent[0]!.audience.admins).toBe(true);
  });

  it('leaves a message the write side pushed here to that push, and the push one the notice sent', async () => {
    fresh();
    expect(news.claim(messageId)).toBe(true); // the push came first
    news.onNotice(notice(1, [String(messageId), conversationId]));
    await news.settled();
    expect(sent).toEqual([]);

    fresh();
    news.onNotice(notice(1, [String(messageId), conversationId]));
    await news.settled();
    expect(sent.map((s) => s.frame.type)).toEqual(['NEW_MESSAGE']);
    expect(news.claim(messageId)).toBe(false); // the relayed push comes late: not sent again
  });

  it('finds new messages when a notice names none (too many keys)', async () => {
    fresh();
    news.onNotice(notice(150));
    await news.settled();
    expect(sent.map((s) => (s.frame.data as { id: number }).id)).toContain(messageId);
  });

  it('tells a read mark that moved, once, and ignores other views', async () => {
    fresh();
    news.onNotice({ ...notice(1, [conversationId]), projection: 'clients' });
    const read = await t.call('POST', '/api/messages/read', { conversationId, messageId }, t.adminToken);
    expect(read.status).toBe(200);
    news.onNotice(notice(1, [conversationId]));
    news.onNotice(notice(1, [conversationId]));
    await news.settled();
    expect(sent.map((s) => s.frame)).toEqual([
      { type: 'MESSAGE_READ', conversationId, messageId, readBy: expect.any(Number) },
    ]);
  });
});
