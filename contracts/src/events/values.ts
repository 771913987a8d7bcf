import { z } from 'zod';

/**
 * What a stored event may hold: values every projector can store. Event schemas are built from these and
 * never from the API's body schemas, so changing an API shape never changes stored history.
 */

/** Largest id a Postgres `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** A NUL (Postgres text cannot hold it) or a UTF-16 surrogate without its pair (not valid Unicode). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (s: string) => !UNSTORABLE.test(s);

/** Whether `YYYY-MM-DD` names a day that exists (no 2030-02-31), in years a person would book. */
export function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const eId = z.number().int().min(1).max(MAX_ID);
export const eText = z.string().refine(isStorableText, 'contains a character that cannot be stored');
export const eDay = z.string().refine(isCalendarDay, 'is not a calendar day (YYYY-MM-DD)');
export const eInstant = z.iso.datetime({ offset: true });
export const eAmount = z.number().finite();
