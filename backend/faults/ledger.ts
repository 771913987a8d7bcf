import type { Answer, HttpClient } from './http-client.ts';
import { sleep } from './shell.ts';

export const KINDS = ['consultation', 'client', 'portal-client', 'project', 'status-change'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * How one command ended for its sender: acknowledged (2xx, 202 included); `conflict-after-retry` (409 on a
 * retry: an earlier attempt that got no answer was stored after all); `refused` (any other 4xx, not
 * retried); `abandoned` (still failing when the sender gave up).
 */
export type Outcome = 'acknowledged' | 'conflict-after-retry' | 'refused' | 'abandoned';

export interface CommandRecord {
  kind: Kind;
  /** What finds it afterwards: its unique e-mail, its unique title, or `project:status:n`. */
  key: string;
  probe: boolean;
  attempts: number;
  outcome?: Outcome;
  answerStatus?: number;
  /** The ids it answered with (a 201 carries the record, a 202 the ids). */
  id?: number;
  userId?: number | null;
  projectId?: number;
  status?: string;
  /** The answers before the last (status codes or connection errors), for the report. */
  failures: string[];
  /** The body of a final answer that was not 2xx (what the caller was told). */
  refusal?: string;
  sentAt: number;
  answeredAt?: number;
}

/** One try of a command: when it was sent, how long its answer took, and what it was. */
export interface Attempt {
  at: number;
  ms: number;
  kind: Kind;
  answer: string;
}

/** Every command sent, every try, and every answer seen (a status code or an error name) with how often. */
export function ledger() {
  const records: CommandRecord[] = [];
  const attempts: Attempt[] = [];
  const answers = new Map<string, number>();
  const bump = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
  return { records, attempts, answers, bump };
}
export type Ledger = ReturnType<typeof ledger>;

const GIVE_UP_AFTER_MS = 45_000;

export type Step = { done: Outcome } | { retryInMs: number };

/** What a real client does with an answer (or a failure to get one) to its `attempt`-th try. */
export function nextStep(answer: Answer | Error, attempt: number, elapsedMs: number, kind: Kind): Step {
  if (!(answer instanceof Error)) {
    if (answer.status >= 200 && answer.status < 300) return { done: 'acknowledged' };
    if (answer.status === 409 && attempt > 1 && kind !== 'status-change')
      return { done: 'conflict-after-retry' };
    if (answer.status < 500 && answer.status !== 429) return { done: 'refused' };
  }
  if (elapsedMs > GIVE_UP_AFTER_MS) return { done: 'abandoned' };
  const backoff = Math.min(2_000, 100 * 2 ** (attempt - 1));
  const asked = answer instanceof Error || answer.retryAfter === null ? 0 : answer.retryAfter * 1000;
  return { retryInMs: Math.min(3_000, Math.max(backoff, asked)) * (0.75 + Math.random() * 0.5) };
}

/** A status code (a 503 without Retry-After says so), or the connection error's code. */
export const answerName = (answer: Answer | Error) =>
  answer instanceof Error
    ? ((answer as NodeJS.ErrnoException).code ??
      (/no answer within/.test(answer.message) ? 'timeout' : 'error'))
    : answer.status === 503 && answer.retryAfter === null
      ? '503-without-Retry-After'
      : String(answer.status);

/** Sends a command until it is answered for good, retrying as `nextStep` says; records all of it. */
export async function send(
  book: Ledger,
  http: HttpClient,
  record: CommandRecord,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  book.records.push(record);
  for (;;) {
    record.attempts++;
    const at = Date.now();
    const answer = await http.call(method, path, body, 10_000, headers).catch((err: Error) => err);
    const name = answerName(answer);
    book.bump(name);
    book.attempts.push({ at, ms: Date.now() - at, kind: record.kind, answer: name });
    const step = nextStep(answer, record.attempts, Date.now() - record.sentAt, record.kind);
    if ('done' in step) {
      record.outcome = step.done;
      record.answeredAt = Date.now();
      if (!(answer instanceof Error)) record.answerStatus = answer.status;
      if (!(answer instanceof Error) && answer.status >= 300)
        record.refusal = JSON.stringify(answer.body).slice(0, 160);
      return answer instanceof Error ? undefined : answer;
    }
    record.failures.push(name);
    await sleep(step.retryInMs);
  }
}
