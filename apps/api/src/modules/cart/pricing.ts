import type { ShippingMethod, ShippingOption, Totals } from '@facet/contracts/commerce';
import type { Config } from '../../config.ts';

// Shipping and sales tax: pure functions of the subtotal, the method, the state and the config.

const LABELS: Record<ShippingMethod, { label: string; days: string }> = {
  standard: { label: 'Insured standard', days: '5–7 business days' },
  express: { label: 'Insured express', days: '2–3 business days' },
  overnight: { label: 'Insured overnight', days: 'Next business day' },
};

export function shippingOptions(config: Config, subtotalCents: number): ShippingOption[] {
  const [standard, express, overnight] = config.SHIPPING_CENTS.split(',').map(Number) as [number, number, number];
  const free = subtotalCents >= config.FREE_SHIPPING_OVER_CENTS;
  return [
    { method: 'standard', ...LABELS.standard, cents: free ? 0 : standard },
    { method: 'express', ...LABELS.express, cents: express },
    { method: 'overnight', ...LABELS.overnight, cents: overnight },
  ];
}

const taxTables = new WeakMap<Config, Record<string, number>>();
export function taxRateBp(config: Config, state: string): number {
  let table = taxTables.get(config);
  if (!table) { table = JSON.parse(config.TAX_RATES_BP) as Record<string, number>; taxTables.set(config, table); }
  return table[state] ?? 0;
}

/** Tax applies to the merchandise; rounding is half-up to the cent, once, on the order. */
export function computeTotals(config: Config, subtotalCents: number, method: ShippingMethod, state: string | null): Totals {
  const shippingCents = shippingOptions(config, subtotalCents).find((o) => o.method === method)!.cents;
  const taxCents = state ? Math.round((subtotalCents * taxRateBp(config, state)) / 10_000) : 0;
  return { subtotalCents, shippingCents, taxCents, taxState: state, totalCents: subtotalCents + shippingCents + taxCents };
}
