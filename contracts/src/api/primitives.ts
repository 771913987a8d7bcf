import { z } from 'zod';
import { isWholeCents, toCents } from '../estimates/pricing.ts';
import { isCalendarDay, isStorableText, MAX_ID } from '../events/values.ts';

/**
 * The input rules every API schema is built from, so what a route accepts is what the store can hold:
 * ids within a Postgres integer, calendar days that exist, texts without NUL or a lone surrogate, and money
 * that is a whole number of cents, at least one.
 */

export const UNSTORABLE_TEXT = 'contains a character that cannot be stored';

/**
 * Marks the issue of a path id past MAX_ID or not in its one form: such a record cannot exist, so the server
 * answers 404 as for any missing record (not 400, and never the database's out-of-range error).
 */
export const NO_SUCH_RECORD = 'noSuchRecord';

/** A record id in a body: a whole number from 1 to MAX_ID; a form's digit string is taken too. */
export const ZId = (message = 'must be a record id') =>
  z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(1, message).max(MAX_ID, message));

const noSuchRecord = { message: 'No such record.', params: { [NO_SUCH_RECORD]: true } };

/**
 * A record id in a path (`/api/projects/:id`) or a query: digits only, in one form. With a leading zero
 * (`01`) or past MAX_ID it names no record (404), so no record answers at two addresses.
 */
export const ZIdParam = z
  .string()
  .regex(/^\d+$/, 'must be a record id')
  .refine((digits) => !/^0\d+$/.test(digits), noSuchRecord)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, 'must be a record id')
      .refine((n) => n <= MAX_ID, noSuchRecord),
  );

/** A day on the calendar, `YYYY-MM-DD`, that exists (no 2030-02-31), years 1900 to 2199. */
export const ZCalendarDay = (message = 'must be a date (YYYY-MM-DD)') =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDay, { error: (issue) => `${String(issue.input)} is not a calendar date` });

/**
 * A text the store can hold, at most `max` characters: no NUL, no lone surrogate. Trimmed unless
 * `trim: false` (passwords, notes kept as typed); `error` is the message for a missing or non-text value.
 */
export const ZText = (max: number, options: { error?: string; trim?: boolean } = {}) => {
  const text = z
    .string(options.error ? { error: options.error } : undefined)
    .refine(isStorableText, UNSTORABLE_TEXT);
  return (options.trim === false ? text : text.trim()).max(max);
};

export const AMOUNT_REQUIRED = 'Amount is required';
export const AMOUNT_POSITIVE = 'Amount must be a positive number';
export const AMOUNT_MIN = 'Amount must be at least $0.01';
export const AMOUNT_CENTS = 'Amounts have at most two decimals';
export const AMOUNT_TOO_LARGE = 'Amount is too large';

/**
 * A sum of money to move, in dollars as typed (a number, or text such as "1250.50") → integer cents, at least
 * one: every body that bills, charges or records money takes it. A positive amount below a cent (`1e-9`) would
 * round to nothing, and a third decimal to money nobody typed, so both are refused rather than rounded.
 */
export const ZDollarsToCents = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z
    .number({ error: AMOUNT_REQUIRED })
    .finite(AMOUNT_REQUIRED)
    .positive(AMOUNT_POSITIVE)
    .min(0.01, AMOUNT_MIN)
    .max(10_000_000, AMOUNT_TOO_LARGE)
    .refine(isWholeCents, AMOUNT_CENTS)
    .transform(toCents),
);
