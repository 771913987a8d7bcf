import type { TAdminDataUpdate, TSyncType } from '@app/contracts/ws';
import type { ChangeNotice } from '@app/projections/runtime/apply';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { type SignedInUser, userForSession } from '../auth/guard.ts';
import { redeemWsTicket } from '../auth/ws-tickets.ts';
import type { AppDeps } from '../platform/deps.ts';

/** Every socket is checked again this often, so an expired session (or a missed notice) cannot linger. */
const RECHECK_EVERY_MS = 60_000;
const UNAUTHORIZED = 4401;

interface Connection {
  socket: WebSocket;
  user: SignedInUser;
  /** Set while the session is being checked again; admin updates wait for the answer. */
  checking: Promise<void> | null;
}

/**
 * `/ws`: a signed-in user connects with `?ticket=` (from `POST /api/auth/ws-ticket`), never with the token.
 * Admins are told which admin list changed after each projection commit that changed rows; nothing of one
 * client's data is ever sent to another.
 *
 * A socket follows its session: when the users view changes anything about its user (sign-out, password
 * change or reset, role change, deletion; every API process hears these notices) the session is looked up
 * again, and the socket is closed (4401) when it ended, or stops getting admin updates when the role went.
 */
export async function liveHub(app: FastifyInstance, deps: AppDeps) {
  const connections = new Set<Connection>();

  const recheck = (connection: Connection) => {
    connection.checking ??= userForSession(deps, connection.user.sessionHash)
      .then((user) => {
        if (!user || user.mustChangePassword) return close(connection);
        connection.user = user;
      })
      .catch(() => undefined) // the database is away: keep the socket; the next check decides
      .finally(() => {
        connection.checking = null;
      });
    return connection.checking;
  };

  const close = (connection: Connection) => {
    connections.delete(connection);
    connection.socket.close(UNAUTHORIZED, 'Unauthorized');
  };

  const sendToAdmin = (connection: Connection, text: string) => {
    if (connection.user.role !== 'admin' || connection.socket.readyState !== connection.socket.OPEN) return;
    connection.socket.send(text);
  };

  const onChange = (notice: ChangeNotice) => {
    if (notice.projection === 'users') {
      const ids = notice.keys ? new Set(notice.keys.map(Number)) : null;
      for (const c of connections) if (!ids || ids.has(c.user.id)) void recheck(c);
    }
    if (!notice.syncType || notice.changed === 0) return;
    const message: TAdminDataUpdate = { type: 'ADMIN_DATA_UPDATE', syncType: notice.syncType as TSyncType };
    const text = JSON.stringify(message);
    for (const c of connections) {
      if (c.checking) void c.checking.then(() => connections.has(c) && sendToAdmin(c, text));
      else sendToAdmin(c, text);
    }
  };
  deps.watcher.on('change', onChange);
  const timer = setInterval(() => {
    for (const c of connections) void recheck(c);
  }, RECHECK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    deps.watcher.off('change', onChange);
  });

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
      const connection: Connection = { socket, user, checking: null };
      connections.add(connection);
      socket.on('close', () => connections.delete(connection));
      socket.on('message', () => {
        // Client-to-server messages (typing, chat) arrive with the messaging slice.
      });
      socket.send(JSON.stringify({ type: 'CONNECTED', role: user.role }));
    },
  });
}
