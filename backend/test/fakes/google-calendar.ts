import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Google the calendar sync uses, so `googleapis` and `google-auth-library`
 * run for real in tests (see shared INTEGRATIONS.md): the OAuth consent redirect, the token endpoint
 * (authorization code and refresh token grants), revoke, and Calendar API v3 (calendars.get, events
 * insert/get/update/patch/delete/list with sync tokens). Deleted events stay as `cancelled`, as at Google (a
 * re-insert of their id answers 409). It records every call and can be told to fail the next calls of a kind.
 */
export interface FakeEvent {
  id: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  status: 'confirmed' | 'cancelled' | 'tentative';
  updated: string;
  extendedProperties?: unknown;
  /** Change sequence (for sync tokens). */
  seq: number;
}

export interface FakeCall {
  method: string;
  path: string;
  op: string;
  query: Record<string, string>;
  body: unknown;
}

/** `error`: answer `status` without doing it; `apply-then-error`: do it, then answer `status` (the answer is lost);
 *  `apply-then-drop`: do it, then cut the connection (as a time-out). */
export type FaultMode = 'error' | 'apply-then-error' | 'apply-then-drop';

export async function startFakeGoogle(options: { email?: string } = {}) {
  const email = options.email ?? 'owner.calendar@example.com';
  const calls: FakeCall[] = [];
  const calendars = new Map<string, Map<string, FakeEvent>>();
  const codes = new Map<string, { redirectUri: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const revoked: string[] = [];
  const faults: { op: string; mode: FaultMode; status: number }[] = [];
  let seq = 0;
  /** Sync tokens below this answer 410 (as Google does when a token is too old). */
  let oldestSyncToken = 0;
  let clock = Date.now();
  /** Google's `updated`: strictly increasing, so tests can order changes. */
  const tick = () => {
    clock = Math.max(clock + 1000, Date.now());
    return new Date(clock).toISOString();
  };

  const calendar = (id: string) => {
    const key = id === 'primary' ? email : id;
    let c = calendars.get(key);
    if (!c) {
      c = new Map();
      calendars.set(key, c);
    }
    return c;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const googleError = (res: ServerResponse, status: number, message: string) =>
    json(res, status, { error: { code: status, message, errors: [{ message, reason: String(status) }] } });

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return null;
    if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text));
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };

  const publicEvent = ({ seq: _seq, ...e }: FakeEvent) => e;

  function opOf(method: string, parts: string[]): string {
    // parts after /calendar/v3: ['calendars', id] | ['calendars', id, 'events'] | [..., 'events', eventId]
    if (parts[0] !== 'calendars') return 'unknown';
    if (parts.length === 2) return 'calendars.get';
    if (parts.length === 3) return method === 'POST' ? 'events.insert' : 'events.list';
    const byMethod: Record<string, string> = {
      GET: 'events.get',
      PUT: 'events.update',
      PATCH: 'events.patch',
      DELETE: 'events.delete',
    };
    return byMethod[method] ?? 'unknown';
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const path = url.pathname;

    if (path === '/o/oauth2/v2/auth') {
      calls.push({ method, path, op: 'oauth.auth', query, body });
      const code = `code-${randomBytes(8).toString('hex')}`;
      codes.set(code, { redirectUri: query.redirect_uri ?? '' });
      const back = new URL(query.redirect_uri ?? 'http://invalid/');
      back.searchParams.set('code', code);
      if (query.state) back.searchParams.set('state', query.state);
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (path === '/token' && method === 'POST') {
      const form = (body ?? {}) as Record<string, string>;
      calls.push({ method, path, op: `oauth.token.${form.grant_type}`, query, body: form });
      if (takeFault(`oauth.token.${form.grant_type}`, res)) return;
      if (form.grant_type === 'authorization_code') {
        const known = form.code ? codes.get(form.code) : undefined;
        if (!known || known.redirectUri !== form.redirect_uri)
          return json(res, 400, { error: 'invalid_grant' });
        codes.delete(form.code!);
        const refresh = `refresh-${randomBytes(8).toString('hex')}`;
        const access = `access-${randomBytes(8).toString('hex')}`;
        refreshTokens.add(refresh);
        accessTokens.add(access);
        return json(res, 200, {
          access_token: access,
          refresh_token: refresh,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'https://www.googleapis.com/auth/calendar',
        });
      }
      if (form.grant_type === 'refresh_token') {
        if (!form.refresh_token || !refreshTokens.has(form.refresh_token))
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'Token has been expired or revoked.',
          });
        const access = `access-${randomBytes(8).toString('hex')}`;
        accessTokens.add(access);
        return json(res, 200, { access_token: access, expires_in: 3599, token_type: 'Bearer' });
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    if (path === '/revoke' && method === 'POST') {
      const token = query.token ?? (body as Record<string, string> | null)?.token ?? '';
      calls.push({ method, path, op: 'oauth.revoke', query, body });
      if (takeFault('oauth.revoke', res)) return;
      revoked.push(token);
      refreshTokens.delete(token);
      return json(res, 200, {});
    }

    const prefix = '/calendar/v3/';
    if (!path.startsWith(prefix)) return json(res, 404, { error: 'not found' });
    const parts = path.slice(prefix.length).split('/').map(decodeURIComponent);
    const op = opOf(method, parts);
    calls.push({ method, path, op, query, body });
    const auth = req.headers.authorization ?? '';
    if (!accessTokens.has(auth.replace(/^Bearer /, ''))) return googleError(res, 401, 'Invalid Credentials');
    const fault = faults.findIndex((f) => f.op === op);
    const taken = fault >= 0 ? faults.splice(fault, 1)[0]! : null;
    if (taken?.mode === 'error') return googleError(res, taken.status, 'Backend Error');
    const events = calendar(parts[1]!);
    let answer: { status: number; body: unknown };
    switch (op) {
      case 'calendars.get':
        answer = { status: 200, body: { id: parts[1] === 'primary' ? email : parts[1], summary: email } };
        break;
      case 'events.insert': {
        const input = body as Partial<FakeEvent>;
        const id = input.id ?? randomBytes(10).toString('hex');
        if (!/^[a-v0-9]{5,1024}$/.test(id)) {
          answer = { status: 400, body: { error: { code: 400, message: 'Invalid resource id value.' } } };
          break;
        }
        if (events.has(id)) {
          answer = {
            status: 409,
            body: { error: { code: 409, message: 'The requested identifier already exists.' } },
          };
          break;
        }
        const made: FakeEvent = {
          ...input,
          id,
          status: input.status ?? 'confirmed',
          updated: tick(),
          seq: ++seq,
        };
        events.set(id, made);
        answer = { status: 200, body: publicEvent(made) };
        break;
      }
      case 'events.get':
      case 'events.update':
      case 'events.patch':
      case 'events.delete': {
        const found = events.get(parts[3]!);
        if (!found || (op !== 'events.update' && found.status === 'cancelled' && op !== 'events.get')) {
          answer =
            found && op === 'events.delete'
              ? { status: 410, body: { error: { code: 410, message: 'Resource has been deleted' } } }
              : { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
          break;
        }
        if (op === 'events.get') {
          answer = { status: 200, body: publicEvent(found) };
          break;
        }
        if (op === 'events.delete') {
          events.set(found.id, { ...found, status: 'cancelled', updated: tick(), seq: ++seq });
          answer = { status: 204, body: null };
          break;
        }
        const input = body as Partial<FakeEvent>;
        const next: FakeEvent =
          op === 'events.update'
            ? { ...input, id: found.id, status: input.status ?? 'confirmed', updated: tick(), seq: ++seq }
            : { ...found, ...input, id: found.id, updated: tick(), seq: ++seq };
        events.set(found.id, next);
        answer = { status: 200, body: publicEvent(next) };
        break;
      }
      case 'events.list': {
        const token = query.syncToken;
        if (token !== undefined && Number(token) < oldestSyncToken) {
          answer = { status: 410, body: { error: { code: 410, message: 'Sync token is no longer valid' } } };
          break;
        }
        const all = [...events.values()].sort((a, b) => a.seq - b.seq);
        const items =
          token !== undefined
            ? all.filter((e) => e.seq > Number(token))
            : all.filter((e) => query.showDeleted === 'true' || e.status !== 'cancelled');
        answer = {
          status: 200,
          body: { kind: 'calendar#events', items: items.map(publicEvent), nextSyncToken: String(seq) },
        };
        break;
      }
      default:
        answer = { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
    }
    if (taken?.mode === 'apply-then-error') return googleError(res, taken.status, 'Backend Error');
    if (taken?.mode === 'apply-then-drop') {
      req.socket.destroy();
      return;
    }
    if (answer.status === 204) {
      res.writeHead(204);
      res.end();
      return;
    }
    json(res, answer.status, answer.body);
  });

  function takeFault(op: string, res: ServerResponse) {
    const i = faults.findIndex((f) => f.op === op);
    if (i < 0) return false;
    const f = faults.splice(i, 1)[0]!;
    json(res, f.status, { error: 'backend_error' });
    return true;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    email,
    calls,
    revoked,
    /** The app's configuration pointing at this fake. */
    env: {
      GOOGLE_CLIENT_ID: 'fake-client-id',
      GOOGLE_CLIENT_SECRET: 'fake-client-secret',
      GOOGLE_OAUTH_BASE_URL: base,
      GOOGLE_API_ROOT_URL: `${base}/`,
    },
    callsOf: (op: string) => calls.filter((c) => c.op === op),
    /** The next `count` calls of `op` fail as `mode` says. */
    fail(op: string, mode: FaultMode = 'error', count = 1, status = 503) {
      for (let i = 0; i < count; i++) faults.push({ op, mode, status });
    },
    /** Events of a calendar (the primary is the account's e-mail), cancelled ones included. */
    events(calendarId = 'primary') {
      return [...calendar(calendarId).values()].map(publicEvent);
    },
    live(calendarId = 'primary') {
      return [...calendar(calendarId).values()].filter((e) => e.status !== 'cancelled').map(publicEvent);
    },
    /** A change a person makes in Google Calendar. */
    edit(id: string, changes: Partial<Omit<FakeEvent, 'id' | 'seq' | 'updated'>>, calendarId = 'primary') {
      const events = calendar(calendarId);
      const found = events.get(id);
      if (!found) throw new Error(`no event ${id}`);
      events.set(id, { ...found, ...changes, updated: tick(), seq: ++seq });
    },
    /** An event a person makes in Google Calendar (not one of ours). */
    create(
      event: Omit<FakeEvent, 'seq' | 'updated' | 'status'> & { status?: FakeEvent['status'] },
      calendarId = 'primary',
    ) {
      calendar(calendarId).set(event.id, { status: 'confirmed', ...event, updated: tick(), seq: ++seq });
    },
    /** Every sync token handed out so far answers 410 from now on. */
    expireSyncTokens() {
      oldestSyncToken = seq + 1;
    },
    /** The person removes the app's access at Google: the refresh tokens stop working. */
    revokeAll() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
