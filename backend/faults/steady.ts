import type { Allowed } from './answers.ts';
import type { Answer, Caller } from './http-client.ts';
import { answerName, nextStep } from './ledger.ts';
import { sleep } from './shell.ts';

/** What a slice's call ended with: the last answer (or error), its name, and the names before it. */
export interface Asked {
  answer: Answer | Error;
  name: string;
  ok: boolean;
  failures: string[];
  at: number;
}

/**
 * A call of the slices' own work (not counted in the load's ledger), retried as a real client does (the
 * load's rule, `nextStep`): until a 2xx, a 4xx, or 45 s of failures. `once` sends it a single time; `allow`
 * names the 409, 401 or 404 answers the caller expects (any other is counted as a failure, answers.ts).
 */
export async function ask(
  http: Caller,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  { once = false, allow = [] }: { once?: boolean; allow?: Allowed } = {},
): Promise<Asked> {
  const sentAt = Date.now();
  const failures: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const answer = await http.call(method, path, body, 10_000, headers, allow).catch((err: Error) => err);
    const name = answerName(answer);
    const step = nextStep(answer, attempt, Date.now() - sentAt, 'client');
    if (once || 'done' in step) return { answer, name, ok: /^2\d\d$/.test(name), failures, at: Date.now() };
    failures.push(name);
    await sleep(step.retryInMs);
  }
}

/** The JSON body of a 2xx answer, or an error naming the call and what it got. */
export function bodyOf<T>(asked: Asked, what: string): T {
  if (!asked.ok || asked.answer instanceof Error)
    throw new Error(
      `${what}: ${asked.name} ${asked.answer instanceof Error ? asked.answer.message : JSON.stringify(asked.answer.body).slice(0, 200)}`,
    );
  return asked.answer.body as T;
}

/** An answer's status code as it is (a 503 with or without Retry-After), or the connection error's name. */
export const statusOf = (answer: Answer | Error) =>
  answer instanceof Error ? answerName(answer) : String(answer.status);
