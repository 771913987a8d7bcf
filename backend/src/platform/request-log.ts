import type { FastifyRequest } from 'fastify';

/** Query parameters that may carry a credential: their values never reach a log line. */
const SECRET_PARAMETER = /^(token|access_token|ticket|password|secret|key|sig|signature)$/i;

/** The address with the values of secret-bearing query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // a malformed escape stays as it is; it is still compared
      }
      return SECRET_PARAMETER.test(name.trim()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** pino serializers for fastify's request lines: the usual fields, with the address redacted. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
