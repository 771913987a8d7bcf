import { toCents } from '@app/contracts/estimates/pricing';

/**
 * Estimates' money (spec part 2, section 9: "estimates without decimals"): whole dollars without cents
 * ($1,234), an amount with cents keeps both decimals ($1,234.50) so nothing is rounded away.
 */
const whole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCents = (cents: number) =>
  cents % 100 === 0 ? whole.format(cents / 100) : withCents.format(cents / 100);

/** A price in dollars as entered (the pricing's fields), written the same way. */
export const formatDollars = (dollars: number) => formatCents(toCents(dollars));
