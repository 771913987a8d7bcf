import { type TStaleVersionError, ZStaleVersionError } from '@app/contracts/api/versions';
import { ApiError } from './api';

/** The server's answer to an edit made on a stale copy (409 `stale_version`), or null for any other failure. */
export function staleCopyOf(error: unknown): TStaleVersionError | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const parsed = ZStaleVersionError.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** "status", "status and end date", "title, status and end date". */
const listed = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * What a screen says of a stale copy: "Someone else changed this project's status and end date while you were
 * editing." `labels` names the server's fields as the form does (fields without one are left out). `subject`
 * is a record's noun ("project": "this project", "this project's"), or both phrases ("the pricing", "the").
 */
export function staleMessage(
  subject: string | { whole: string; part: string },
  changed: readonly string[],
  labels: Readonly<Record<string, string>>,
): string {
  const { whole, part } =
    typeof subject === 'string' ? { whole: `this ${subject}`, part: `this ${subject}'s` } : subject;
  const words = [...new Set(changed.map((field) => labels[field]).filter((w): w is string => !!w))];
  return words.length === 0
    ? `Someone else changed ${whole} while you were editing.`
    : `Someone else changed ${part} ${listed(words)} while you were editing.`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A form reloaded onto a newer record: each field the person edited keeps their value, every other field takes
 * the record's new one (field by field inside groups of fields; a list is one field). `base` is the form as it
 * was filled from the older record, `fresh` as the newer one fills it. Nothing typed is lost, and nothing
 * someone else saved is put back unseen.
 */
export function rebaseDraft<D extends object>(base: D, draft: D, fresh: D): D {
  const next = { ...fresh } as Record<string, unknown>;
  const was = base as Record<string, unknown>;
  const now = draft as Record<string, unknown>;
  for (const key of Object.keys(now)) {
    if (same(now[key], was[key])) continue;
    next[key] =
      isRecord(now[key]) && isRecord(was[key]) && isRecord(next[key])
        ? rebaseDraft(was[key], now[key], next[key])
        : now[key];
  }
  return next as D;
}
