import { CURRENCY } from './constants.ts';

// Money is integer cents everywhere inside the store. Dollars appear only where a person types or
// reads them (filter bounds in a URL, a price on screen, schema.org offers), and are converted here.

/** Whole or fractional dollars (a typed filter bound) → integer cents. */
export const centsOf = (dollars: number) => Math.round(dollars * 100);

/** Cents → dollars, for dollar-valued inputs and sliders. */
export const dollarsOf = (cents: number) => cents / 100;
/** The nearest whole-dollar price (retail prices of pieces end in whole dollars). */
export const wholeDollars = (cents: number) => Math.round(cents / 100) * 100;

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
