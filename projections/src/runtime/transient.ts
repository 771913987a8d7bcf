/**
 * Whether an error is a passing condition of the database or the network (worth retrying the same work
 * later) rather than something the same input will fail on again. The projection runner retries these and
 * never parks an event for them; the API answers them with 503 and Retry-After.
 */

/** SQLSTATEs that say nothing about the statement itself: contention, cancellation, a server going away. */
const TRANSIENT_CODES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57014', // query_canceled (statement_timeout, pg_cancel_backend)
  '55P03', // lock_not_available (lock_timeout)
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
]);
/** Whole classes: 08 connection exception, 53 insufficient resources (disk, memory, too many connections). */
const TRANSIENT_CLASSES = ['08', '53'];
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres reports a dropped or unusable connection with a message, no code. */
const TRANSIENT_MESSAGES = [
  /Connection terminated/i,
  /connection error/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Client was closed/i,
];

export function isTransientError(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (TRANSIENT_CODES.has(code) || TRANSIENT_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_CLASSES.includes(code.slice(0, 2));
  }
  if (typeof message === 'string' && TRANSIENT_MESSAGES.some((m) => m.test(message))) return true;
  // An AggregateError (e.g. every address of a host refused) is transient when any part of it is.
  if (Array.isArray(errors) && errors.some((e) => isTransientError(e, depth + 1))) return true;
  return cause !== undefined && isTransientError(cause, depth + 1);
}

/** The pause before retry number `attempt` (0-based): doubling from `firstMs`, capped at `maxMs`. */
export const backoffMs = (attempt: number, firstMs = 100, maxMs = 5000) =>
  Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 16));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
