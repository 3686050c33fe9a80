// The promises the store makes — shipping times and prices, the free-shipping threshold, how long
// made-to-order pieces take, the return window — come from configuration (apps/api config.ts) as
// one object, and every page, policy and e-mail renders them from it. Nothing here loads zod, so
// catalogue pages can use it.

import { formatMoney } from './money.ts';

export type ShippingMethodKey = 'standard' | 'express' | 'overnight';

export interface StoreFacts {
  freeShippingOverCents: number;
  shipping: Record<ShippingMethodKey, { label: string; days: string; cents: number }>;
  /** Who prices each method: the store (the prices above), or the carrier for each address at checkout. */
  shippingPricedBy?: 'store' | 'carrier';
  /** Parcels worth this or more are signed for on delivery (0: every parcel). */
  signatureOverCents?: number;
  /** Business days to make a made-to-order piece before it ships: [from, to]. */
  madeToOrderDays: [number, number];
  returnDays: number;
  /** Days after delivery within which a ring bought here is resized free, once. */
  freeResizeDays: number;
  /** Restocking fee, in percent, on returned made-to-order (configured) rings. */
  madeToOrderRestockingPercent: number;
  /** When the store is open, Sunday first; null: closed that day. */
  openingHours: Array<{ open: string; close: string } | null>;
  /** The store's clock (an IANA zone): opening hours and appointment times are on it. */
  timezone: string;
  /** The line shown above every page, its facts filled in; null when off. */
  announcement: { text: string; href: string | null } | null;
  /** Where stones' 360° videos may play from (Store settings): a video elsewhere is not shown. */
  videoOrigins: string[];
  /** Layaway as the store offers it (Store settings); null: not offered. */
  layaway?: LayawayTerms | null;
  /** Hours the store takes to confirm a supplier's stone before its authorisation is voided. */
  supplierConfirmHours?: number;
  /** Who takes the card: the built-in test provider (fields on our page) or Stripe (its Payment Element). */
  payment: { provider: 'test' } | { provider: 'stripe'; publishableKey: string; holdMinutes: number };
}

export interface LayawayTerms {
  overCents: number;
  depositPercent: number;
  weeks: number;
  everyWeeks: number;
  graceDays: number;
  feeCents: number;
}

/** "within 2 business days": a supplier's stone is confirmed (or its hold voided) within the store's hours. */
export const supplierConfirmText = (f: Pick<StoreFacts, 'supplierConfirmHours'>) => {
  const days = Math.max(1, Math.ceil((f.supplierConfirmHours ?? 48) / 24));
  return `Confirmed with the supplier within ${days} business day${days === 1 ? '' : 's'}`;
};
const everyText = (w: number) => (w === 1 ? 'every week' : `every ${w} weeks`);

/**
 * The ways to pay the store takes, as the footer shows them: what the configured provider accepts
 * at checkout, nothing more. The test provider takes a typed card; Stripe's payment form takes cards
 * and, where the shopper's device has it, Apple Pay. No provider here takes PayPal.
 */
export const CARD_NETWORKS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;
export const acceptedPayments = (payment: StoreFacts['payment']): string[] =>
  payment.provider === 'stripe' ? [...CARD_NETWORKS, 'Apple Pay'] : [...CARD_NETWORKS];

/** How long a made-to-order piece takes, with any days its engraving adds. */
export const madeToOrderText = (f: Pick<StoreFacts, 'madeToOrderDays'>, extraDays = 0) =>
  `${f.madeToOrderDays[0] + extraDays}–${f.madeToOrderDays[1] + extraDays} business days`;
/**
 * What shipping a piece at this price costs, said truthfully: free only when the piece alone
 * reaches the threshold; otherwise the threshold itself.
 */
export const freeShippingText = (f: StoreFacts, priceCents?: number) =>
  priceCents !== undefined && priceCents >= f.freeShippingOverCents
    ? 'free insured shipping'
    : `free insured shipping on orders over ${formatMoney(f.freeShippingOverCents)}`;
export const returnsText = (f: StoreFacts) => `${f.returnDays}-day returns on unworn pieces`;
/** Whether a ring is resized free once after delivery (settings), or cannot be resized at all (eternity bands). */
export const resizeText = (f: Pick<StoreFacts, 'freeResizeDays'>, resizable: boolean) =>
  resizable
    ? f.freeResizeDays > 0
      ? `First resize free within ${f.freeResizeDays} days of delivery`
      : null
    : 'Cannot be resized (stones all the way round): check the size before you order';
/** Whether a parcel worth `cents` is signed for on delivery (the store's threshold). */
export const signedFor = (f: Pick<StoreFacts, 'signatureOverCents'>, cents: number) =>
  cents >= (f.signatureOverCents ?? 0);

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** "18:30" → "6:30 pm", "10:00" → "10 am". */
const clockText = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`;
};
/** "ET" for New York, else the zone's short name at that moment. */
export const zoneShort = (tz: string, at = Date.now()) =>
  new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace(/^E[SD]T$/, 'ET')
    .replace(/^C[SD]T$/, 'CT')
    .replace(/^P[SD]T$/, 'PT');

/** The week's hours said briefly, days with the same hours together: "Mon–Fri 10 am – 6 pm; Sat 10 am – 4 pm ET". */
export function hoursText(f: Pick<StoreFacts, 'openingHours' | 'timezone'>): string {
  // Monday first, as people read a week; runs of days with the same hours are one phrase.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const runs: Array<{ from: number; to: number; hours: string }> = [];
  for (const d of order) {
    const h = f.openingHours[d];
    const hours = h ? `${clockText(h.open)} – ${clockText(h.close)}` : '';
    const last = runs.at(-1);
    if (last && last.hours === hours && order.indexOf(last.to) === order.indexOf(d) - 1) last.to = d;
    else runs.push({ from: d, to: d, hours });
  }
  const open = runs.filter((r) => r.hours);
  if (!open.length) return 'By appointment';
  const days = (r: (typeof runs)[number]) =>
    r.from === r.to ? SHORT_DAYS[r.from] : `${SHORT_DAYS[r.from]}–${SHORT_DAYS[r.to]}`;
  return `${open.map((r) => `${days(r)} ${r.hours}`).join('; ')} ${zoneShort(f.timezone)}`;
}

/** What `{{name}}` stands for in content (policies): each a sentence-ready phrase. */
export function factPhrases(f: StoreFacts): Record<string, string> {
  // Priced by the carrier, a method's price and time are what it quotes for the address at checkout.
  const carrier = f.shippingPricedBy === 'carrier';
  const days = (k: ShippingMethodKey) => (carrier ? 'as quoted at checkout for your address' : f.shipping[k].days);
  const price = (k: ShippingMethodKey) =>
    carrier ? 'the carrier’s rate for your address, shown at checkout' : formatMoney(f.shipping[k].cents);
  const signatureOver = f.signatureOverCents ?? 0;
  return {
    freeShippingOver: formatMoney(f.freeShippingOverCents),
    standardLabel: f.shipping.standard.label,
    standardDays: days('standard'),
    standardPrice: price('standard'),
    expressLabel: f.shipping.express.label,
    expressDays: days('express'),
    expressPrice: price('express'),
    overnightLabel: f.shipping.overnight.label,
    overnightDays: days('overnight'),
    overnightPrice: price('overnight'),
    signatureRule:
      signatureOver > 0
        ? `Packages worth ${formatMoney(signatureOver)} or more require an adult signature`
        : 'Every package requires an adult signature',
    madeToOrderDays: madeToOrderText(f),
    returnDays: String(f.returnDays),
    freeResizeDays: String(f.freeResizeDays),
    restockingPercent: `${f.madeToOrderRestockingPercent}%`,
    openingHours: hoursText(f),
    ...layawayPhrases(f.layaway ?? null),
    supplierConfirm: supplierConfirmText(f).replace(/^Confirmed/, 'confirmed'),
  };
}

/** Layaway's terms as policy sentences read them; when it is not offered they say so rather than vanish. */
function layawayPhrases(l: LayawayTerms | null): Record<string, string> {
  if (!l)
    return {
      layawayTerms: 'We do not offer layaway at the moment: orders are paid in full at checkout.',
      layawayOver: 'not offered',
      layawayDeposit: 'not offered',
      layawayWeeks: 'not offered',
      layawayEvery: 'not offered',
      layawayGraceDays: 'not offered',
      layawayFee: 'not offered',
    };
  return {
    layawayTerms: `Orders of ${formatMoney(l.overCents)} or more may be paid on layaway: a deposit of ${l.depositPercent}% at checkout, then the rest in equal payments ${everyText(l.everyWeeks)} over ${l.weeks} weeks, charged on their days to the card that paid the deposit (or paid at the link we e-mail). What you buy is set aside for you (its stones off sale) when the deposit is paid, and it ships once it is paid in full. A payment we cannot take is tried again the next day and we e-mail you; a payment still unpaid ${l.graceDays} days after its day cancels the order, and we refund everything paid except a cancellation fee of ${formatMoney(l.feeCents)}.`,
    layawayOver: formatMoney(l.overCents),
    layawayDeposit: `${l.depositPercent}%`,
    layawayWeeks: String(l.weeks),
    layawayEvery: everyText(l.everyWeeks),
    layawayGraceDays: String(l.graceDays),
    layawayFee: formatMoney(l.feeCents),
  };
}

/** Fills `{{name}}` placeholders; an unknown name throws, so a typo never reaches a shopper. */
export function fillFacts(text: string, f: StoreFacts): string {
  const phrases = factPhrases(f);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => {
    const value = phrases[name];
    if (value === undefined) throw new Error(`Unknown store fact {{${name}}}`);
    return value;
  });
}

/**
 * A count said in copy: never more than there is. 10,400 → "10,000+", 2,580 → "2,000+", 37 → "37".
 */
export function countPhrase(n: number): string {
  if (n < 100) return String(n);
  const unit = 10 ** (String(Math.floor(n)).length - 1);
  const floor = Math.floor(n / unit) * unit;
  return `${floor.toLocaleString('en-US')}${floor < n ? '+' : ''}`;
}
