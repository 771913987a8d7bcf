import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { deleteKeys, testRunId } from '../../test/leftovers.ts';

const LIMIT = 3;

/**
 * Every Redis key and channel of an install is under its namespace (the database's name, or REDIS_NAMESPACE),
 * so installs sharing one Redis never count, queue or relay for each other (issue 22: the sign-in counter was
 * `ng-rate-limit:POST/api/auth/login-<ip>` for every install).
 */
describe('installs sharing one Redis', () => {
  /** Two on databases of their own, then two given one REDIS_NAMESPACE. */
  const apps: TestApp[] = [];
  const start = async (at: number, env: Record<string, string> = {}) => {
    apps[at] = await startTestApp({ env: { LOGIN_RATE_LIMIT: String(LIMIT), ...env } });
  };
  let attempt = 0;
  const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const signIn = async (t: TestApp, remoteAddress: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        // Each attempt for another account: only the per-address limit is counted here.
        payload: { email: `nobody-${++attempt}@example.com`, password: 'not-the-password' },
        remoteAddress,
      })
    ).statusCode;
  // Named as the test databases are, so a run that never reached its teardown has it removed too.
  const shared = `ng-ngtest_${Date.now()}_shared${randomBytes(2).toString('hex')}_${testRunId()}`;

  beforeAll(async () => {
    await Promise.all([
      start(0),
      start(1),
      start(2, { REDIS_NAMESPACE: shared }),
      start(3, { REDIS_NAMESPACE: shared }),
    ]);
  }, 60_000);
  afterAll(async () => {
    if (apps[0]) await deleteKeys(apps[0].deps.redis, `${shared}:*`).catch(() => undefined);
    for (const t of apps) await t?.close();
  });

  it('namespaces the keys by database unless REDIS_NAMESPACE names one', () => {
    expect(apps[0]!.config.REDIS_NAMESPACE).toBe(`ng-${apps[0]!.database.name}`);
    expect(apps[1]!.config.REDIS_NAMESPACE).toBe(`ng-${apps[1]!.database.name}`);
    expect(apps[2]!.config.REDIS_NAMESPACE).toBe(shared);
  });

  it('two apps on different databases do not share sign-in counters', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const ip = address();
    for (let i = 0; i < LIMIT; i++) expect(await signIn(a, ip)).toBe(401);
    expect(await signIn(a, ip)).toBe(429);
    // The same address on the other install has tried nothing there yet.
    expect(await signIn(b, ip)).toBe(401);
    const keys = await a.deps.redis.keys(`*${ip}*`);
    expect(keys.sort()).toEqual(
      [
        `ng-${a.database.name}:rate-limit:POST/api/auth/login-${ip}`,
        `ng-${b.database.name}:rate-limit:POST/api/auth/login-${ip}`,
      ].sort(),
    );
  });

  it('two apps given one REDIS_NAMESPACE are one install to Redis: they share the counters', async () => {
    const [, , c, d] = apps as [TestApp, TestApp, TestApp, TestApp];
    const ip = address();
    for (let i = 0; i < LIMIT; i++) expect(await signIn(i % 2 ? c : d, ip)).toBe(401);
    expect(await signIn(c, ip)).toBe(429);
    expect(await signIn(d, ip)).toBe(429);
  });
});
