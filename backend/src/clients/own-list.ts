import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import { clientIdForUser } from './queries.ts';

/** How a kept list sends the answer it makes under a key (`keptAnswers`, `keptPages`: platform/kept-pages.ts). */
type SendKept<T, R> = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  make: () => Promise<T>,
) => Promise<R>;

/**
 * The signed-in account's own list (the portal's ownership rule): made for the client record linked to the
 * account and kept per client, or `none` for an account with no client record.
 */
export async function ownClientList<T, R, N>(
  deps: Pick<AppDeps, 'rm' | 'watcher'>,
  request: FastifyRequest,
  reply: FastifyReply,
  send: SendKept<NoInfer<T>, R>,
  make: (clientId: number) => Promise<T>,
  none: N,
): Promise<R | N> {
  const clientId = await clientIdForUser(deps, request.user!.id);
  return clientId === null ? none : send(request, reply, `client-${clientId}`, () => make(clientId));
}
