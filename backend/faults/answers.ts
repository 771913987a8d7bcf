import type { Figure } from './figures.ts';

/**
 * The answers a caller says it may get without anything being wrong: a status (`'401'`), or a status with the
 * error's code (`'409 stale_version'`). Every other 409, 401 and 404 is one a person would not expect.
 */
export type Allowed = readonly string[];

/** The statuses that, unless the caller allowed them, tell a person something untrue about their request. */
export const WATCHED = [409, 401, 404] as const;

/** One answer the run saw, as the classifier keeps it. */
export interface SeenAnswer {
  method: string;
  path: string;
  status: number;
  /** The error body's `error`, when there is one. */
  code: string | null;
  allow: Allowed;
}

/** Whether the caller allowed this answer (by status alone or by status and code). */
export const allowed = (a: Pick<SeenAnswer, 'status' | 'code' | 'allow'>) =>
  a.allow.includes(String(a.status)) || (a.code !== null && a.allow.includes(`${a.status} ${a.code}`));

/** A path with its ids as `:id`, so answers of one route are counted together. */
export const routeOf = (path: string) => path.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id');

/**
 * Every answer of the run's HTTP client, classified: a watched status the caller did not allow is counted
 * as a failure, with the route and error code of each kind.
 */
export function answerBook() {
  const seen = new Map<number, { all: number; allowed: number; unexpected: Map<string, number> }>(
    WATCHED.map((s) => [s, { all: 0, allowed: 0, unexpected: new Map() }]),
  );
  return {
    note(answer: SeenAnswer) {
      const entry = seen.get(answer.status);
      if (!entry) return;
      entry.all++;
      if (allowed(answer)) entry.allowed++;
      else {
        const key = `${answer.method} ${routeOf(answer.path)} → ${answer.status} ${answer.code ?? ''}`.trim();
        entry.unexpected.set(key, (entry.unexpected.get(key) ?? 0) + 1);
      }
    },
    /** One figure per watched status (target 0 unexpected), and each kind of unexpected answer. */
    figures(): { figures: Figure[]; details: string[] } {
      const figures: Figure[] = [];
      const details: string[] = [];
      for (const [status, e] of seen) {
        const unexpected = [...e.unexpected.values()].reduce((s, n) => s + n, 0);
        figures.push({
          label: `unexpected ${status} answers`,
          value: `${unexpected} (${e.all} answered ${status}, ${e.allowed} of them expected)`,
          target: '0',
          pass: unexpected === 0,
        });
        for (const [what, n] of [...e.unexpected].sort((a, b) => b[1] - a[1]).slice(0, 8))
          details.push(`unexpected ${status}: ${what} ×${n}`);
      }
      return { figures, details };
    },
  };
}
export type AnswerBook = ReturnType<typeof answerBook>;
