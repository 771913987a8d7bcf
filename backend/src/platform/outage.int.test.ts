import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';
import { tcpProxy } from '../../test/tcp-proxy.ts';

/** The API with its database (and, separately, Redis) out of reach: answers, never crashes, recovers. */
describe('the API while a store is out of reach', () => {
  let t: TestApp;
  let postgres: Awaited<ReturnType<typeof tcpProxy>>;
  let clientId: number;

  beforeAll(async () => {
    postgres = await tcpProxy({ host: '127.0.0.1', port: 5432 });
    t = await startTestApp({
      databaseUrl: (url) => {
        const proxied = new URL(url);
        proxied.port = String(postgres.port);
        return proxied.toString();
      },
      // The session is looked up again on every request, so a lost database shows at once.
      sessionCacheMs: 0,
    });
    const res = await t.call(
      'POST',
      '/api/clients',
      { name: 'Outage Test', email: 'outage@example.com', userType: 'client', portalAccess: false },
      t.adminToken,
    );
    clientId = res.body.client.id;
  });
  afterAll(async () => {
    postgres.restore();
    await t?.close();
    await postgres?.close();
  });

  it('answers 503 with Retry-After while Postgres is down, /readyz says so within a second, then recovers', async () => {
    postgres.cut();
    try {
      for (const [method, url, body] of [
        ['GET', '/api/clients', undefined],
        ['POST', '/api/projects', { clientId, title: 'During outage', type: 'starlink' }],
        ['POST', '/api/consultations', undefined],
      ] as const) {
        const res = await t.call(
          method,
          url,
          body ?? {
            name: 'Visitor',
            email: 'visitor@example.com',
            preferredDate: '2099-01-05',
            serviceType: 'starlink',
          },
          t.adminToken,
        );
        expect({ url, status: res.status }).toEqual({ url, status: 503 });
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toEqual({ error: 'unavailable', message: expect.stringMatching(/try again/) });
      }
      const started = Date.now();
      const ready = await t.call('GET', '/readyz');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(ready.status).toBe(503);
      expect(ready.body.checks.database).not.toBe('ok');
    } finally {
      postgres.restore();
    }
    const project = await eventually(
      'a command succeeds again',
      async () => {
        const res = await t.call(
          'POST',
          '/api/projects',
          { clientId, title: 'After outage', type: 'starlink' },
          t.adminToken,
        );
        return res.status === 201 ? res.body : null;
      },
      20_000,
    );
    expect(project.title).toBe('After outage');
  }, 60_000);
});

describe('the API while Redis is out of reach', () => {
  let t: TestApp;
  let redis: Awaited<ReturnType<typeof tcpProxy>>;

  beforeAll(async () => {
    redis = await tcpProxy({ host: '127.0.0.1', port: 6379 });
    t = await startTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${redis.port}`, PUBLIC_FORM_RATE_LIMIT: '3' },
    });
  });
  afterAll(async () => {
    redis.restore();
    await t?.close();
    await redis?.close();
  });

  it('takes the public form within the limiter’s second (limits fail open) and /readyz answers within a second', async () => {
    redis.cut();
    try {
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const res = await t.call('POST', '/api/consultations', {
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          preferredDate: '2099-01-05',
          serviceType: 'starlink',
        });
        expect(res.status).toBe(201);
        // The limiter gives up on Redis after a second; the rest is the command itself.
        expect(Date.now() - started).toBeLessThan(2500);
      }
      const started = Date.now();
      const ready = await t.call('GET', '/readyz');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(ready.status).toBe(503);
      expect(ready.body.checks.redis).not.toBe('ok');
    } finally {
      redis.restore();
    }
  }, 60_000);
});
