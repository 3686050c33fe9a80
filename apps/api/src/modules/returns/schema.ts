import { customerOrder } from '../order/schema.ts';
import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import type { ExchangeOffer } from '@facet/contracts/returns';
import { orderLine } from '../order/schema.ts';

/** A shopper's request to send pieces back, and every step staff take with it (status, version). */
export const returnRequest = pgTable(
  'return_request',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id),
    status: text('status').notNull().default('requested'),
    resolution: text('resolution').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** Staff's words to the shopper: return instructions, or why it was declined. */
    message: text('message'),
    labelName: text('label_name'),
    condition: text('condition'),
    restocked: boolean('restocked').notNull().default(false),
    inspectionNote: text('inspection_note'),
    refundCents: bigint('refund_cents', { mode: 'number' }),
    /** An exchange: what the shopper would like instead, in their words. */
    exchangeFor: text('exchange_for').notNull().default(''),
    /** The replacement staff offered, priced, with the credit and the difference (see ExchangeOffer). */
    exchange: jsonb('exchange').$type<ExchangeOffer>(),
    /** The replacement's order, once made. */
    exchangeOrderId: integer('exchange_order_id').references(() => customerOrder.id),
    /** The shopper's payment of the difference with a provider the browser pays (Stripe). */
    intentRef: text('intent_ref'),
    /** The e-mailed link to pay the difference opens the order's returns (only its hash). */
    payTokenHash: text('pay_token_hash'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('return_request_number_key').on(t.number),
    index('return_request_order_idx').on(t.orderId),
    index('return_request_status_idx').on(t.status, t.createdAt),
    check(
      'return_request_status',
      sql`status in ('requested', 'approved', 'declined', 'received', 'inspected', 'refunded', 'awaiting-payment', 'exchanged')`,
    ),
  ],
);

/** A shopper's photograph of what they send back (re-encoded, no metadata; its files in the media store under private/return/); staff see it. */
export const returnPhoto = pgTable(
  'return_photo',
  {
    key: text('key').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequest.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_photo_return_idx').on(t.returnId, t.createdAt)],
);

/** How many of an order line a return sends back. */
export const returnLine = pgTable(
  'return_line',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequest.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLine.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('return_line_return_idx').on(t.returnId), check('return_line_quantity', sql`quantity > 0`)],
);

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
// A return without the hash of its pay-the-difference link.
const { payTokenHash: _payToken, ...returnReadable } = getTableColumns(returnRequest);
export const returnRequestView = pgView('return_request_view').as((qb) =>
  qb.select(returnReadable).from(returnRequest),
);
