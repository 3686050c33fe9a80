import { z } from 'zod';
import { addressFields, emailField } from './account.ts';
import { configureBody } from './configurator.ts';
import { onSale } from './sale.ts';
import { giftCardPurchase, giftCode, giftPayment } from './gift-cards.ts';
import { engravingChoice, engravingOnLine } from './engraving.ts';

// Cart, checkout and orders. Prices are never accepted from a client: bodies
// are strict and carry only what was chosen; the server prices every line on every read.

/** What the catalogue sells (a wishlist holds these); a cart also holds gift cards. */
export const ITEM_KINDS = ['product', 'configured', 'diamond', 'gemstone', 'melee'] as const;
/** An order's lines: what a cart sells, and a commission's own lines (a design fee, labour). */
export const LINE_KINDS = [...ITEM_KINDS, 'gift-card', 'custom'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const SERIALIZED_KINDS: readonly LineKind[] = ['diamond', 'gemstone'];
export const QTY_MAX = 10;
/** Melee is sold in parcels of this many stones. */
export const MELEE_PARCEL_STONES = 25;

const id = z.number().int().positive().max(2_147_483_647);
const quantity = z
  .number()
  .int()
  .min(1, 'Quantity must be at least 1')
  .max(QTY_MAX, `You can order up to ${QTY_MAX} of an item. For more, please contact us.`);

export const addItemBody = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('product'), id, quantity: quantity.default(1), engraving: engravingChoice.optional() })
    .strict(),
  z
    .object({
      kind: z.literal('configured'),
      configuration: configureBody,
      quantity: quantity.default(1),
      engraving: engravingChoice.optional(),
    })
    .strict(),
  z.object({ kind: z.literal('diamond'), id }).strict(),
  z.object({ kind: z.literal('gemstone'), id }).strict(),
  z.object({ kind: z.literal('melee'), id, quantity: quantity.default(1) }).strict(),
  z.object({ kind: z.literal('gift-card'), card: giftCardPurchase }).strict(),
]);
export type AddItemInput = z.input<typeof addItemBody>;
export const updateItemBody = z.object({ quantity }).strict();

export const stoneAlternative = z.object({ title: z.string(), href: z.string(), priceCents: z.number().int() });
export type StoneAlternative = z.infer<typeof stoneAlternative>;

export const cartLine = z.object({
  id: z.number().int(),
  kind: z.enum(LINE_KINDS),
  /** What the line holds, e.g. "diamond:123": adding the same again adds to this line. */
  key: z.string(),
  title: z.string(),
  /** What was chosen, one short line each (metal, size, center stone…). */
  details: z.array(z.string()),
  image: z.string(),
  href: z.string().nullable(),
  quantity: z.number().int(),
  maxQuantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The unit price before an automatic sale, and the sale. */
  ...onSale,
  /** The words to engrave (their price is in the unit price). */
  engraving: engravingOnLine.optional(),
  available: z.boolean(),
  /** Why a line cannot be bought now (stone sold, piece withdrawn). */
  message: z.string().nullable(),
  /** A sold diamond's three closest still on sale (same shape and origin, carat ±10 %, grades ±1, price ±15 %). */
  alternatives: z.array(stoneAlternative).optional(),
});
export type CartLine = z.infer<typeof cartLine>;

export const SHIPPING_METHODS = ['standard', 'express', 'overnight'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const shippingOption = z.object({
  method: z.enum(SHIPPING_METHODS),
  label: z.string(),
  days: z.string(),
  cents: z.number().int(),
});
export type ShippingOption = z.infer<typeof shippingOption>;

/** One jurisdiction's share of the sales tax ("New York City sales tax", 4.5 %, $45.00). */
export const taxLine = z.object({
  name: z.string(),
  /** The rate exactly as the jurisdiction sets it, in percent (0.375 for the commuter district's). */
  percent: z.number().nonnegative(),
  cents: z.number().int(),
  /** The store's own rate for the whole state (its table), not the address's exact one: an estimate. */
  estimated: z.boolean().optional(),
});
export type TaxLine = z.infer<typeof taxLine>;

export const totals = z.object({
  subtotalCents: z.number().int(),
  /** What a discount code takes off (0: none), and the code as the shopper reads it. */
  discountCents: z.number().int(),
  discountLabel: z.string().nullable(),
  shippingCents: z.number().int(),
  /**
   * The carrier prices shipping for the address, not known yet (the address is not complete):
   * shipping is "calculated at checkout", 0 here and not in the total.
   */
  shippingPending: z.boolean().optional(),
  taxCents: z.number().int(),
  /**
   * Null until the destination is known well enough to work the tax out (the state with the
   * store's table; the whole address with a tax service): tax is shown as "calculated at checkout".
   */
  taxState: z.string().nullable(),
  /** The jurisdictions the tax was worked out for (empty: none, or not yet known). */
  taxLines: z.array(taxLine),
  totalCents: z.number().int(),
});
export type Totals = z.infer<typeof totals>;

export const cartSchema = z.object({
  lines: z.array(cartLine),
  count: z.number().int(),
  checkoutReady: z.boolean(),
  shippingOptions: z.array(shippingOption),
  freeShippingOverCents: z.number().int(),
  totals,
  /** The code the shopper entered, and why it takes nothing off now (null when it applies). */
  /** Each code entered, in order, with why it does not apply now (null: it takes something off). */
  discountCodes: z.array(z.object({ code: z.string(), note: z.string().nullable() })),
});
export type Cart = z.infer<typeof cartSchema>;
export const discountCodeBody = z
  .object({ code: z.string().trim().min(1, 'Type the code').max(40, 'Codes are at most 40 characters') })
  .strict();
/** DELETE /cart/discount: one code off the cart, or (without `code`) every code. */
export const removeCodeQuery = z.object({ code: z.string().trim().min(1).max(40).optional() }).strict();

export const cartQuery = z
  .object({
    state: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    /** The rest of the shipping address, for the tax owed there (a tax service needs all of it). */
    zip: z
      .string()
      .regex(/^\d{5}(-\d{4})?$/)
      .optional(),
    city: z.string().trim().min(1).max(80).optional(),
    line1: z.string().trim().min(1).max(120).optional(),
    shipping: z.enum(SHIPPING_METHODS).optional(),
  })
  .strict();

// --- Checkout ---
/** The payment brand of an exchange's replacement paid wholly by the credit of what came back. */
export const EXCHANGE_CREDIT = 'Exchange credit';
/** How a payment reads to people: "Visa ending 4242", or the exchange credit that paid it. */
export const paymentText = (p: { brand: string; last4: string }) =>
  p.brand === EXCHANGE_CREDIT ? 'Credit for returned pieces' : `${p.brand || 'Card'} ending ${p.last4}`;

/**
 * A payment asked for by link (a service estimate, an exchange's difference): with Stripe the first
 * ask answers this for the browser to confirm; asked again after, the server checks it with Stripe.
 */
export const browserPayment = z.object({ clientSecret: z.string(), publishableKey: z.string() });
export type BrowserPayment = z.infer<typeof browserPayment>;

export const cardBody = z
  .object({
    name: z.string().trim().min(2, 'Please enter the name on the card').max(100),
    number: z
      .string()
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Please enter a valid card number')),
    expMonth: z.number().int().min(1, 'Invalid expiry month').max(12, 'Invalid expiry month'),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, 'Please enter the 3 or 4 digit security code'),
  })
  .strict();

const orderAddress = addressFields.strict();
export const placeOrderBody = z
  .object({
    email: emailField,
    shippingAddress: orderAddress,
    /** Absent: billing is the shipping address. */
    billingAddress: orderAddress.optional(),
    shippingMethod: z.enum(SHIPPING_METHODS),
    /** The card, with the built-in test provider. With Stripe it is absent: the browser pays Stripe directly. */
    card: cardBody.optional(),
    /** Signed-in shoppers may keep a new shipping address in their address book. */
    saveAddress: z.boolean().optional(),
    /**
     * The total the shopper saw on the review step. Never used to charge: if the server's total
     * differs (a price moved), the order is refused with 409 so they can review again.
     */
    expectedTotalCents: z.number().int().nonnegative().optional(),
    /** Gift card codes to pay with first, in this order; a card (or Stripe) pays the rest. */
    giftCards: z.array(giftCode).max(5, 'At most 5 gift cards on one order').optional(),
    /** 'layaway': a deposit now and the rest in instalments on the store's terms (orders over its threshold). */
    plan: z.enum(['full', 'layaway']).optional(),
  })
  .strict();
export type PlaceOrderInput = z.input<typeof placeOrderBody>;

const addressOut = addressFields.extend({ state: z.string(), country: z.string() });
export const orderLine = z.object({
  kind: z.enum(LINE_KINDS),
  title: z.string(),
  details: z.array(z.string()),
  image: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The unit price before an automatic sale, and its name. */
  wasUnitCents: z.number().int().optional(),
  saleName: z.string().optional(),
  /** The discount code's share of the line (absent: none). */
  discountCents: z.number().int().optional(),
  /** The words engraved, as typed (their price is in the unit price). */
  engraving: engravingOnLine.optional(),
});
export const orderSchema = z.object({
  number: z.string(),
  status: z.string(),
  placedAt: z.string(),
  email: z.string(),
  lines: z.array(orderLine),
  shippingAddress: addressOut,
  billingAddress: addressOut,
  shipping: shippingOption,
  totals,
  /** Gift cards that paid part or all of the total; the payment below paid the rest. */
  giftCards: z.array(giftPayment).optional(),
  /** An exchange's replacement: paid by the credit of the pieces sent back (the payment below paid the rest). */
  exchangeCreditCents: z.number().int().optional(),
  payment: z.object({
    brand: z.string(),
    last4: z.string(),
    /** 'pending': the shopper still pays the provider (Stripe) with `clientSecret` before `expiresAt`. */
    state: z.enum(['pending', 'authorized', 'paid', 'expired', 'refunded']).optional(),
    clientSecret: z.string().optional(),
    publishableKey: z.string().optional(),
    expiresAt: z.string().optional(),
  }),
  /** Paid in parts (a commission's deposit): paid so far, and the balance asked for when the piece is ready. */
  balance: z.object({ paidCents: z.number().int(), dueCents: z.number().int() }).optional(),
  /** On layaway: the deposit paid, each instalment (its day, amount and state), the card charged for them. */
  plan: z
    .object({
      depositCents: z.number().int(),
      instalments: z.array(
        z.object({
          seq: z.number().int(),
          dueOn: z.string(),
          amountCents: z.number().int(),
          /** 'late': its day has passed and it is not paid (tried again daily until the grace period ends). */
          state: z.enum(['due', 'late', 'paid', 'cancelled']),
          paidAt: z.string().nullable(),
        }),
      ),
      /** "Visa ending 4242": charged on each day; null: paid at the e-mailed link. */
      card: z.string().nullable(),
      graceDays: z.number().int(),
      feeCents: z.number().int(),
    })
    .optional(),
  /** A supplier's stone in it: the card is authorised, charged once the supplier confirms (by this time). */
  supplierConfirmBy: z.string().optional(),
  /** What happened since it was placed, as the customer may see it (status steps, tracking, refunds). */
  timeline: z
    .array(z.object({ at: z.string(), label: z.string(), detail: z.string().optional(), url: z.string().optional() }))
    .optional(),
  /** Opens the order without signing in (the confirmation e-mail's link); only in the answer to POST /order. */
  accessToken: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderSummary = z.object({
  number: z.string(),
  status: z.string(),
  placedAt: z.string(),
  itemCount: z.number().int(),
  totalCents: z.number().int(),
  image: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const ORDER_NUMBER_RE = /^FCT-[0-9A-HJKMNP-TV-Z]{8}$/;
export const TEST_CARDS = { approve: '4242424242424242', decline: '4000000000000002' } as const;
