import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has defaults that work on a developer machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/northern_guard',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_URL: 'http://localhost:3000',
      READ_YOUR_WRITES_TIMEOUT_MS: 2000,
    });
    expect(config.EVENTSTORE_URL).toBeUndefined();
  });

  it('derives the public address from the port unless it is given', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com' }).PUBLIC_URL).toBe('https://example.com');
  });

  it('namespaces Redis by the database unless REDIS_NAMESPACE is given', () => {
    expect(loadConfig({}).REDIS_NAMESPACE).toBe('ng-northern_guard');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.example.com:5432/staging?sslmode=require' }).REDIS_NAMESPACE,
    ).toBe('ng-staging');
    expect(loadConfig({ REDIS_NAMESPACE: 'shop-2' }).REDIS_NAMESPACE).toBe('shop-2');
  });

  it('takes TRUST_PROXY as fastify does: true/false, a number of proxies, or their addresses and networks', () => {
    const trust = (value?: string) =>
      loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
    expect(trust('10.0.0.0/8, 192.168.1.5,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY must be true, false, a number of proxies/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY /],
    [{ TRUST_PROXY: '10.0.0.1,' }, /^Invalid configuration: TRUST_PROXY /],
    [{ REDIS_NAMESPACE: 'a:b' }, /^Invalid configuration: REDIS_NAMESPACE must be letters, digits/],
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /^Invalid configuration: DATABASE_URL /],
    [
      { EVENTSTORE_URL: 'http://localhost:2113' },
      /^Invalid configuration: EVENTSTORE_URL must start with esdb:\/\//,
    ],
    [{ ADMIN_PASSWORD: '123' }, /^Invalid configuration: ADMIN_PASSWORD must be at least 6 characters/],
    [{ SMTP_URL: 'ftp://mail' }, /^Invalid configuration: SMTP_URL /],
  ])('stops with one line naming a bad value: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
