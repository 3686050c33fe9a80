import { getTableColumns, sql } from 'drizzle-orm';
import type { TaxLine } from '@facet/contracts/commerce';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EngravingOnLine } from '@facet/contracts/engraving';
import { appUser } from '../account/schema.ts';

export interface OrderAddress {
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
}

export const customerOrder = pgTable(
  'customer_order',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    /** A guest's way back to the order to return pieces: its token is in the delivery e-mail, only the hash here. */
    returnTokenHash: text('return_token_hash'),
    status: text('status').notNull().default('placed'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    shippingMethod: text('shipping_method').notNull(),
    /** The method's name and delivery time as promised when the order was placed (null: orders before they were kept). */
    shippingLabel: text('shipping_label'),
    /** The carrier's service the shopper was quoted ("UPS 2ndDayAir"), bought again for the label; null: the store's own price. */
    shippingService: jsonb('shipping_service').$type<{ carrier: string; service: string }>(),
    shippingDays: text('shipping_days'),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** The jurisdictions and amounts the tax provider gave for the address (invoices show them). */
    taxLines: jsonb('tax_lines').$type<TaxLine[]>().notNull().default([]),
    /** The tax service's calculation, and the transaction it became once paid (null: the store's table). */
    taxCalculation: text('tax_calculation'),
    taxTransaction: text('tax_transaction'),
    /** Tax given back to the tax service on refunds so far (reversals of the transaction). */
    taxReversedCents: integer('tax_reversed_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** What a discount code took off (the lines' and shipping's), and the code as the shopper saw it. */
    discountCents: integer('discount_cents').notNull().default(0),
    discountLabel: text('discount_label'),
    /** Paid with gift cards (the rest by card): refunds go back to them first. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /** An exchange's replacement: paid by the credit of what came back; refunds give it back last, to that order's payment. */
    exchangeCreditCents: integer('exchange_credit_cents').notNull().default(0),
    exchangeOfOrderId: integer('exchange_of_order_id').references((): AnyPgColumn => customerOrder.id),
    paymentProvider: text('payment_provider').notNull(),
    paymentRef: text('payment_ref').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** Idempotency: the key is unique within its owner (user or visitor session). */
    idempotencyScope: text('idempotency_scope').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The answer given when the order was placed, replayed for a repeated Idempotency-Key. */
    answer: jsonb('answer').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic concurrency for staff edits: every change bumps it; a stale save answers 409. */
    version: integer('version').notNull().default(1),
    /** What the customer was charged, and what has been given back (refunds never exceed it). */
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Card taken at checkout ('paid'), or — with a provider the browser confirms (Stripe) — awaiting
     * it ('pending', its stones reserved until paymentExpiresAt), then 'paid', 'expired' (nothing
     * taken, stones back on sale) or 'refunded' (paid after its stones were gone: given back).
     */
    paymentState: text('payment_state').$type<PaymentState>().notNull().default('paid'),
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /** The cart the order came from, emptied once payment succeeds. */
    cartId: integer('cart_id'),
    /** The customer's bank disputes the payment: staff must answer it. */
    disputed: boolean('disputed').notNull().default(false),
    /** An order paid in parts (a quote's deposit): the balance e-mail's link (only its hash). */
    balanceTokenHash: text('balance_token_hash'),
    /** Stripe: the balance the browser is paying, until it succeeds. */
    balanceIntentRef: text('balance_intent_ref'),
    /** 'full': paid at once (or in parts by a quote); 'layaway': a deposit, then its instalments (order_instalment). */
    plan: text('plan').$type<'full' | 'layaway'>().notNull().default('full'),
    /** Layaway: the card the shopper let the store charge for each instalment (a provider's token, never the number). */
    savedCard: jsonb('saved_card').$type<SavedCard>(),
    /** A supplier's stone: the card is authorised, not charged, until staff confirm it with the supplier by then. */
    authorizedUntil: timestamp('authorized_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_order_number_key').on(t.number),
    // The staff order list: newest first (or by total) with or without a status, and search by
    // e-mail or name fragments (trigram indexes), so 100,000 orders answer in milliseconds.
    // Ascending: read backwards they give "newest first" (a DESC NULLS LAST index would not match
    // ORDER BY … DESC, whose default is NULLS FIRST).
    index('customer_order_status_idx').on(t.status, t.placedAt, t.id),
    index('customer_order_placed_idx').on(t.placedAt, t.id),
    index('customer_order_total_idx').on(t.totalCents, t.id),
    index('customer_order_status_total_idx').on(t.status, t.totalCents, t.id),
    index('customer_order_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // A whole address pasted into the search: one B-tree probe instead of a trigram scan.
    index('customer_order_email_idx').on(t.email),
    index('customer_order_name_trgm_idx').using('gin', sql`(${t.shippingAddress}->>'name') gin_trgm_ops`),
    uniqueIndex('customer_order_idempotency_key').on(t.idempotencyScope, t.idempotencyKey),
    index('customer_order_user_idx').on(t.userId, t.placedAt),
    index('customer_order_payment_pending_idx')
      .on(t.paymentExpiresAt)
      .where(sql`payment_state = 'pending'`),
    index('customer_order_authorized_idx')
      .on(t.authorizedUntil)
      .where(sql`payment_state = 'authorized'`),
  ],
);

/** 'authorized': the card is held for the total, charged once staff confirm its supplier's stones. */
export type PaymentState = 'pending' | 'authorized' | 'paid' | 'expired' | 'refunded';
export interface SavedCard {
  /** The provider's payment method (Stripe: pm_…; the test provider: its token). */
  ref: string;
  /** Stripe's customer the method is attached to (off-session charges name it). */
  customer: string | null;
  brand: string;
  last4: string;
}

/**
 * A layaway order's instalments, worked out once when it was placed. Each is charged on its day to
 * the saved card (or paid at the e-mailed link); a failed charge is tried again the next day, and
 * an instalment still unpaid after the store's grace period cancels the order.
 */
export const orderInstalment = pgTable(
  'order_instalment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    dueOn: text('due_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    state: text('state').$type<'due' | 'paid' | 'cancelled'>().notNull().default('due'),
    /** Charges tried and refused; the next try is not before nextTryAt. */
    attempts: integer('attempts').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    lastFailure: text('last_failure'),
    paidRef: text('paid_ref'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_instalment_seq_key').on(t.orderId, t.seq),
    index('order_instalment_due_idx')
      .on(t.dueOn)
      .where(sql`state = 'due'`),
  ],
);

/** Each payment-provider event handled once, whichever instance receives it and however often it is sent. */
export const paymentEvent = pgTable('payment_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A snapshot of each line as it was sold: later price or catalogue changes do not touch it. */
export const orderLine = pgTable(
  'order_line',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    title: text('title').notNull(),
    details: jsonb('details').$type<string[]>().notNull(),
    image: text('image').notNull(),
    configuration: jsonb('configuration'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    /** The price before an automatic sale, and the sale's name, when one applied. */
    wasUnitCents: integer('was_unit_cents'),
    saleName: text('sale_name'),
    /** The discount code's share of this line (what a refund of the line gives back less). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The words engraved, exactly as the shopper typed them, with the font, the place and what it cost. */
    engraving: jsonb('engraving').$type<EngravingOnLine>(),
    /**
     * What the line cost the store, as recorded at the sale (the variant's or the stone's cost then,
     * times the quantity); null when it was not known. Reports count such lines as "cost unknown".
     */
    costCents: integer('cost_cents'),
  },
  (t) => [
    index('order_line_order_idx').on(t.orderId),
    // The lines of a piece or a stone: which days' reports a change to what it is touches.
    index('order_line_ref_idx').on(t.kind, t.refId),
  ],
);

/**
 * Every serialized stone an order holds (loose or set in a ring). The partial unique index makes
 * a stone in two live orders impossible, whatever the application code does.
 */
export const orderStone = pgTable(
  'order_stone',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'diamond' | 'gemstone'>().notNull(),
    stoneId: integer('stone_id').notNull(),
    live: boolean('live').notNull().default(true),
    /** From a supplier's feed: confirmed with the supplier (when) before the card is charged. */
    supplier: boolean('supplier').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_stone_live_key')
      .on(t.kind, t.stoneId)
      .where(sql`live`),
    index('order_stone_order_idx').on(t.orderId),
    index('order_stone_stone_idx').on(t.kind, t.stoneId),
  ],
);

/**
 * What happened to an order, in order: placed, status changes, tracking, e-mails, notes, refunds.
 * Append-only; the staff timeline and the customer's order page read the same rows.
 */
export const orderEvent = pgTable(
  'order_event',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Shown to the customer too (status, tracking, refunds) or staff-only (notes, e-mails). */
    visibleToCustomer: boolean('visible_to_customer').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    staffId: integer('staff_id'),
    staffName: text('staff_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_event_order_idx').on(t.orderId, t.at)],
);

/**
 * Each payment an order paid in parts took (a deposit, then its balance), in the order they came in:
 * a refund goes back to them in that order, each never more than it paid.
 */
export const orderPayment = pgTable(
  'order_payment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'deposit' | 'balance' | 'instalment'>().notNull(),
    provider: text('provider').notNull(),
    ref: text('ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One payment is credited once, however often it is reported.
    uniqueIndex('order_payment_ref_key').on(t.provider, t.ref),
    index('order_payment_order_idx').on(t.orderId, t.id),
  ],
);

export const orderRefund = pgTable(
  'order_refund',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    providerRef: text('provider_ref').notNull(),
    staffId: integer('staff_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_refund_order_idx').on(t.orderId)],
);

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
// An order without what opens it or replays it: its links' token hashes, the idempotency record and
// the answer kept for a retried request (which holds the confirmation link's token).
const {
  accessTokenHash: _access,
  returnTokenHash: _returnToken,
  idempotencyScope: _scope,
  idempotencyKey: _key,
  requestHash: _hash,
  answer: _answer,
  balanceTokenHash: _balanceToken,
  savedCard: _savedCard,
  ...orderReadable
} = getTableColumns(customerOrder);
export const customerOrderView = pgView('customer_order_view').as((qb) => qb.select(orderReadable).from(customerOrder));
export const orderLineView = pgView('order_line_view').as((qb) => qb.select().from(orderLine));
export const orderStoneView = pgView('order_stone_view').as((qb) => qb.select().from(orderStone));
export const orderRefundView = pgView('order_refund_view').as((qb) => qb.select().from(orderRefund));
