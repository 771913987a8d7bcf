import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { redactUrl } from '../platform/request-log.ts';
import { buildApp } from '../processes/app.ts';

describe('redactUrl', () => {
  it('hides the values of parameters that may carry a credential, and nothing else', () => {
    expect(redactUrl('/ws?ticket=abc&x=1')).toBe('/ws?ticket=[redacted]&x=1');
    expect(redactUrl('/a?token=t1&token=t2&Password=p&sig=s&signature=z&exp=9')).toBe(
      '/a?token=[redacted]&token=[redacted]&Password=[redacted]&sig=[redacted]&signature=[redacted]&exp=9',
    );
    expect(redactUrl('/a?%74oken=t&access_token=u')).toBe('/a?%74oken=[redacted]&access_token=[redacted]');
    expect(redactUrl('/healthz')).toBe('/healthz');
    expect(redactUrl('/api/auth/google/callback?code=c1&state=s1&scope=x')).toBe(
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&scope=x',
    );
  });

  it('hides a credential in the path, by the name of the route parameter that carries it', () => {
    const feed = '/api/calendar/feed/:token.ics';
    expect(redactUrl('/api/calendar/feed/Abc-123_x.ics', feed)).toBe('/api/calendar/feed/[redacted].ics');
    expect(redactUrl('/api/calendar/feed/Abc.ics?token=t&x=1', feed)).toBe(
      '/api/calendar/feed/[redacted].ics?token=[redacted]&x=1',
    );
    expect(redactUrl('/api/projects/42', '/api/projects/:id')).toBe('/api/projects/42');
    expect(redactUrl('/api/files/photos/a.jpg?sig=s', '/api/files/:kind/:name')).toBe(
      '/api/files/photos/a.jpg?sig=[redacted]',
    );
  });
});

/** The request log of a real server, captured line by line (issue #10: live tokens were in the log). */
describe('no credential in any log line', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let base: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ ...t.deps, config: { ...t.config, LOG_LEVEL: 'info' } }, { logger: { stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('logs the request lines of a socket, a file, a sign-in, a calendar address and an OAuth return with every secret redacted', async () => {
    const ticket = (await t.call('POST', '/api/auth/ws-ticket', undefined, t.adminToken)).body
      .ticket as string;
    const socket = new WebSocket(`ws://${base}/ws?ticket=${ticket}`);
    await new Promise((resolve) => socket.once('message', resolve));
    socket.close();
    const repeated = new WebSocket(`ws://${base}/ws?token=${t.adminToken}&token=${t.adminToken}`);
    await new Promise((resolve) => repeated.once('close', resolve));
    const secretSig = 'S1gnatureThatMustNotBeLogged';
    await fetch(
      `http://${base}/api/files/photos/${'a'.repeat(64)}.jpg?ref=project-1&exp=99&sig=${secretSig}`,
    );
    await fetch(`http://${base}/api/auth/user?token=${t.adminToken}`);
    // The calendar address's token is in its path (issue 22: 57 log lines held it), OAuth's code and state in
    // the query.
    const feedUrl = new URL((await t.call('GET', '/api/calendar/feed', undefined, t.adminToken)).body.url);
    const feedToken = /\/feed\/([^/]+)\.ics$/.exec(feedUrl.pathname)![1]!;
    expect((await fetch(`http://${base}${feedUrl.pathname}`)).status).toBe(200);
    const unknownFeed = 'NoSuchFeedTokenThatMustNotBeLogged';
    expect((await fetch(`http://${base}/api/calendar/feed/${unknownFeed}.ics`)).status).toBe(404);
    const [oauthCode, oauthState] = ['OAuthCodeThatMustNotBeLogged', 'OAuthStateThatMustNotBeLogged'];
    await fetch(`http://${base}/api/auth/google/callback?code=${oauthCode}&state=${oauthState}`, {
      redirect: 'manual',
    });
    await fetch(`http://${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.adminToken}` },
      body: JSON.stringify({ email: 'x@example.com', password: 'a-password-in-a-body' }),
    });
    await new Promise((r) => setTimeout(r, 100));

    const log = lines.join('');
    expect(log).toContain('/ws?ticket=[redacted]');
    expect(log).toContain('sig=[redacted]');
    expect(log).toContain('/api/calendar/feed/[redacted].ics');
    expect(log).toContain('/api/auth/google/callback?code=[redacted]&state=[redacted]');
    for (const secret of [
      ticket,
      t.adminToken,
      secretSig,
      'a-password-in-a-body',
      feedToken,
      unknownFeed,
      oauthCode,
      oauthState,
    ])
      expect(log).not.toContain(secret);
  });
});
