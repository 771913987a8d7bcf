import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

const allOk = { database: 'ok', eventStore: 'ok', redis: 'ok', projections: 'ok' };

describe('health endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('/healthz answers 200 without a session', async () => {
    const res = await t.call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with every check ok, and nothing more', async () => {
    const res = await t.call('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: allOk });
  });

  it('/api/ops/readiness gives admins the report with each view’s lag; others are refused', async () => {
    const res = await t.call('GET', '/api/ops/readiness', undefined, t.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ready');
    expect(res.body.checks).toEqual(allOk);
    expect(Object.keys(res.body.lagSeconds).sort()).toEqual(expect.arrayContaining(['audit', 'users']));
    for (const lag of Object.values(res.body.lagSeconds))
      expect(lag).toBeLessThanOrEqual(t.config.READY_MAX_LAG_SECONDS);

    expect((await t.call('GET', '/api/ops/readiness')).status).toBe(401);
    const client = await t.createUser({ role: 'client' });
    const token = await t.activate(client.email, client.temporaryPassword);
    expect((await t.call('GET', '/api/ops/readiness', undefined, token)).status).toBe(403);
  });

  it('/readyz answers 503 naming the failing dependency, without its error; admins read the error', async () => {
    const redis = t.deps.redis;
    const store = t.deps.store;
    const redisPing = redis.ping;
    const storePing = store.ping;
    try {
      redis.ping = (async () => {
        throw new Error('redis is down at 10.1.2.3:6379');
      }) as typeof redis.ping;
      const res = await t.call('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'not ready', checks: { ...allOk, redis: 'failing' } });
      const report = await t.call('GET', '/api/ops/readiness', undefined, t.adminToken);
      expect(report.status).toBe(200);
      expect(report.body.status).toBe('not ready');
      expect(report.body.checks).toEqual({ ...allOk, redis: 'redis is down at 10.1.2.3:6379' });

      redis.ping = redisPing;
      store.ping = async () => {
        throw new Error('event store is down');
      };
      const store503 = await t.call('GET', '/readyz');
      expect(store503.status).toBe(503);
      expect(store503.body).toEqual({ status: 'not ready', checks: { ...allOk, eventStore: 'failing' } });
      expect(JSON.stringify(store503.body)).not.toContain('event store is down');
    } finally {
      redis.ping = redisPing;
      store.ping = storePing;
    }
    expect((await t.call('GET', '/readyz')).status).toBe(200);
  });
});
