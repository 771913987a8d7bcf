/**
 * The `calendar` query parameter the OAuth return puts on the admin page (spec section 2.5). Apart from
 * settings.ts: the /admin route's search validator runs in the entry chunk, which must not carry the
 * calendar schemas (and zod) that settings.ts imports.
 */
export type CalendarReturn = 'connected' | 'error';
export const calendarReturnOf = (value: unknown): CalendarReturn | undefined =>
  value === 'connected' || value === 'error' ? value : undefined;
