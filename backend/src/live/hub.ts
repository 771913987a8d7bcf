import type { TAdminDataUpdate, TSyncType } from '@app/contracts/ws';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { type SignedInUser, userForToken } from '../auth/guard.ts';
import type { AppDeps } from '../platform/deps.ts';

/**
 * `/ws`: signed-in users connect with `?token=<session token>` (browsers cannot set headers on a
 * websocket). Admins are told which admin list changed after each projection commit that changed rows;
 * nothing of one client's data is ever sent to another.
 */
export async function liveHub(app: FastifyInstance, deps: AppDeps) {
  const admins = new Set<WebSocket>();

  deps.watcher.on('change', (notice) => {
    if (!notice.syncType || notice.changed === 0) return;
    const message: TAdminDataUpdate = { type: 'ADMIN_DATA_UPDATE', syncType: notice.syncType as TSyncType };
    const text = JSON.stringify(message);
    for (const socket of admins) if (socket.readyState === socket.OPEN) socket.send(text);
  });

  app.get('/ws', { websocket: true }, async (socket, request) => {
    const token = (request.query as { token?: string }).token;
    let user: SignedInUser | null = null;
    if (token && token.length < 200) user = await userForToken(deps, token);
    if (!user || user.mustChangePassword) {
      socket.close(4401, 'Unauthorized');
      return;
    }
    if (user.role === 'admin') admins.add(socket);
    socket.on('close', () => admins.delete(socket));
    socket.on('message', () => {
      // Client-to-server messages (typing, chat) arrive with the messaging slice.
    });
    socket.send(JSON.stringify({ type: 'CONNECTED', role: user.role }));
  });
}
