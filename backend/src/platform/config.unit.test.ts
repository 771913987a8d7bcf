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

  it.each([
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
