/** Values read from the read models as the API writes them. */

/** A timestamp column as an ISO instant. */
export const instant = (v: Date | string) => new Date(v).toISOString();

/** A date column as YYYY-MM-DD (pg hands DATE over as text; a Date is read in UTC). */
export const calendarDay = (v: Date | string) =>
  typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);
