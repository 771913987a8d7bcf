import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../test/app.ts';

/**
 * Rate-limit counters live in Redis, keyed by route and client IP, and are shared by every app on that Redis.
 * Every test app signs its first admin in from 127.0.0.1, so with a limit of 3 this app would inherit the
 * sign-ins of test files running beside it. It therefore uses a Redis database of its own, clears only the
 * 127.0.0.1 sign-in counter there (never a flush), and each test signs in from an address of its own.
 */
const REDIS_DB = 13;
const REDIS_URL = `redis://127.0.0.1:6379/${REDIS_DB}`;
const LOCALHOST_LOGIN_KEY = 'ng-rate-limit:POST/api/auth/login-127.0.0.1';

describe('login rate limit (LOGIN_RATE_LIMIT=3)', () => {
  let t: TestApp;
  const run = `10.${randomInt(256)}.${randomInt(256)}`;
  let host = 0;
  const newAddress = () => `${run}.${++host}`;

  const login = async (remoteAddress: string, body: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
    await redis.del(LOCALHOST_LOGIN_KEY);
    redis.disconnect();
    t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '3', REDIS_URL } });
  });
  afterAll(async () => t?.close());

  it('the 4th attempt from one address within a minute gets 429 with the error shape, even with the right password', async () => {
    const ip = newAddress();
    for (let i = 0; i < 3; i++) {
      const res = await login(ip, { email: ADMIN.email, password: `wrong-${i}` });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const fourth = await login(ip, ADMIN);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    expect(fourth.body.token).toBeUndefined();
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
    // And it stays blocked.
    expect((await login(ip, ADMIN)).status).toBe(429);
  });

  it('counts per address: another address still signs in, and the blocked one keeps its session', async () => {
    const blocked = newAddress();
    const res = await login(blocked, ADMIN);
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    for (let i = 0; i < 3; i++) await login(blocked, ADMIN);
    expect((await login(blocked, ADMIN)).status).toBe(429);

    const other = await login(newAddress(), ADMIN);
    expect(other.status).toBe(200);
    expect(other.body.user.email).toBe(ADMIN.email);

    // Only sign-in is limited: the session from the blocked address still works.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: blocked,
    });
    expect(me.statusCode).toBe(200);
  });

  it('malformed attempts count too', async () => {
    const ip = newAddress();
    for (let i = 0; i < 3; i++) expect((await login(ip, { email: ADMIN.email })).status).toBe(400);
    const res = await login(ip, ADMIN);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('rate_limited');
  });
});
