import type { AddressCheck } from '@facet/contracts/shipping';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { MethodRates, ShipAddress, ShippingProvider } from './provider.ts';

// What the carrier says before a sale: the checkout's rates for a parcel, and whether an address is
// deliverable. Carts and orders ask it; shipping (labels, tracking) comes after them.

/** What is in the box: its weight (the packed box, and an ounce a piece) and what it is worth. */
export const parcelOf = (settings: StoreSettings, goods: { valueCents: number; pieces: number }) => ({
  ounces: settings.parcelOunces + Math.max(1, goods.pieces),
  valueCents: Math.max(0, goods.valueCents),
});

/**
 * The store's methods priced by the carrier for this parcel to this address; null when the store
 * ships at its own prices, or the address is not complete yet (the prices then are the store's, as
 * an estimate the review step replaces). Throws ShippingUnavailable when the carrier cannot answer.
 */
export async function quoteRates(
  provider: ShippingProvider,
  settings: StoreSettings,
  to: { line1?: string; line2?: string; city?: string; state?: string; zip?: string; country?: string },
  goods: { valueCents: number; pieces: number },
): Promise<MethodRates | null> {
  if (provider.name === 'fixed' || !to.line1 || !to.city || !to.state || !to.zip) return null;
  if (goods.pieces === 0) return null;
  return provider.rates(
    {
      name: 'Rates',
      line1: to.line1,
      line2: to.line2,
      city: to.city,
      state: to.state,
      zip: to.zip,
      country: to.country ?? 'US',
    },
    parcelOf(settings, goods),
  );
}

/**
 * The checkout's rates, from the app's carrier service and the store's settings now; undefined
 * without a carrier (the store's own prices answer, and nothing is asked ahead of an order).
 */
export const ratesFrom = (app: { shipping: ShippingProvider; storeSettings: { current(): StoreSettings } }) =>
  app.shipping.name === 'fixed'
    ? undefined
    : (to: Parameters<typeof quoteRates>[2], goods: { valueCents: number; pieces: number }) =>
        quoteRates(app.shipping, app.storeSettings.current(), to, goods);

export const checkAddress = (provider: ShippingProvider, to: ShipAddress): Promise<AddressCheck> => provider.check(to);
