import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

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

  it('/readyz answers 200 with every check ok', async () => {
    const res = await t.call('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ready');
    expect(res.body.checks).toEqual({ database: 'ok', eventStore: 'ok', redis: 'ok', projections: 'ok' });
    expect(Object.keys(res.body.lagSeconds).sort()).toEqual(expect.arrayContaining(['audit', 'users']));
    for (const lag of Object.values(res.body.lagSeconds))
      expect(lag).toBeLessThanOrEqual(t.config.READY_MAX_LAG_SECONDS);
  });

  it('/readyz answers 503 naming the failing dependency', async () => {
    const redis = t.deps.redis;
    const store = t.deps.store;
    const redisPing = redis.ping;
    const storePing = store.ping;
    try {
      redis.ping = (async () => {
        throw new Error('redis is down');
      }) as typeof redis.ping;
      const res = await t.call('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('not ready');
      expect(res.body.checks).toEqual({
        database: 'ok',
        eventStore: 'ok',
        redis: 'redis is down',
        projections: 'ok',
      });

      redis.ping = redisPing;
      store.ping = async () => {
        throw new Error('event store is down');
      };
      const store503 = await t.call('GET', '/readyz');
      expect(store503.status).toBe(503);
      expect(store503.body.checks.eventStore).toBe('event store is down');
      expect(store503.body.checks.redis).toBe('ok');
    } finally {
      redis.ping = redisPing;
      store.ping = storePing;
    }
    expect((await t.call('GET', '/readyz')).status).toBe(200);
  });
});
