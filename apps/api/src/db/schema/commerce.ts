import { sql } from 'drizzle-orm';
import type { TaxLine } from '@facet/contracts/commerce';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ConfigureInput } from '@facet/contracts/configurator';
import type { GiftCardPurchase } from '@facet/contracts/gift-cards';
import type { EngravingChoice, EngravingOnLine } from '@facet/contracts/engraving';
import { appUser } from './accounts.ts';

/** One cart per visitor (swag-session id) or per signed-in user. */
export const cart = pgTable(
  'cart',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id'),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The discount codes the shopper entered (upper case, in order); worked out again at every read and at checkout. */
    discountCodes: text('discount_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('cart_session_key').on(t.sessionId),
    uniqueIndex('cart_user_key').on(t.userId),
    check('cart_owner', sql`(session_id is null) <> (user_id is null)`),
  ],
);

/** What was chosen, never a price: lines are priced when read. */
export const cartLine = pgTable(
  'cart_line',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => cart.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'product' | 'configured' | 'diamond' | 'gemstone' | 'melee' | 'gift-card'>().notNull(),
    refId: integer('ref_id').notNull(),
    /** A configured piece's choices, or a gift card's amount, recipient and day. */
    configuration: jsonb('configuration').$type<ConfigureInput | GiftCardPurchase>(),
    /** Same key → same line (quantities add). */
    lineKey: text('line_key').notNull(),
    quantity: integer('quantity').notNull(),
    /** The words to engrave and their font (the design says where, the limit and the price). */
    engraving: jsonb('engraving').$type<EngravingChoice>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_line_key').on(t.cartId, t.lineKey), check('cart_line_qty', sql`quantity between 1 and 10`)],
);

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
  ],
);

export type PaymentState = 'pending' | 'paid' | 'expired' | 'refunded';

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
  },
  (t) => [index('order_line_order_idx').on(t.orderId)],
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

/** A discount code staff made (contracts/promotions.ts): what it takes off, on what, when, for whom, how often. */
export const discountCode = pgTable(
  'discount_code',
  {
    id: serial('id').primaryKey(),
    /** Upper case; shoppers type it in any case. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<'percent' | 'amount' | 'free-shipping'>().notNull(),
    percentBp: integer('percent_bp'),
    amountCents: integer('amount_cents'),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    appliesTo: text('applies_to').array().notNull(),
    categoryIds: integer('category_ids').array(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    perCustomer: integer('per_customer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    emails: text('emails').array(),
    combines: boolean('combines').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Orders that used it; taken in the order's transaction, never past max_uses. */
    uses: integer('uses').notNull().default(0),
    /** Codes generated together (single-use codes for an event), exported as one CSV. */
    batch: text('batch'),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_code_code_idx').on(t.code),
    index('discount_code_batch_idx').on(t.batch),
    check('discount_code_uses', sql`uses >= 0 and (max_uses is null or uses <= max_uses)`),
  ],
);

/** A code's use by an order: counted against its limits until the order is cancelled or never paid. */
export const discountRedemption = pgTable(
  'discount_redemption',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCode.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: integer('user_id'),
    cents: integer('cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the order gave its use back (cancelled, or its payment never came). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('discount_redemption_order_code_idx').on(t.orderId, t.codeId),
    index('discount_redemption_code_email_idx').on(t.codeId, t.email),
  ],
);

/**
 * An automatic sale: a percentage off every piece in its scope between two times, no code needed.
 * An empty scope list means "any" (no categories and no designs: every piece); metals narrow it.
 */
export const sale = pgTable(
  'sale',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    percent: integer('percent').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** With every category below them. */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    metals: text('metals')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Staff can end a sale early without losing its record. */
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('sale_percent', sql`percent between 1 and 90`), check('sale_times', sql`ends_at > starts_at`)],
);

/**
 * A gift card. Its code is never kept: only its SHA-256 (the code is 16 random symbols, ~79 bits)
 * and its last four. Bought cards get their code on the day they are delivered (the e-mail carries
 * it once); the balance can never go below zero, whatever runs at once.
 */
export const giftCard = pgTable(
  'gift_card',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash'),
    last4: text('last4'),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    active: boolean('active').notNull().default(true),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull().default(''),
    /** The store-calendar day it is e-mailed; its code is made then. */
    deliverOn: text('deliver_on').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The order that bought it (null: issued by staff); paid orders only are delivered. */
    orderId: integer('order_id').references(() => customerOrder.id),
    orderLineId: integer('order_line_id'),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_card_code_idx').on(t.codeHash),
    index('gift_card_due_idx')
      .on(t.deliverOn)
      .where(sql`delivered_at is null`),
    check('gift_card_balance', sql`balance_cents >= 0`),
  ],
);

/** Every change to a card's balance, with what it was after: the card's ledger. */
export const giftCardEntry = pgTable(
  'gift_card_entry',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => giftCard.id),
    kind: text('kind').$type<'issue' | 'redeem' | 'refund' | 'release' | 'adjust' | 'disable'>().notNull(),
    cents: integer('cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    orderId: integer('order_id').references(() => customerOrder.id),
    by: text('by').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_card_entry_card_idx').on(t.cardId, t.id)],
);

/** What a gift card paid of an order, and how much of it has gone back to the card since. */
export const giftCardPayment = pgTable(
  'gift_card_payment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => giftCard.id),
    cents: integer('cents').notNull(),
    returnedCents: integer('returned_cents').notNull().default(0),
  },
  (t) => [
    index('gift_card_payment_order_idx').on(t.orderId),
    check('gift_card_payment_returned', sql`returned_cents >= 0 and returned_cents <= cents`),
  ],
);

/**
 * A label bought from the carrier service for an order (or a return): its shipment there, the
 * tracking it reports, the PDF to print. One outbound label per order; its shipment id is kept
 * before the label is bought, so a retry or a second click buys that same shipment, never another.
 */
export const shipment = pgTable(
  'shipment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'outbound' | 'return'>().notNull(),
    /** For a return label: the return's number. */
    returnNumber: text('return_number'),
    provider: text('provider').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    /** 'label_bought' once paid for, then what tracking reports (contracts/shipping.ts). */
    state: text('state').notNull().default('prepared'),
    carrier: text('carrier'),
    service: text('service'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    insuredCents: integer('insured_cents').notNull().default(0),
    signature: boolean('signature').notNull(),
    costCents: integer('cost_cents').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    boughtAt: timestamp('bought_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shipment_outbound_once')
      .on(t.orderId)
      .where(sql`kind = 'outbound'`),
    uniqueIndex('shipment_return_once')
      .on(t.returnNumber)
      .where(sql`kind = 'return'`),
    uniqueIndex('shipment_tracking_idx').on(t.trackingNumber),
    index('shipment_order_idx').on(t.orderId),
  ],
);
