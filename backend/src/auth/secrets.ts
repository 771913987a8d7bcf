import { createHash, randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import { DomainError } from '../platform/errors.ts';

/**
 * Password hashing has a bounded pool of its own: argon2 on libuv's thread pool (shared with file reads) let
 * 40 password requests hold every file download for 20-30 s. Here it takes at most half the cores, and when
 * `MAX_WAITING` checks already wait, one more is refused at once (429) rather than queued without end.
 */
const THREADS = Math.max(1, Math.floor(availableParallelism() / 2));
const MAX_WAITING = 64;

let pool: Piscina | undefined;
const passwords = () => {
  pool ??= new Piscina({
    filename: new URL('./password-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: THREADS,
    maxQueue: MAX_WAITING,
    idleTimeout: 60_000,
  });
  return pool;
};

export const passwordChecksBusy = () =>
  new DomainError(429, 'busy', 'Too many password checks are under way. Please try again in a moment.');

async function inPool<T>(
  task: { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string },
) {
  const workers = passwords();
  // Piscina throws "Task queue is at limit" past maxQueue; refused before it is tried instead.
  if (workers.queueSize >= MAX_WAITING) throw passwordChecksBusy();
  return (await workers.run(task)) as T;
}

export const hashPassword = (password: string) => inPool<string>({ op: 'hash', password });

export const verifyPassword = (hash: string, password: string) =>
  inPool<boolean>({ op: 'verify', hash, password });

/** A hash to compare against when the e-mail is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  dummyHash.catch(() => {
    dummyHash = null;
  });
  return dummyHash;
};

/** Opaque session token: 256 random bits; only its SHA-256 is stored. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// No look-alike characters (0/O, 1/l/I): temporary passwords are read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export function newTemporaryPassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
