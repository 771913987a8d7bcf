import type { TDomainEvent } from '@app/contracts/events/domain';
import { sql } from 'kysely';
import { clientStream } from '../clients/decide.ts';
import type { StreamWrite } from '../eventstore/port.ts';
import { type CommandDeps, systemActor, toNewEvents } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { IdSequence } from '../platform/ids.ts';
import { conversationStream } from './decide.ts';

/**
 * Many conversations at once, written as events straight into the store (no HTTP, no decisions), for speed
 * checks and the bench: `clients` client records, each with a conversation of `perConversation` messages
 * alternating between the client's (a made-up account id) and `adminId`, and the admin's read mark halfway
 * through each (so unread counts are not all zero). Returns once the read models show it all.
 * 500 conversations × 100 messages (50,000 events) take a few seconds.
 */
/** `count` ids of a sequence in one query, in order. */
async function nextIds(deps: Pick<AppDeps, 'db'>, sequence: IdSequence, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT nextval(${sequence}::regclass)::int AS id FROM generate_series(1, ${count})`.execute(deps.db);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function seedConversations(
  deps: CommandDeps & Pick<AppDeps, 'db'>,
  options: { clients: number; perConversation: number; adminId: number; readHalf?: boolean },
): Promise<{ clientIds: number[] }> {
  const { clients, perConversation, adminId } = options;
  const actor = systemActor();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const writes: StreamWrite[] = [];
  const clientIds: number[] = [];
  const allClientIds = await nextIds(deps, 'client_ids', clients);
  const messageIds = await nextIds(deps, 'message_ids', clients * perConversation);
  for (let c = 0; c < clients; c++) {
    const clientId = allClientIds[c]!;
    clientIds.push(clientId);
    const registered: TDomainEvent = {
      type: 'ClientRegistered',
      data: {
        clientId,
        userId: null,
        name: `Seeded Client ${c + 1}`,
        email: `seeded-${clientId}@example.com`,
        phone: null,
        address: null,
      },
    };
    writes.push({
      stream: clientStream(clientId),
      events: toNewEvents([registered], actor),
      expectedRevision: 'no_stream',
    });
    const conversationId = `client-${clientId}`;
    const clientUserId = 1_000_000 + clientId;
    const events: TDomainEvent[] = [];
    for (let m = 0; m < perConversation; m++) {
      const messageId = messageIds[c * perConversation + m]!;
      const staff = m % 2 === 1;
      events.push({
        type: 'MessageSent',
        data: {
          messageId,
          conversationId,
          clientId,
          userId: null,
          senderId: staff ? adminId : clientUserId,
          senderRole: staff ? 'admin' : 'client',
          content: `Message ${m + 1} in conversation ${c + 1}`,
          messageType: 'chat',
          isAdminMessage: staff,
          sentAt: new Date(start + c * 60_000 + m * 1_000).toISOString(),
        },
      });
      if ((options.readHalf ?? true) && m === Math.floor(perConversation / 2))
        events.push({
          type: 'ConversationRead',
          data: {
            conversationId,
            readerId: adminId,
            readerRole: 'admin',
            upToMessageId: messageId,
            readAt: new Date(start + c * 60_000 + m * 1_000).toISOString(),
          },
        });
    }
    writes.push({
      stream: conversationStream(conversationId),
      events: toNewEvents(events, actor),
      expectedRevision: 'no_stream',
    });
  }
  let last = null;
  for (let i = 0; i < writes.length; i += 100) {
    const results = await deps.store.appendMany(writes.slice(i, i + 100));
    last = results.at(-1) ?? last;
  }
  if (last) {
    // A bounded wait each time: seeding can take the views longer than one request's wait.
    for (let i = 0; i < 60 && !(await deps.waitForProjections(last)); i++);
  }
  return { clientIds };
}
