import type { FastifyRequest } from 'fastify';

/** Parameters, in the query or the path, that may carry a credential: their values never reach a log line. */
const SECRET_PARAMETER = /^(token|access_token|ticket|password|secret|key|sig|signature|code|state)$/i;
const REDACTED = '[redacted]';

/** The query's values of secret-bearing parameters replaced. */
function redactQuery(query: string): string {
  return query
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
      return SECRET_PARAMETER.test(name.trim()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The path with each segment that holds a secret-bearing route parameter (`/api/calendar/feed/:token.ics`)
 * written from the route's pattern instead. A path that does not line up with its pattern (a wildcard) is
 * logged as the pattern.
 */
function redactPath(path: string, pattern: string): string {
  const secret = (segment: string) =>
    [...segment.matchAll(/:(\w+)/g)].some((m) => SECRET_PARAMETER.test(m[1]!));
  const patternSegments = pattern.split('/');
  if (!patternSegments.some(secret)) return path;
  const hide = (segment: string) => segment.replace(/:\w+/g, REDACTED);
  const segments = path.split('/');
  if (segments.length !== patternSegments.length) return patternSegments.map(hide).join('/');
  return segments
    .map((segment, i) => (secret(patternSegments[i]!) ? hide(patternSegments[i]!) : segment))
    .join('/');
}

/**
 * The address with the values of secret-bearing query parameters replaced by `[redacted]`, and, given the
 * route's pattern, the path segments of secret-bearing route parameters too.
 */
export function redactUrl(url: string, routePattern?: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const shownPath = routePattern ? redactPath(path, routePattern) : path;
  return at === -1 ? shownPath : `${shownPath}?${redactQuery(url.slice(at + 1))}`;
}

/** pino serializers for fastify's request lines: the usual fields, with the address redacted. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url, request.routeOptions?.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
