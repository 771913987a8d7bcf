import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { failedAttempts } from './failed-attempts.ts';

/**
 * Password guesses are limited per account as well as per address (issue 22, section 5): five failures in 15
 * minutes for one e-mail (known or not) or one signed-in account, then 429 with the time to wait, from any
 * address. Every test sends from addresses of its own, so the per-address limit (3 a minute here) never decides.
 */
describe('failed password attempts per account', () => {
  let t: TestApp;
  const run = `10.${randomInt(256)}.${randomInt(256)}`;
  let host = 0;
  const newAddress = () => `${run}.${++host}`;

  const send = async (url: string, payload: object, remoteAddress = newAddress(), token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const signIn = (email: string, password: string, address?: string) =>
    send('/api/auth/login', { email, password }, address);

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(async () => t?.close());

  const expectBlocked = (res: Awaited<ReturnType<typeof send>>) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(
        /^Too many failed attempts for this account\. Please try again in \d+ minutes\.$/,
      ),
    });
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  };

  it('sign-in: after 5 wrong passwords from 5 addresses, the account waits, even with the right password', async () => {
    const u = await t.createUser({ email: 'guessed@example.com' });
    for (let i = 0; i < 5; i++)
      expect((await signIn(u.email, `wrong-${i}`)).status, `guess ${i + 1}`).toBe(401);
    expectBlocked(await signIn(u.email, u.temporaryPassword));
    expectBlocked(await signIn('  GUESSED@example.com ', u.temporaryPassword));
    // Another account is not held up.
    const other = await t.createUser({ email: 'bystander@example.com' });
    expect((await signIn(other.email, other.temporaryPassword)).status).toBe(200);
  });

  it('twelve guesses at once from twelve addresses get five answers, the rest wait', async () => {
    const u = await t.createUser({ email: 'rushed@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(u.email, `wrong-${i}`).then((res) => res.status)),
    );
    expect(answers.filter((s) => s === 401)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(7);
    expectBlocked(await signIn(u.email, u.temporaryPassword));
  });

  it('an unknown e-mail is answered the same way, so the answers tell nothing about which accounts exist', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('nobody@example.com', `wrong-${i}`)).status).toBe(401);
    expectBlocked(await signIn('nobody@example.com', 'anything'));
  });

  it('right passwords use nothing up', async () => {
    const u = await t.createUser({ email: 'often@example.com' });
    for (let i = 0; i < 8; i++) expect((await signIn(u.email, u.temporaryPassword)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, 'wrong')).status).toBe(401);
    expect((await signIn(u.email, u.temporaryPassword)).status).toBe(200);
  });

  it('change-password: after 5 wrong current passwords the account waits, from any of its sessions', async () => {
    const u = await t.createUser({ email: 'changer@example.com' });
    const token = await t.activate(u.email, u.temporaryPassword, 'right-password-1');
    const other = (await signIn(u.email, 'right-password-1')).body.token as string;
    for (let i = 0; i < 5; i++) {
      const res = await send(
        '/api/auth/change-password',
        { currentPassword: `wrong-${i}`, newPassword: 'new-password-1' },
        newAddress(),
        token,
      );
      expect([res.status, res.body.error]).toEqual([400, 'wrong_password']);
    }
    const right = { currentPassword: 'right-password-1', newPassword: 'new-password-1' };
    expectBlocked(await send('/api/auth/change-password', right, newAddress(), token));
    expectBlocked(await send('/api/auth/change-password', right, newAddress(), other));
    // Nothing changed.
    expect((await signIn(u.email, 'right-password-1')).status).toBe(200);
  });

  it('change-password: limited per address too (every attempt, as sign-in)', async () => {
    const u = await t.createUser({ email: 'one-address@example.com' });
    const token = await t.activate(u.email, u.temporaryPassword, 'right-password-1');
    const address = newAddress();
    const body = { currentPassword: 'right-password-1', newPassword: 'new-password-1' };
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await send('/api/auth/change-password', body, address, token)).status);
    expect(answers.slice(0, 3)).not.toContain(429);
    expect(answers[3]).toBe(429);
  });
});

describe('failed attempts with Redis away', () => {
  it('fails open: the attempt goes on, and is logged', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      commandTimeout: 200,
      retryStrategy: () => 50,
      lazyConnect: true,
    });
    redis.on('error', () => undefined);
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger;
    try {
      const take = failedAttempts(redis, 'ng-test', log, 'sign-in', () => 'someone@example.com');
      const taken = await take({} as FastifyRequest);
      expect('settle' in taken).toBe(true);
      if ('settle' in taken) await taken.settle(true);
      expect(warnings).toEqual(['failed-attempt counter unavailable: attempt allowed']);
    } finally {
      redis.disconnect();
    }
  });
});
