import type { ShippingMethod, ShippingOption, Totals } from '@facet/contracts/commerce';
import type { Config } from '../../config.ts';
import { storeFacts } from '../../store-facts.ts';

// Shipping and sales tax: pure functions of the subtotal, the method, the state and the config.

export function shippingOptions(config: Config, subtotalCents: number): ShippingOption[] {
  const { shipping, freeShippingOverCents } = storeFacts(config);
  const free = subtotalCents >= freeShippingOverCents;
  return (['standard', 'express', 'overnight'] as const).map((method) => ({
    method,
    ...shipping[method],
    cents: method === 'standard' && free ? 0 : shipping[method].cents,
  }));
}

const taxTables = new WeakMap<Config, Record<string, number>>();
export function taxRateBp(config: Config, state: string): number {
  let table = taxTables.get(config);
  if (!table) {
    table = JSON.parse(config.TAX_RATES_BP) as Record<string, number>;
    taxTables.set(config, table);
  }
  return table[state] ?? 0;
}

/** Tax applies to the merchandise; rounding is half-up to the cent, once, on the order. */
export function computeTotals(
  config: Config,
  subtotalCents: number,
  method: ShippingMethod,
  state: string | null,
): Totals {
  const shippingCents = shippingOptions(config, subtotalCents).find((o) => o.method === method)!.cents;
  const taxCents = state ? Math.round((subtotalCents * taxRateBp(config, state)) / 10_000) : 0;
  return {
    subtotalCents,
    shippingCents,
    taxCents,
    taxState: state,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}
