import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  body: unknown;
  retryAfter: number | null;
}

/** A JSON-over-HTTP client with keep-alive, cheap on the load generator's CPU; bounded per request. */
export function httpClient(base: string, maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  let token: string | undefined;

  function call(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = 10_000,
    extraHeaders: Record<string, string> = {},
  ) {
    return new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(`${base}${path}`, {
        method,
        agent,
        timeout: timeoutMs,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
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
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
          });
        });
      });
      req.end(payload);
    });
  }

  return {
    call,
    setToken(value: string) {
      token = value;
    },
    close: () => agent.destroy(),
  };
}
export type HttpClient = ReturnType<typeof httpClient>;
