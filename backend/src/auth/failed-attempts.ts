import { createHash } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { passwordChecksBusy } from './secrets.ts';

/**
 * The counter's own Redis connection waits this long (queued while connecting, unlike the per-address limiter's): a busy machine
 * answering late must not let guesses through uncounted. Redis down still fails open (sign-ins go on).
 */
export const FAILED_ATTEMPTS_REDIS_TIMEOUT_MS = 2000;
/** An attempt's place is freed after this even if its process died before settling it. */
const IN_FLIGHT_EXPIRY_MS = 10_000;
/** How long an attempt waits for a place among the account's attempts under way before it is answered busy. */
const MAX_WAIT_MS = 10_000;

// Failures used up: refused with the time left. Failures and attempts under way would exceed the allowance:
// wait for one to settle. Otherwise one more attempt under way.
const TAKE = `
local failed = tonumber(redis.call('GET', KEYS[1]) or '0')
if failed >= tonumber(ARGV[1]) then return {-1, redis.call('PTTL', KEYS[1])} end
local flying = tonumber(redis.call('GET', KEYS[2]) or '0')
if failed + flying >= tonumber(ARGV[1]) then return {0, 0} end
redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return {1, 0}`;

const SETTLE = `
if redis.call('DECR', KEYS[2]) <= 0 then redis.call('DEL', KEYS[2]) end
if ARGV[1] == '1' then
  redis.call('INCR', KEYS[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2], 'NX')
end
return 1`;

/** One password attempt of an account, counted as under way until it is settled. */
export interface Attempt {
  settle(failed: boolean): Promise<void>;
}

export type TakeAttempt = (request: FastifyRequest) => Promise<{ wait: number } | Attempt>;

/**
 * Failed password attempts per account (an e-mail address, known or not, or a signed-in user), on top of the
 * routes' per-address limits: after `max` failures within `windowSeconds` of the first, the account's next
 * attempts wait until the window ends. Failures and attempts under way together never exceed `max` (Redis
 * scripts decide atomically; an attempt beyond waits for one to settle), so twenty guesses sent at once still
 * get only `max` answers, while right passwords from many devices at once all go through and use nothing up.
 * Keys hold a hash of the account, never the address itself.
 */
export function failedAttempts(
  redis: Redis,
  namespace: string,
  log: FastifyBaseLogger,
  name: string,
  accountOf: (request: FastifyRequest) => string,
  limit: { max: number; windowSeconds: number } = { max: 5, windowSeconds: 15 * 60 },
): TakeAttempt {
  const window = limit.windowSeconds * 1000;
  const failOpen = (err: unknown) => {
    log.warn({ err, limit: name }, 'failed-attempt counter unavailable: attempt allowed');
  };
  const unlimited: Attempt = { settle: async () => undefined };
  return async (request) => {
    const account = createHash('sha256').update(accountOf(request)).digest('hex').slice(0, 32);
    // One hash tag: both keys on one Redis Cluster slot, as a script needs.
    const keys = [`failed`, `in-flight`].map((k) => `${namespace}:failed-attempts:{${name}-${account}}:${k}`);
    const settle = async (failed: boolean) => {
      await redis.eval(SETTLE, 2, ...keys, failed ? '1' : '0', window).catch(failOpen);
    };
    for (const started = Date.now(); ; ) {
      let outcome: number;
      let ttl: number;
      try {
        [outcome, ttl] = (await redis.eval(TAKE, 2, ...keys, limit.max, IN_FLIGHT_EXPIRY_MS)) as [
          number,
          number,
        ];
      } catch (err) {
        failOpen(err);
        return unlimited;
      }
      if (outcome === 1) return { settle };
      if (outcome === -1) return { wait: Math.max(1, Math.ceil(ttl / 1000)) };
      if (Date.now() - started > MAX_WAIT_MS) throw passwordChecksBusy();
      await pause(20 + Math.random() * 40);
    }
  };
}
