import {
  CONVERSATION_NOT_FOUND,
  conversationParts,
  type MESSAGE_TYPES,
  type TMessage,
} from '@app/contracts/api/messages';
import type { StoredEvent } from '@app/contracts/events/envelope';
import type { TMessageEvent } from '@app/contracts/events/messages';
import { type Actor, appendRegardless, type CommandOutcome, load } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { invalid, notFound } from '../platform/errors.ts';
import { nextId } from '../platform/ids.ts';
import { type Person, personForUser } from './access.ts';
import {
  type ConversationState,
  conversationDecider,
  conversationRecipients,
  conversationStream,
  markRead as decideMarkRead,
  sendMessage as decideSend,
} from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections' | 'db' | 'rm'>;

export interface SendMessageInput {
  conversationId: string;
  content: string;
  messageType: (typeof MESSAGE_TYPES)[number];
  /** The client of a client conversation, the other member of a team one: checked against `conversationId`. */
  clientId?: number | null;
  userId?: number | null;
  /** The id `createOnce` gave the request (the same on a retry with its Idempotency-Key); a new one otherwise. */
  messageId?: number;
  /** The sender as the rules see them, when the caller has it already (else looked up from `actor`). */
  sender?: Person;
  /** Called with the message as GET /api/messages will show it once the append succeeded, before the wait for
   * the read models (the live hub pushes it to sockets); with the sender's names, which the events do not hold. */
  onStored?: { sender: TMessage['sender']; tell(message: TMessage): void };
}

type MessageSentData = Extract<TMessageEvent, { type: 'MessageSent' }>['data'];

/** A message just stored, as the messages view will answer it (queries.ts): no one has read it yet. */
export const storedMessage = (d: MessageSentData, sender: TMessage['sender']): TMessage => ({
  id: d.messageId,
  conversationId: d.conversationId,
  content: d.content,
  clientId: d.clientId,
  userId: d.userId,
  senderId: d.senderId,
  isAdminMessage: d.isAdminMessage,
  messageType: d.messageType,
  read: false,
  createdAt: new Date(d.sentAt).toISOString(),
  sender: { firstName: sender.firstName, lastName: sender.lastName, email: sender.email },
});

/** Where a conversation's message was made in its stream (for `createOnce`'s `madeBy`). */
export const messageMadeBy = (id: number, stored: StoredEvent[]) =>
  stored.find((e) => e.type === 'MessageSent' && (e.data as { messageId: number }).messageId === id);

/** Whether the other end of a conversation exists: the client record, or a staff account to write to. */
async function checkRecipient(deps: Pick<AppDeps, 'rm'>, conversationId: string, sender: Person) {
  const parts = conversationParts(conversationId);
  if (!parts) throw notFound(CONVERSATION_NOT_FOUND);
  if (parts.kind === 'client') {
    // A client in their own conversation: the lookup of the sender found that client record already.
    if (sender.clientId === parts.clientId) return;
    const client = await deps.rm
      .selectFrom('clients')
      .select('id')
      .where('id', '=', parts.clientId)
      .executeTakeFirst();
    if (!client) throw notFound('Client not found');
    return;
  }
  const other = parts.userIds[0] === sender.userId ? parts.userIds[1] : parts.userIds[0];
  const user = await deps.rm.selectFrom('users').select('role').where('id', '=', other).executeTakeFirst();
  if (!user) throw notFound('User not found');
  if (user.role !== 'admin')
    throw invalid('Internal messages go to team members (admins) only.', 'recipient_not_staff');
}

/**
 * A message from the acting account (never anyone else) into a conversation it belongs to. Concurrent messages
 * in one conversation are all kept, in the order they were stored; a retry with the same id adds nothing.
 */
export async function sendMessage(
  deps: Deps,
  actor: Actor,
  input: SendMessageInput,
): Promise<{ id: number; outcome: CommandOutcome }> {
  if (actor.id === null) throw notFound(CONVERSATION_NOT_FOUND);
  const sender = input.sender ?? (await personForUser(deps, { id: actor.id, role: actor.role as never }));
  const { conversationId } = input;
  const recipients = conversationRecipients(conversationId, sender.userId);
  if (
    (input.clientId != null && input.clientId !== recipients.clientId) ||
    (input.userId != null && input.userId !== recipients.userId)
  )
    throw invalid('The recipient does not match the conversation.', 'recipient_mismatch');
  const command = (messageId: number) => ({
    messageId,
    conversationId,
    sender,
    content: input.content,
    messageType: input.messageType,
    at: new Date().toISOString(),
  });
  // Refusals (someone else's conversation, empty text) come before anything is used up or read.
  decideSend(conversationDecider.initial, command(1));
  await checkRecipient(deps, conversationId, sender);
  const id = input.messageId ?? (await nextId(deps.db, 'message_ids'));
  // A message depends on nothing sent before it: appended at whatever revision the stream is at, so senders
  // in one conversation never refuse each other. A retry is known by its id (`createOnce`'s `madeBy`), and a
  // message stored twice by racing retries is still one row in the views (they insert each id once).
  const stream = conversationStream(conversationId);
  const remembered = deps.aggregates.get<ConversationState>(stream, conversationDecider);
  const outcome = await appendRegardless(
    deps,
    stream,
    conversationDecider,
    actor,
    decideSend(remembered?.state ?? conversationDecider.initial, command(id)),
    remembered,
    input.onStored &&
      ((appended) => {
        for (const e of appended)
          if (e.type === 'MessageSent') input.onStored!.tell(storedMessage(e.data, input.onStored!.sender));
      }),
  );
  return { id, outcome };
}

/**
 * The reader has seen `conversationId` up to `messageId`. 404 for a conversation the reader is not in, or a
 * message not in it; nothing is recorded (and no event sent) when the mark would not move forward.
 */
export async function markRead(
  deps: Deps,
  actor: Actor,
  input: { conversationId: string; messageId: number; reader?: Person },
): Promise<CommandOutcome> {
  if (actor.id === null) throw notFound(CONVERSATION_NOT_FOUND);
  const reader = input.reader ?? (await personForUser(deps, { id: actor.id, role: actor.role as never }));
  const stream = conversationStream(input.conversationId);
  const decide = (state: ConversationState) =>
    decideMarkRead(state, {
      conversationId: input.conversationId,
      reader,
      messageId: input.messageId,
      at: new Date().toISOString(),
    });
  // The state this process last reached may lack newer messages (another process's), never hold a mark
  // further than the stream's: it decides unless it does not know the message, then the stream is read.
  const remembered = deps.aggregates.get<ConversationState>(stream, conversationDecider);
  const known = remembered?.state.messageIds.has(input.messageId)
    ? remembered
    : await load(deps.store, stream, conversationDecider);
  // Marks only move forward, and the views keep the furthest: two racing marks need not refuse each other.
  return appendRegardless(deps, stream, conversationDecider, actor, decide(known.state), known);
}
