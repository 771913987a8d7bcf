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

  it('logs the request lines of a socket, a file and a sign-in with every secret redacted', async () => {
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
    await fetch(`http://${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.adminToken}` },
      body: JSON.stringify({ email: 'x@example.com', password: 'a-password-in-a-body' }),
    });
    await new Promise((r) => setTimeout(r, 100));

    const log = lines.join('');
    expect(log).toContain('/ws?ticket=[redacted]');
    expect(log).toContain('sig=[redacted]');
    for (const secret of [ticket, t.adminToken, secretSig, 'a-password-in-a-body'])
      expect(log).not.toContain(secret);
  });
});
