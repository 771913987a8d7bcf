import { ZAccepted } from '@app/contracts/api/accepted';
import { ZSuccess } from '@app/contracts/api/auth';
import {
  CONVERSATION_NOT_FOUND,
  clientConversationId,
  type MESSAGE_TYPES,
  NO_CLIENT_PROFILE,
  type TMessage,
  teamConversationId,
  ZClientMessagesQuery,
  ZConversation,
  ZConversationsPage,
  ZConversationsQuery,
  ZMarkReadBody,
  ZMessage,
  ZMessageClientParams,
  ZMessagesQuery,
  ZMessagingClient,
  ZSendInternalMessageBody,
  ZSendMessageBody,
} from '@app/contracts/api/messages';
import { asksForPage } from '@app/contracts/api/paging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { clientById } from '../clients/queries.ts';
import { pushNewMessage } from '../live/message-push.ts';
import { answerAfter } from '../platform/answer.ts';
import type { AppDeps } from '../platform/deps.ts';
import { DomainError, invalid, notFound } from '../platform/errors.ts';
import { createOnce } from '../platform/idempotency.ts';
import { keptPages } from '../platform/kept-pages.ts';
import { sendKept } from '../platform/view-text-cache.ts';
import { mayUseConversation, type Person, personForUser } from './access.ts';
import { markRead, messageMadeBy, sendMessage } from './commands.ts';
import { conversationStream } from './decide.ts';
import {
  CONVERSATION_LIST_VIEWS,
  clientsForMessaging,
  conversationListCache,
  conversationListOwner,
  messageById,
  messagesFor,
  pageConversations,
} from './queries.ts';

const noClientProfile = () => new DomainError(404, 'no_client_profile', NO_CLIENT_PROFILE);

/** A read's `?before=&limit=` as `messagesFor` takes it (no `before`: the newest). */
const pageOf = ({ before, limit }: { before?: number | undefined; limit: number }) =>
  before === undefined ? { limit } : { before, limit };

/**
 * Messaging (spec part 2, sections 2.4b, 2.4c, 7): a client's "Chat with Support" with the staff, and staff's
 * internal messages to a client or another team member. Every read and write is checked against the
 * conversation's members (access.ts): someone else's conversation answers 404 like a missing one. The sender
 * is always the session's account.
 */
export function messageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  const person = (request: FastifyRequest) => personForUser(deps, request.user!);
  const conversations = conversationListCache(deps);
  const conversationPages = keptPages(deps, CONVERSATION_LIST_VIEWS);

  /** The stored message goes to the sockets at once (live/message-push.ts), named by the session's user. */
  const pushed = (request: FastifyRequest) => {
    const { firstName, lastName, email } = request.user!;
    return { sender: { firstName, lastName, email }, tell: (m: TMessage) => pushNewMessage(deps, m) };
  };

  /** Stores the message once per Idempotency-Key and answers it as the read model shows it (202 if it lags). */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    sender: Person,
    message: { conversationId: string; content: string; messageType: (typeof MESSAGE_TYPES)[number] },
  ) {
    const { id, outcome } = await createOnce(deps, request, {
      sequence: 'message_ids',
      stream: () => conversationStream(message.conversationId),
      madeBy: messageMadeBy,
      create: (messageId) =>
        sendMessage(deps, actorOf(request), { ...message, messageId, sender, onStored: pushed(request) }),
      repeated: (messageId, outcome) => ({ id: messageId, outcome }),
    });
    return answerAfter(reply, outcome, {
      status: 201,
      id,
      read: () => messageById(deps, id),
      notFoundMessage: 'Message not found',
    });
  }

  return async (app) => {
    app.get(
      '/api/messages',
      {
        schema: { querystring: ZMessagesQuery, response: { 200: z.array(ZMessage) } },
        preValidation: requireUser,
      },
      async (request) => {
        const me = await person(request);
        const { conversationId } = request.query;
        if (conversationId !== undefined && !mayUseConversation(me, conversationId))
          throw notFound(CONVERSATION_NOT_FOUND);
        return messagesFor(deps, me, {
          ...(conversationId === undefined ? {} : { conversationId }),
          ...pageOf(request.query),
        });
      },
    );

    // With any of limit, cursor, q: a page of the caller's conversations (issue 23), kept per person like the
    // whole list; with none, the whole list, as the spec answers it.
    app.get(
      '/api/messages/conversations',
      {
        schema: {
          querystring: ZConversationsQuery,
          response: { 200: z.union([z.array(ZConversation), ZConversationsPage]), 304: z.null() },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const me = await person(request);
        if (asksForPage(request.query))
          return conversationPages(request, reply, conversationListOwner(me), () =>
            pageConversations(deps, me, request.query),
          );
        return sendKept(request, reply, await conversations.answer(me));
      },
    );

    // The signed-in client's own conversation. An account with no client record has none: an empty list, so
    // the portal's dashboard (which reads this with the rest) still shows that the account is not linked yet.
    app.get(
      '/api/messages/client',
      {
        schema: { querystring: ZClientMessagesQuery, response: { 200: z.array(ZMessage) } },
        preValidation: requireUser,
      },
      async (request) => {
        const me = await person(request);
        if (me.clientId === null) return [];
        return messagesFor(deps, me, {
          conversationId: clientConversationId(me.clientId),
          ...pageOf(request.query),
        });
      },
    );

    app.get(
      '/api/messages/client/:clientId',
      {
        schema: {
          params: ZMessageClientParams,
          querystring: ZClientMessagesQuery,
          response: { 200: z.array(ZMessage) },
        },
        preValidation: requireAdmin,
      },
      async (request) => {
        const { clientId } = request.params;
        if (!(await clientById(deps, clientId))) throw notFound('Client not found');
        return messagesFor(deps, await person(request), {
          conversationId: clientConversationId(clientId),
          ...pageOf(request.query),
        });
      },
    );

    // "Chat with Support": a client writes in their own conversation (another client's answers 404), staff
    // name the client they answer.
    app.post(
      '/api/messages',
      {
        schema: { body: ZSendMessageBody, response: { 201: ZMessage, 202: ZAccepted } },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const me = await person(request);
        const { content, clientId } = request.body;
        let conversationClient: number;
        if (me.role === 'admin') {
          if (clientId == null) throw invalid('Please select a client', 'client_required');
          conversationClient = clientId;
        } else {
          if (me.clientId === null) throw noClientProfile();
          if (clientId != null && clientId !== me.clientId) throw notFound(CONVERSATION_NOT_FOUND);
          conversationClient = me.clientId;
        }
        return send(request, reply, me, {
          conversationId: clientConversationId(conversationClient),
          content,
          messageType: 'chat',
        });
      },
    );

    // Staff's internal messages: to a client's conversation, or to another team member.
    app.post(
      '/api/messages/internal',
      {
        schema: { body: ZSendInternalMessageBody, response: { 201: ZMessage, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const me = await person(request);
        const { content, clientId, userId } = request.body;
        let conversationId: string;
        if (clientId != null) conversationId = clientConversationId(clientId);
        else if (userId === me.userId)
          throw invalid('You cannot send a message to yourself.', 'message_to_self');
        else conversationId = teamConversationId(me.userId, userId!);
        return send(request, reply, me, { conversationId, content, messageType: 'internal' });
      },
    );

    // The reader has seen a conversation up to a message: only its members (404 otherwise).
    app.post(
      '/api/messages/read',
      { schema: { body: ZMarkReadBody, response: { 200: ZSuccess } }, preValidation: requireUser },
      async (request) => {
        const me = await person(request);
        await markRead(deps, actorOf(request), { ...request.body, reader: me });
        return { success: true as const };
      },
    );

    app.get(
      '/api/clients/for-messaging',
      { schema: { response: { 200: z.array(ZMessagingClient) } }, preValidation: requireAdmin },
      async () => clientsForMessaging(deps),
    );
  };
}
