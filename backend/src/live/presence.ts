import type { Redis } from 'ioredis';

/** A process renews its users' presence this often; an entry not renewed for PRESENCE_TTL_MS has lapsed. */
export const PRESENCE_RENEW_MS = 10_000;
export const PRESENCE_TTL_MS = 30_000;

const keyOf = (namespace: string, userId: number) => `${namespace}:presence:${userId}`;

/**
 * Who has a socket open, in Redis so every API process and the workers can ask: one sorted set per user,
 * holding the processes that have the user connected, each scored with the time its entry lapses. A process
 * that dies stops renewing, and its entries lapse within PRESENCE_TTL_MS.
 */
export class Presence {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    /** Fails fast (no offline queue): presence is best effort while Redis is away. */
    private readonly redis: Redis,
    private readonly namespace: string,
    private readonly origin: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Renews the entries of `connectedUsers()` until `stop`. */
  start(connectedUsers: () => Iterable<number>) {
    this.timer = setInterval(() => this.renew([...connectedUsers()]), PRESENCE_RENEW_MS);
    this.timer.unref();
  }

  renew(userIds: readonly number[]) {
    if (userIds.length === 0) return;
    const until = Date.now() + PRESENCE_TTL_MS;
    const batch = this.redis.multi();
    for (const id of userIds) {
      const key = keyOf(this.namespace, id);
      batch.zadd(key, until, this.origin);
      batch.pexpire(key, PRESENCE_TTL_MS * 2);
    }
    batch.exec().catch(this.onError);
  }

  /** The user's last socket in this process closed. */
  left(userId: number) {
    this.redis.zrem(keyOf(this.namespace, userId), this.origin).catch(this.onError);
  }

  stop(connectedUsers: Iterable<number>) {
    if (this.timer) clearInterval(this.timer);
    for (const id of connectedUsers) this.left(id);
  }
}

/** Whether the user has a socket open in any process (throws when Redis cannot answer). */
export async function isConnected(redis: Redis, namespace: string, userId: number, now = Date.now()) {
  return (await redis.zcount(keyOf(namespace, userId), now, '+inf')) > 0;
}

/**
 * The workers' question "is this user connected?", answered within `timeoutMs`. When Redis cannot answer,
 * the user is taken as away: a mail that was not needed is better than a message nobody hears of.
 */
export function presenceLookup(redis: Redis, namespace: string, timeoutMs = 1000) {
  return (userId: number) =>
    Promise.race([
      isConnected(redis, namespace, userId),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
    ]).catch(() => false);
}
