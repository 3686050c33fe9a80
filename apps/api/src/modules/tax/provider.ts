import type { TaxLine } from '@facet/contracts/commerce';
import type { StoreSettings } from '@facet/contracts/store-settings';

/** Where the goods go: the tax owed depends on the whole address, not only its state. */
export interface TaxAddress {
  line1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface TaxRequest {
  address: TaxAddress;
  /** The merchandise shipped, after discounts (gift cards are money, not goods: never taxed). */
  goodsCents: number;
  shippingCents: number;
}

export interface TaxQuote {
  cents: number;
  /** Each jurisdiction and what it takes, as the provider said. */
  lines: TaxLine[];
  /** The provider's calculation, recorded as a transaction once the order is paid (null: nothing to record). */
  calculation: string | null;
}

/**
 * Sales tax: the store's own table of state rates (offline, the default), or a tax service that
 * knows every city, county and district rate (Stripe Tax). A provider that cannot answer throws
 * TaxUnavailable: the store then charges nothing rather than a rate it made up.
 */
export interface TaxProvider {
  readonly name: 'table' | 'stripe';
  /** Whether a state alone is enough to know the tax (the table), or the full address is needed. */
  readonly needsFullAddress: boolean;
  quote(req: TaxRequest): Promise<TaxQuote>;
  /** The paid order's tax, reported: answers the provider's transaction (null: nothing kept there). */
  record(calculation: string, orderNumber: string): Promise<string | null>;
  /** A refund's share of tax given back: all of it, or `cents` of it. */
  reverse(transaction: string, reference: string, cents: number | 'all'): Promise<void>;
}

/** The store's rate for a place inside a state, by the ZIP code's first digits (the longest that fits wins). */
export function zipRateOf(s: StoreSettings, state: string, zip: string) {
  if (!/^\d{5}/.test(zip)) return null;
  let best: StoreSettings['zipTaxRates'][number] | null = null;
  for (const r of s.zipTaxRates ?? [])
    if (r.state === state && zip.startsWith(r.zip) && (!best || r.zip.length > best.zip.length)) best = r;
  return best;
}

/**
 * What the store's table charges in `state` on `goodsCents`, as its one line (null: no rate, nothing
 * charged): the place's rate when the ZIP code is one the table names (New York City, Buffalo), else
 * the state's. Either is the store's estimate, and says so.
 */
export function tableTaxLine(s: StoreSettings, state: string, goodsCents: number, zip = ''): TaxLine | null {
  const place = zipRateOf(s, state, zip);
  const rate = place ? place.rate : (s.taxRates[state] ?? 0);
  if (!rate) return null;
  const cents = Math.round((goodsCents * rate) / 100_000);
  return { name: `${place ? place.place : state} sales tax`, percent: rate / 1000, cents, estimated: true };
}

/**
 * The table in the store's settings: a rate per state, and per place by ZIP code where the owner
 * knows it, on the merchandise only. Its line says it is the store's estimate.
 */
export function tableTaxProvider(settings: () => StoreSettings): TaxProvider {
  return {
    name: 'table',
    needsFullAddress: false,
    async quote({ address, goodsCents }) {
      const line = tableTaxLine(settings(), address.state, goodsCents, address.zip);
      return { cents: line?.cents ?? 0, lines: line ? [line] : [], calculation: null };
    },
    record: async () => null,
    reverse: async () => {},
  };
}
