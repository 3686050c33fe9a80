import type { ShippingMethod, ShippingOption, TaxLine, Totals } from '@facet/contracts/commerce';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { MethodRates } from '../carrier/index.ts';
import { tableTaxLine, type TaxAddress, type TaxProvider } from '../tax/index.ts';

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
  rates: MethodRates | null = null,
): ShippingOption[] {
  const { shipping, freeShippingOverCents } = settings;
  const free = freeByCode || subtotalCents >= freeShippingOverCents;
  // With a carrier's rates, each method is what the carrier charges for this parcel to this
  // address, and a method it does not offer there is not offered; the store's name stays.
  return (['standard', 'express', 'overnight'] as const).flatMap((method) => {
    const quoted = rates?.[method];
    if (rates && !quoted) return [];
    const cents = quoted?.cents ?? shipping[method].cents;
    return [
      {
        method,
        label: shipping[method].label,
        days: quoted?.days || shipping[method].days,
        cents: nothingToShip || (method === 'standard' && free) ? 0 : cents,
      },
    ];
  });
}

/** Gift cards are paid-for money, not goods: no sales tax, no shipping, never discounted. */
export const giftCardCentsOf = (lines: ReadonlyArray<{ kind: string; lineTotalCents: number; available?: boolean }>) =>
  lines.filter((l) => l.kind === 'gift-card' && l.available !== false).reduce((s, l) => s + l.lineTotalCents, 0);

/**
 * Tax applies to the merchandise after any discount; rounding is half-up to the cent, once, on the
 * order. A free-shipping code makes standard shipping free, as the threshold does; the threshold
 * counts the merchandise after the discount.
 *
 * `tax`: what a tax provider said for the address (then `state` only labels it); undefined: the
 * store's table for `state`; null: not known yet (no tax in the total, "calculated at checkout").
 */
export function computeTotals(
  settings: StoreSettings,
  subtotalCents: number,
  method: ShippingMethod,
  state: string | null,
  discount: { cents: number; freeShipping: boolean; label: string } | null = null,
  giftCardCents = 0,
  tax?: { cents: number; lines: TaxLine[] } | null,
  rates: MethodRates | null = null,
): Totals {
  const discountCents = Math.min(discount?.cents ?? 0, subtotalCents - giftCardCents);
  const goods = subtotalCents - discountCents;
  const shipped = goods - giftCardCents;
  const options = shippingOptions(settings, shipped, discount?.freeShipping, shipped === 0 && giftCardCents > 0, rates);
  // A method the carrier does not offer to this address: the first it does (the order refuses it).
  const shippingCents = (options.find((o) => o.method === method) ?? options[0])?.cents ?? 0;
  const table = state ? tableTaxLine(settings, state, shipped) : null;
  const known = tax !== null && state !== null;
  const taxCents = !known ? 0 : tax ? tax.cents : (table?.cents ?? 0);
  const taxLines: TaxLine[] = !known ? [] : tax ? tax.lines : table ? [table] : [];
  return {
    subtotalCents,
    discountCents,
    discountLabel: discount?.label ?? null,
    shippingCents,
    taxCents,
    taxState: known ? state : null,
    taxLines,
    totalCents: goods + shippingCents + taxCents,
  };
}

/** A destination as far as the shopper has typed it: only the state, or the whole address. */
export type Destination = Partial<Omit<TaxAddress, 'country'>> & { country?: string; line2?: string };

/** The carrier's prices for the parcel to this address (null: the store's own prices). */
export type RatesSource = (
  to: Destination,
  goods: { valueCents: number; pieces: number },
) => Promise<MethodRates | null>;

/** What is shipped: the pieces (gift cards travel by e-mail) and their worth after the discount. */
export const shippedGoods = (
  lines: ReadonlyArray<{ kind: string; quantity: number; lineTotalCents: number; available?: boolean }>,
  discountCents: number,
) => {
  const goods = lines.filter((l) => l.kind !== 'gift-card' && l.available !== false);
  return {
    valueCents: Math.max(0, goods.reduce((s, l) => s + l.lineTotalCents, 0) - discountCents),
    pieces: goods.reduce((s, l) => s + l.quantity, 0),
  };
};

/**
 * The totals with the tax owed at the destination, from the store's tax provider: the table needs
 * the state; a tax service needs the whole address, and until then the tax is "calculated at
 * checkout". Answers the provider's calculation too (recorded once the order is paid). A provider
 * that cannot answer throws TaxUnavailable.
 */
export async function taxedTotals(
  tax: TaxProvider,
  settings: StoreSettings,
  subtotalCents: number,
  method: ShippingMethod,
  to: Destination,
  discount: { cents: number; freeShipping: boolean; label: string } | null = null,
  giftCardCents = 0,
  rates: MethodRates | null = null,
): Promise<{ totals: Totals; calculation: string | null }> {
  const state = to.state ?? null;
  const base = computeTotals(settings, subtotalCents, method, state, discount, giftCardCents, null, rates);
  const address =
    state && to.zip && to.city && to.line1
      ? { line1: to.line1, city: to.city, state, zip: to.zip, country: to.country ?? 'US' }
      : null;
  if (!state || (tax.needsFullAddress && !address)) return { totals: base, calculation: null };
  const goodsCents = base.subtotalCents - base.discountCents - giftCardCents;
  // Nothing taxable (gift cards alone): no call to make.
  if (goodsCents <= 0 && base.shippingCents === 0)
    return {
      totals: computeTotals(
        settings,
        subtotalCents,
        method,
        state,
        discount,
        giftCardCents,
        { cents: 0, lines: [] },
        rates,
      ),
      calculation: null,
    };
  const quote = await tax.quote({
    // The ZIP code alone already names a place the store's table may know.
    address: address ?? { line1: '', city: '', state, zip: to.zip ?? '', country: 'US' },
    goodsCents,
    shippingCents: base.shippingCents,
  });
  return {
    totals: computeTotals(settings, subtotalCents, method, state, discount, giftCardCents, quote, rates),
    calculation: quote.calculation,
  };
}
