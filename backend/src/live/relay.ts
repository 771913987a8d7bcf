import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../platform/config.ts';
import type { Audience } from './connections.ts';

/** Redis keys and channels of one install, so installs (and test apps) sharing a Redis never mix. */
export const liveNamespace = (config: Pick<Config, 'REDIS_NAMESPACE'>) => `${config.REDIS_NAMESPACE}:live`;

interface Envelope {
  origin: string;
  userIds: number[];
  admins: boolean;
  namedAreAdmins?: boolean;
  exceptUserId?: number;
  text: string;
  /** A NEW_MESSAGE's message id: each process delivers a message once, whichever path brings it first. */
  messageId?: number;
}

/** Logs a failure that repeats (Redis away, reconnecting) at most once per interval. */
export function throttled(log: FastifyBaseLogger, message: string, everyMs = 10_000) {
  let last = 0;
  return (err: unknown) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    log.warn({ err: err instanceof Error ? err.message : String(err) }, message);
  };
}

/**
 * Frames reach the sockets of every API process through Redis pub/sub: each process delivers to its own
 * sockets at once and publishes the frame, with its audience already worked out, for the others. That is all
 * there is for frames that are not events (typing, admins' sync and chat); a new message is published too, the
 * moment it is stored (with its id, so a process that also hears of it from the projection's notice delivers
 * it once). One subscriber connection per process; it reconnects and resubscribes by itself. While Redis is
 * away a process keeps serving its own sockets; the others miss typing and refresh hints, and get messages
 * from the notices.
 */
export class LiveRelay {
  readonly origin = randomUUID();
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly publishFailed: (err: unknown) => void;

  constructor(
    /** Fails fast (no offline queue): a publish while Redis is away is dropped, never queued. */
    private readonly publisher: Redis,
    subscriberBase: Redis,
    namespace: string,
    private readonly deliver: (audience: Audience, text: string, messageId?: number) => void,
    log: FastifyBaseLogger,
  ) {
    this.channel = `${namespace}:frames`;
    this.publishFailed = throttled(log, 'live relay: publish failed (other processes miss it)');
    this.subscriber = subscriberBase.duplicate({ maxRetriesPerRequest: null, lazyConnect: false });
    this.subscriber.on(
      'error',
      throttled(log, 'live relay subscriber: Redis connection error (reconnecting)'),
    );
    this.subscriber.on('message', (_channel, payload) => this.received(payload));
    this.subscriber.subscribe(this.channel).catch(throttled(log, 'live relay: subscribe failed'));
  }

  private received(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.origin || typeof envelope.text !== 'string') return;
    this.deliver(
      {
        userIds: new Set(Array.isArray(envelope.userIds) ? envelope.userIds : []),
        admins: envelope.admins === true,
        namedAreAdmins: envelope.namedAreAdmins === true,
        exceptUserId: envelope.exceptUserId,
      },
      envelope.text,
      Number.isSafeInteger(envelope.messageId) ? envelope.messageId : undefined,
    );
  }

  /** Delivers to this process's sockets and, through Redis, to every other process's. */
  send(audience: Audience, text: string) {
    this.deliver(audience, text);
    this.publish(audience, text);
  }

  /** To every other process's sockets only; never waits for Redis (a failed publish is logged, throttled). */
  publish(audience: Audience, text: string, messageId?: number) {
    const envelope: Envelope = {
      origin: this.origin,
      userIds: [...audience.userIds],
      admins: audience.admins,
      namedAreAdmins: audience.namedAreAdmins,
      exceptUserId: audience.exceptUserId,
      text,
      ...(messageId === undefined ? {} : { messageId }),
    };
    this.publisher.publish(this.channel, JSON.stringify(envelope)).catch(this.publishFailed);
  }

  close() {
    this.subscriber.disconnect();
  }
}
