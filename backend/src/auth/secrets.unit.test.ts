import { describe, expect, it } from 'vitest';
import type { DomainError } from '../platform/errors.ts';
import { hashPassword, verifyPassword } from './secrets.ts';

/** Made by the `argon2` package this app used before (argon2id, 64 MiB, 3 passes, 4 lanes) for 'secret-pass'. */
const EARLIER_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$SWC1wAYrjbDRrSj++UGB5w$CVJGYPMYWCDXAC04j3yZan311JZ2SFEYc2QjMwggg7U';

describe('password hashing in its own pool', () => {
  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, and checks what it made', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });

  it('still checks hashes stored before, with their own settings', async () => {
    expect(await verifyPassword(EARLIER_HASH, 'secret-pass')).toBe(true);
    expect(await verifyPassword(EARLIER_HASH, 'secret-pas')).toBe(false);
    expect(await verifyPassword('not a hash', 'secret-pass')).toBe(false);
  });

  it('refuses at once (429 busy) when 64 checks already wait, and the waiting ones still finish', async () => {
    const hash = await hashPassword('queued');
    const checks = Array.from({ length: 100 }, () =>
      verifyPassword(hash, 'queued').then(
        (ok) => ({ ok }),
        (err: DomainError) => ({ refused: [err.status, err.code] }),
      ),
    );
    const outcomes = await Promise.all(checks);
    const refused = outcomes.filter((o) => 'refused' in o);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r).toEqual({ refused: [429, 'busy'] });
    expect(outcomes.filter((o) => 'ok' in o).every((o) => 'ok' in o && o.ok)).toBe(true);
    expect(outcomes.length - refused.length).toBeGreaterThanOrEqual(64);
  });
});
