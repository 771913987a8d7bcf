import { Agent, request } from 'node:http';
import type { Allowed, SeenAnswer } from './answers.ts';

export interface Answer {
  status: number;
  body: unknown;
  retryAfter: number | null;
}

/** The `error` of an error body, if the answer has one. */
const codeOf = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
    ? (body as { error: string }).error
    : null;

/**
 * A JSON-over-HTTP client with keep-alive, cheap on the load generator's CPU; bounded per request. With several
 * API processes (`bases`) it spreads calls over them in turn, as a load balancer would; `via(i)` talks to one.
 * `observe` sees every answer with the statuses its caller allowed (answers.ts counts the others).
 */
export function httpClient(
  bases: string | string[],
  maxSockets: number,
  observe: (answer: SeenAnswer) => void = () => undefined,
) {
  const all = Array.isArray(bases) ? bases : [bases];
  const agent = new Agent({ keepAlive: true, maxSockets });
  let token: string | undefined;
  let turn = 0;

  function callAt(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = 10_000,
    extraHeaders: Record<string, string> = {},
    allow: Allowed = [],
  ) {
    return new Promise<Answer>((resolve, reject) => {
      const raw = Buffer.isBuffer(body);
      const payload =
        body === undefined ? undefined : typeof body === 'string' || raw ? body : JSON.stringify(body);
      const req = request(`${base}${path}`, {
        method,
        agent,
        timeout: timeoutMs,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          // A Buffer (a multipart form) comes with its own content-type among the headers.
          ...(payload && !raw ? { 'content-type': 'application/json' } : {}),
          ...extraHeaders,
        },
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('error', reject);
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          const retryAfter = Number(res.headers['retry-after']);
          const status = res.statusCode ?? 0;
          observe({ method, path, status, code: codeOf(parsed), allow });
          resolve({
            status,
            body: parsed,
            retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
          });
        });
      });
      req.end(payload);
    });
  }

  /** A string or Buffer body is sent as it is (a signed webhook, a multipart form), anything else as JSON. */
  const call = (...args: Parameters<typeof callAt> extends [string, ...infer R] ? R : never) =>
    callAt(all[turn++ % all.length]!, ...args);
  /** The same calls, always to API process `i`. */
  const via = (i: number) => ({
    call: (...args: Parameters<typeof call>) => callAt(all[i % all.length]!, ...args),
  });

  return {
    call,
    via,
    bases: all,
    setToken(value: string) {
      token = value;
    },
    close: () => agent.destroy(),
  };
}
export type HttpClient = ReturnType<typeof httpClient>;
/** Something that answers calls: the whole client, or one API process of it. */
export type Caller = Pick<HttpClient, 'call'>;
