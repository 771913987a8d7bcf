import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The counter's own Redis connection waits this long, not the per-address limiter's 100 ms: a busy machine
 * answering late must not let guesses through uncounted. Redis down still fails open (sign-ins go on).
 */
export const FAILED_ATTEMPTS_REDIS_TIMEOUT_MS = 2000;

/** One attempt of an account's password: held from the start, so concurrent guesses cannot outrun the limit. */
export interface Attempt {
  /** The attempt did not fail on the password (right, or stopped for another reason): it uses nothing up. */
  giveBack(): Promise<void>;
}

export type TakeAttempt = (request: FastifyRequest) => Promise<{ wait: number } | Attempt>;

/**
 * Failed password attempts per account (an e-mail address, known or not, or a signed-in user), on top of the
 * routes' per-address limits: `max` attempts within `windowSeconds` of the first; after `max` failures the
 * account's next attempts wait until the window ends. Each attempt is counted atomically before the password
 * is checked and given back unless it failed, so right passwords never use the allowance up while twenty
 * concurrent guesses still get only `max` answers. Keys hold a hash of the account, never the address itself.
 */
export function failedAttempts(
  redis: Redis,
  namespace: string,
  log: FastifyBaseLogger,
  name: string,
  accountOf: (request: FastifyRequest) => string,
  limit: { max: number; windowSeconds: number } = { max: 5, windowSeconds: 15 * 60 },
): TakeAttempt {
  const failOpen = (err: unknown) => {
    log.warn({ err, limit: name }, 'failed-attempt counter unavailable: attempt allowed');
  };
  return async (request) => {
    const account = createHash('sha256').update(accountOf(request)).digest('hex').slice(0, 32);
    const key = `${namespace}:failed-attempts:${name}-${account}`;
    let taken: number;
    let ttl: number;
    try {
      const answers = await redis
        .multi()
        .incr(key)
        .pexpire(key, limit.windowSeconds * 1000, 'NX')
        .pttl(key)
        .exec();
      taken = Number(answers?.[0]?.[1]);
      ttl = Number(answers?.[2]?.[1]);
    } catch (err) {
      failOpen(err);
      return { giveBack: async () => undefined };
    }
    const giveBack = async () => {
      await redis.decr(key).catch(failOpen);
    };
    if (taken > limit.max) {
      await giveBack();
      return { wait: Math.max(1, Math.ceil(ttl / 1000)) };
    }
    return { giveBack };
  };
}
