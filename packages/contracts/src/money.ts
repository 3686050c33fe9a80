import { CURRENCY } from './constants.ts';

// Money is integer cents everywhere inside the store. Dollars appear only where a person types or
// reads them (filter bounds in a URL, a price on screen, schema.org offers), and are converted here.

/** Whole or fractional dollars (a typed filter bound) → integer cents. */
export const centsOf = (dollars: number) => Math.round(dollars * 100);

/** Cents → dollars, for dollar-valued inputs and sliders. */
export const dollarsOf = (cents: number) => cents / 100;
/** How a price the store works out (from cost, metal weight, a percentage) ends. */
export const ROUNDINGS = ['cent', 'dollar', 'end-0', 'end-9'] as const;
export type Rounding = (typeof ROUNDINGS)[number];
export const ROUNDING_LABELS: Record<Rounding, string> = {
  cent: 'to the cent',
  dollar: 'up to a whole dollar',
  'end-0': 'up to a price ending in 0',
  'end-9': 'up to a price ending in 9',
};
/** The same rules as the store's setting applies them: to the nearest such price, either way. */
export const NEAREST_ROUNDING_LABELS: Record<Rounding, string> = {
  cent: 'To the cent',
  dollar: 'To the nearest dollar',
  'end-0': 'To the nearest price ending in 0',
  'end-9': 'To the nearest price ending in 9',
};

/**
 * A worked-out price, ending as the rule says: to the cent, the dollar, a dollar amount ending in 0,
 * or in 9. 'up' never falls below what it was worked out as (retail from a supplier's cost); 'nearest'
 * goes either way, so a metal price moved up and back leaves a price where it was. The one rule for
 * every worked-out price (the database's copy, for prices moved in SQL, is tested against it).
 */
export function roundPrice(cents: number, rounding: Rounding, direction: 'up' | 'nearest' = 'up'): number {
  const step = direction === 'up' ? Math.ceil : Math.round;
  const dollars = dollarsOf(direction === 'up' ? Math.ceil(cents) : cents);
  if (rounding === 'cent') return step(cents);
  if (rounding === 'dollar') return centsOf(step(dollars));
  if (rounding === 'end-0') return centsOf(step(dollars / 10) * 10);
  const nine = step((dollars + 1) / 10) * 10 - 1;
  // Under $9 there is no lower price ending in 9: the next one up.
  return centsOf(nine > 0 ? nine : 9);
}

/** Cents → the decimal string schema.org and payment providers expect ("1234.50"). */
export const decimalPrice = (cents: number) => (cents / 100).toFixed(2);

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });

/** "$1,250" for whole dollars, "$1,250.50" otherwise; `exact` always shows cents (receipts, totals). */
export const formatMoney = (cents: number, opts: { exact?: boolean } = {}) =>
  (opts.exact || cents % 100 !== 0 ? exact : whole).format(cents / 100);

/** A rate in basis points as staff type it, in percent: 888 → "8.88". */
export const percentOfBp = (bp: number) => (bp / 100).toFixed(2);
/** A percent typed by staff, in basis points: "8.875" → 888 (to the nearest point). */
export const bpOfPercent = (percent: number) => Math.round(percent * 100);
