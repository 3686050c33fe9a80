import type { ShippingMethod, ShippingOption, Totals } from '@facet/contracts/commerce';
import type { StoreSettings } from '@facet/contracts/store-settings';

// Shipping and sales tax: pure functions of the subtotal, the method, the state and the store's settings.

/**
 * The methods and their prices: standard is free over the threshold, or with a free-shipping code;
 * all are free when nothing is shipped (gift cards alone arrive by e-mail). `subtotalCents` is what
 * is shipped, after any discount.
 */
export function shippingOptions(
  settings: StoreSettings,
  subtotalCents: number,
  freeByCode = false,
  nothingToShip = false,
): ShippingOption[] {
  const { shipping, freeShippingOverCents } = settings;
  const free = freeByCode || subtotalCents >= freeShippingOverCents;
  return (['standard', 'express', 'overnight'] as const).map((method) => ({
    method,
    ...shipping[method],
    cents: nothingToShip || (method === 'standard' && free) ? 0 : shipping[method].cents,
  }));
}

/** Gift cards are paid-for money, not goods: no sales tax, no shipping, never discounted. */
export const giftCardCentsOf = (lines: ReadonlyArray<{ kind: string; lineTotalCents: number; available?: boolean }>) =>
  lines.filter((l) => l.kind === 'gift-card' && l.available !== false).reduce((s, l) => s + l.lineTotalCents, 0);

export const taxRateBp = (settings: StoreSettings, state: string): number => settings.taxRatesBp[state] ?? 0;

/**
 * Tax applies to the merchandise after any discount; rounding is half-up to the cent, once, on the
 * order. A free-shipping code makes standard shipping free, as the threshold does; the threshold
 * counts the merchandise after the discount.
 */
export function computeTotals(
  settings: StoreSettings,
  subtotalCents: number,
  method: ShippingMethod,
  state: string | null,
  discount: { cents: number; freeShipping: boolean; label: string } | null = null,
  giftCardCents = 0,
): Totals {
  const discountCents = Math.min(discount?.cents ?? 0, subtotalCents - giftCardCents);
  const goods = subtotalCents - discountCents;
  const shipped = goods - giftCardCents;
  const shippingCents = shippingOptions(
    settings,
    shipped,
    discount?.freeShipping,
    shipped === 0 && giftCardCents > 0,
  ).find((o) => o.method === method)!.cents;
  const taxCents = state ? Math.round((shipped * taxRateBp(settings, state)) / 10_000) : 0;
  return {
    subtotalCents,
    discountCents,
    discountLabel: discount?.label ?? null,
    shippingCents,
    taxCents,
    taxState: state,
    totalCents: goods + shippingCents + taxCents,
  };
}
