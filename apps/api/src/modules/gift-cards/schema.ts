import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  pgView,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customerOrder } from '../order/schema.ts';

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

/** What other modules may read of a card (never its code's hash): the reports' liability. */
export const giftCardView = pgView('gift_card_view').as((qb) =>
  qb
    .select({
      id: giftCard.id,
      last4: giftCard.last4,
      initialCents: giftCard.initialCents,
      balanceCents: giftCard.balanceCents,
      active: giftCard.active,
      orderId: giftCard.orderId,
      createdBy: giftCard.createdBy,
      createdAt: giftCard.createdAt,
    })
    .from(giftCard),
);
export const giftCardEntryView = pgView('gift_card_entry_view').as((qb) => qb.select().from(giftCardEntry));
