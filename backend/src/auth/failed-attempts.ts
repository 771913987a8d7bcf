import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a route asks of one account's failed attempts: how long to wait (null: go ahead), and count one more. */
export interface FailedAttempts {
  waitSeconds(): Promise<number | null>;
  count(): Promise<void>;
}

/**
 * Failed password attempts per account (an e-mail address, known or not, or a signed-in user), on top of the
 * routes' per-address limits: after `max` failures within `timeWindow` the account's next attempts are refused
 * until the window ends. Counted in the rate limiter's Redis store (its namespace, its fail-open), through
 * @fastify/rate-limit's own limiter: read before the attempt, incremented only when it fails, so right
 * passwords never use the allowance up. Keys hold a hash of the account, never the address itself.
 */
export function failedAttempts(
  app: FastifyInstance,
  name: string,
  accountOf: (request: FastifyRequest) => string,
  limit: { max: number; timeWindow: string } = { max: 5, timeWindow: '15 minutes' },
) {
  const limiter = app.createRateLimit({
    ...limit,
    keyGenerator: (request) =>
      `${name}-${createHash('sha256').update(accountOf(request)).digest('hex').slice(0, 32)}`,
  });
  return (request: FastifyRequest): FailedAttempts => ({
    async waitSeconds() {
      const seen = await limiter(request, { increment: false });
      return !seen.isAllowed && seen.remaining <= 0 && seen.ttl > 0 ? seen.ttlInSeconds : null;
    },
    async count() {
      await limiter(request);
    },
  });
}
