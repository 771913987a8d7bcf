import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

const LIMIT = 3;

/**
 * Behind a reverse proxy every request comes from the proxy's address: with TRUST_PROXY=false the whole site
 * shares one sign-in limit (issue 22). Trusting only the proxy's network gives each client its own, and a
 * caller outside it cannot pick its address by sending X-Forwarded-For.
 */
describe('TRUST_PROXY=10.0.0.0/8 (only the proxy is believed)', () => {
  let t: TestApp;
  const run = `${randomInt(256)}.${randomInt(256)}`;
  let attempt = 0;
  const signIn = async (remoteAddress: string, forwardedFor?: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        // Each attempt for another account: only the per-address limit is counted here.
        payload: { email: `nobody-${++attempt}@example.com`, password: 'not-the-password' },
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).statusCode;

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '10.0.0.0/8', LOGIN_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(async () => t?.close());

  it('counts sign-ins per client behind the proxy, not per proxy', async () => {
    const proxy = `10.${run}.1`;
    const client = `192.0.${randomInt(256)}.1`;
    for (let i = 0; i < LIMIT; i++) expect(await signIn(proxy, client)).toBe(401);
    expect(await signIn(proxy, client)).toBe(429);
    // Another client through the same proxy has its own count.
    expect(await signIn(proxy, `192.0.${randomInt(256)}.2`)).toBe(401);
  });

  it('takes no forwarded address from a caller outside the trusted network', async () => {
    const direct = `198.51.${randomInt(256)}.7`;
    for (let i = 0; i < LIMIT; i++) expect(await signIn(direct, `203.0.113.${i + 1}`)).toBe(401);
    expect(await signIn(direct, '203.0.113.99')).toBe(429);
  });
});

describe('TRUST_PROXY=1 (one proxy in front, the only way in)', () => {
  let t: TestApp;
  let attempt = 0;
  const signIn = async (remoteAddress: string, forwardedFor: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `someone-${++attempt}@example.com`, password: 'not-the-password' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      })
    ).statusCode;

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1', LOGIN_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(async () => t?.close());

  it('counts by the address the proxy added, whatever the client wrote before it', async () => {
    const proxy = `172.16.${randomInt(256)}.1`;
    const client = `192.0.${randomInt(256)}.3`;
    for (let i = 0; i < LIMIT; i++) expect(await signIn(proxy, `203.0.113.${i + 1}, ${client}`)).toBe(401);
    expect(await signIn(proxy, `203.0.113.50, ${client}`)).toBe(429);
    expect(await signIn(proxy, `192.0.${randomInt(256)}.4`)).toBe(401);
  });
});
