/** The revenue chart's pure parts: bar heights scaled to the best month, and month labels. */
export type MonthRevenue = { month: string; cents: number };

/** Each month's bar height as a share (0..1) of the highest month; all zero when nothing was received. */
export const barShares = (months: readonly MonthRevenue[]) => {
  const top = Math.max(0, ...months.map((m) => m.cents));
  return months.map((m) => (top === 0 ? 0 : Math.max(0, m.cents) / top));
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11" → "Nov 2026" (also takes "202611"). */
export function monthLabel(month: string): string {
  const digits = month.replace('-', '');
  const index = Number(digits.slice(4, 6)) - 1;
  return MONTHS[index] ? `${MONTHS[index]} ${digits.slice(0, 4)}` : month;
}
