import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/**
 * A request must have sent its whole body within REQUEST_TIMEOUT_MS (UPLOAD_TIMEOUT_MS for multipart
 * uploads), or its connection is cut: a sender trickling a byte every few seconds would otherwise hold a
 * connection (and the memory of a half-read body) for as long as it likes. Only the arrival of the body is
 * bounded; a request that has fully arrived may take its time to be answered.
 */
export function bodyDeadline(config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'UPLOAD_TIMEOUT_MS'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A websocket's upgrade request has no body; what follows it is the socket's, not a body.
    if (request.raw.complete || request.headers.upgrade) return;
    const upload = String(request.headers['content-type'] ?? '').startsWith('multipart/');
    const limit = upload ? config.UPLOAD_TIMEOUT_MS : config.REQUEST_TIMEOUT_MS;
    const timer = setTimeout(() => {
      if (request.raw.complete) return;
      request.log.warn({ limitMs: limit }, 'request body too slow: connection cut');
      request.raw.socket?.destroy();
    }, limit);
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.raw.once('end', clear);
    request.raw.once('close', clear);
    reply.raw.once('close', clear);
  };
}
