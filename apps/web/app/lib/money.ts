import { CURRENCY } from '@facet/contracts/constants';

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });

/** Money arrives as integer cents; it is formatted only here, at display. */
export const formatMoney = (cents: number, opts: { exact?: boolean } = {}) =>
  (opts.exact || cents % 100 !== 0 ? exact : whole).format(cents / 100);
