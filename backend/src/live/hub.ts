import type { TMessage } from '@app/contracts/api/messages';
import type { TAdminDataUpdate, TSyncType } from '@app/contracts/ws';
import type { ChangeNotice } from '@app/projections/runtime/apply';
import type { FastifyInstance } from 'fastify';
import { userForSession } from '../auth/guard.ts';
import { redeemWsTicket } from '../auth/ws-tickets.ts';
import { mayUseConversation } from '../messages/access.ts';
import { markRead } from '../messages/commands.ts';
import { messagesByIds } from '../messages/queries.ts';
import type { AppDeps } from '../platform/deps.ts';
import { AudienceCache } from './audience.ts';
import { type Connection, Connections, newConnection } from './connections.ts';
import { ConversationNews } from './conversation-news.ts';
import { type FrameContext, onFrame } from './frames.ts';
import { receiveNewMessages } from './message-push.ts';
import { Presence } from './presence.ts';
import { LiveRelay, liveNamespace, throttled } from './relay.ts';

/** Every socket is checked again this often, so an expired session (or a missed notice) cannot linger. */
const RECHECK_EVERY_MS = 60_000;
const UNAUTHORIZED = 4401;
/** Redis calls of the hub (publish, presence) give up after this: a Redis that is away never holds a socket. */
const LIVE_REDIS_TIMEOUT_MS = 500;

/**
 * `/ws`: a signed-in user connects with `?ticket=` (from `POST /api/auth/ws-ticket`), never with the token.
 * Admins are told which admin list changed after each projection commit that changed rows; a conversation's
 * frames (messages, typing, reads) go to its members only. A new message is pushed by the API process that
 * stored it (`message-push.ts`), and the messages view's notices (`conversation-news.ts`) deliver any a process
 * has not delivered yet, and read marks. The frames a socket sends are handled in
 * `frames.ts`. Frames that are not events cross API processes through Redis (`relay.ts`); who is connected is
 * kept in Redis too (`presence.ts`), for the workers' mail.
 *
 * A socket follows its session: when the users view changes anything about its user (sign-out, password
 * change or reset, role change, deletion; every API process hears these notices) the session is looked up
 * again, and the socket is closed (4401) when it ended, or stops getting admin updates when the role went.
 */
export async function liveHub(app: FastifyInstance, deps: AppDeps) {
  const connections = new Connections();
  const namespace = liveNamespace(deps.config);
  const redisError = throttled(app.log, 'live: Redis connection error (serving this process only)');
  const live = deps.redis.duplicate({
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: LIVE_REDIS_TIMEOUT_MS,
  });
  live.on('error', redisError);

  const audiences = new AudienceCache(deps);
  const audienceOf = (conversationId: string) => audiences.of(conversationId);
  const news = new ConversationNews(
    {
      deps,
      messagesByIds: (ids) => messagesByIds(deps, ids),
      audienceOf,
      send: (audience, text) => connections.send(audience, text),
    },
    (err) => app.log.warn({ err }, 'live: telling sockets of messages failed'),
  );
  // A relayed message is delivered unless the notice path brought it here first.
  const relay = new LiveRelay(
    live,
    deps.redis,
    namespace,
    (audience, text, messageId) => {
      if (messageId === undefined || news.claim(messageId)) connections.send(audience, text);
    },
    app.log,
  );
  // The fast path: a message this process has just stored goes to its sockets and, through Redis, to the other
  // processes' at once, before the read models have it; the notices deliver whatever this missed.
  const pushMessage = async (message: TMessage) => {
    const audience = await audienceOf(message.conversationId);
    if (!audience) return;
    const text = JSON.stringify({ type: 'NEW_MESSAGE', data: message });
    if (news.claim(message.id)) connections.send(audience, text);
    relay.publish(audience, text, message.id);
  };
  const stopPushes = receiveNewMessages(deps, (message) => {
    pushMessage(message).catch((err) => app.log.warn({ err }, 'live: pushing a new message failed'));
  });
  const presence = new Presence(live, namespace, relay.origin, redisError);
  presence.start(() => connections.userIds());

  const recheck = (connection: Connection) => {
    connection.checking ??= userForSession(deps, connection.user.sessionHash)
      .then((user) => {
        if (!user || user.mustChangePassword) return close(connection, UNAUTHORIZED, 'Unauthorized');
        connection.user = user;
      })
      .catch(() => undefined) // the database is away: keep the socket; the next check decides
      .finally(() => {
        connection.checking = null;
      });
    return connection.checking;
  };

  const forget = (connection: Connection) => {
    if (connections.remove(connection)) presence.left(connection.user.id);
  };
  const close = (connection: Connection, code: number, reason: string) => {
    forget(connection);
    connection.socket.close(code, reason);
  };

  const adminsOnly = { userIds: new Set<number>(), admins: true };
  const onChange = (notice: ChangeNotice) => {
    audiences.onNotice(notice);
    news.onNotice(notice);
    if (notice.projection === 'users') {
      const ids = notice.keys ? new Set(notice.keys.map(Number)) : null;
      for (const c of connections) if (!ids || ids.has(c.user.id)) void recheck(c);
    }
    if (!notice.syncType || notice.changed === 0) return;
    const message: TAdminDataUpdate = { type: 'ADMIN_DATA_UPDATE', syncType: notice.syncType as TSyncType };
    connections.send(adminsOnly, JSON.stringify(message));
  };
  deps.watcher.on('change', onChange);
  const timer = setInterval(() => {
    for (const c of connections) void recheck(c);
  }, RECHECK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopPushes();
    deps.watcher.off('change', onChange);
    presence.stop([...connections.userIds()]);
    relay.close();
    // Let the presence removals go out before the connection closes.
    await live.quit().catch(() => live.disconnect());
  });

  const frames: FrameContext = {
    deps,
    connections,
    relay: (audience, text) => relay.send(audience, text),
    mayUseConversation,
    audienceOf,
    markRead: (actor, input) => markRead(deps, actor, input),
    log: app.log,
  };

  app.route({
    method: 'GET',
    url: '/ws',
    // A plain GET (no upgrade) is told what this address is for, in the one error shape.
    handler: (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({
        error: 'upgrade_required',
        message: 'This address is a websocket: open it with a ticket from POST /api/auth/ws-ticket.',
      }),
    wsHandler: async (socket, request) => {
      // A frame over the size limit is an error on the socket (it closes with 1009); never a crash.
      socket.on('error', (err) => request.log.info({ err: err.message }, 'websocket closed on error'));
      // Frames that arrive while the ticket is checked are dropped, not left to an unhandled queue.
      let connection: Connection | null = null;
      socket.on('message', (data, isBinary) => {
        if (connection) onFrame(frames, connection, data, isBinary);
      });
      socket.on('close', () => {
        if (connection) forget(connection);
      });
      // A repeated parameter arrives as an array: no ticket, like any other malformed one.
      const { ticket } = request.query as { ticket?: unknown };
      const sessionHash =
        typeof ticket === 'string' && ticket.length > 0 && ticket.length < 200
          ? await redeemWsTicket(deps.db, ticket)
          : null;
      const user = sessionHash ? await userForSession(deps, sessionHash) : null;
      if (!user || user.mustChangePassword) {
        socket.close(UNAUTHORIZED, 'Unauthorized');
        return;
      }
      if (socket.readyState !== socket.OPEN) return; // closed while the ticket was checked
      connection = newConnection(socket, user);
      connections.add(connection);
      presence.renew([user.id]);
      socket.send(JSON.stringify({ type: 'CONNECTED', role: user.role }));
    },
  });
}
