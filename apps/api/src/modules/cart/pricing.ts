import type { ShippingMethod, ShippingOption, Totals } from '@facet/contracts/commerce';
import type { StoreSettings } from '@facet/contracts/store-settings';

// Shipping and sales tax: pure functions of the subtotal, the method, the state and the store's settings.

export function shippingOptions(settings: StoreSettings, subtotalCents: number): ShippingOption[] {
  const { shipping, freeShippingOverCents } = settings;
  const free = subtotalCents >= freeShippingOverCents;
  return (['standard', 'express', 'overnight'] as const).map((method) => ({
    method,
    ...shipping[method],
    cents: method === 'standard' && free ? 0 : shipping[method].cents,
  }));
}

export const taxRateBp = (settings: StoreSettings, state: string): number => settings.taxRatesBp[state] ?? 0;

/** Tax applies to the merchandise; rounding is half-up to the cent, once, on the order. */
export function computeTotals(
  settings: StoreSettings,
  subtotalCents: number,
  method: ShippingMethod,
  state: string | null,
): Totals {
  const shippingCents = shippingOptions(settings, subtotalCents).find((o) => o.method === method)!.cents;
  const taxCents = state ? Math.round((subtotalCents * taxRateBp(settings, state)) / 10_000) : 0;
  return {
    subtotalCents,
    shippingCents,
    taxCents,
    taxState: state,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}
