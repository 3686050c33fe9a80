import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orderLine } from '../order/schema.ts';

/** A piece in the workshop for a resize, repair, cleaning, plating or appraisal, with its estimate and payment. */
export const serviceTicket = pgTable(
  'service_ticket',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('received'),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    piece: text('piece').notNull(),
    /** Bought here: the order line (a free resize is counted per line). */
    orderLineId: integer('order_line_id').references(() => orderLine.id),
    targetSize: real('target_size'),
    notes: text('notes').notNull().default(''),
    dueOn: text('due_on').notNull(),
    free: boolean('free').notNull().default(false),
    estimateCents: integer('estimate_cents'),
    estimateNote: text('estimate_note'),
    /** The estimate e-mail's link (only its hash). */
    tokenHash: text('token_hash'),
    paidCents: integer('paid_cents'),
    paymentRef: text('payment_ref'),
    /** The estimate's payment with a provider the browser pays (Stripe), until it succeeds. */
    intentRef: text('intent_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    version: integer('version').notNull().default(1),
    /** A member's e-mail, or 'customer' for a request made online. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_ticket_number_key').on(t.number),
    index('service_ticket_open_idx').on(t.status, t.dueOn),
    // One free resize per piece bought here, whatever two counters do at once.
    uniqueIndex('service_ticket_free_resize_key')
      .on(t.orderLineId)
      .where(sql`free and status <> 'declined'`),
    check(
      'service_ticket_status',
      sql`status in ('requested', 'received', 'estimated', 'approved', 'in_work', 'ready', 'returned', 'declined')`,
    ),
  ],
);

/** Each step a ticket took, by whom. */
export const serviceEvent = pgTable(
  'service_event',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => serviceTicket.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_event_ticket_idx').on(t.ticketId, t.at)],
);

/** A photograph of the piece (at intake, or the customer's when asking), re-encoded without metadata, its files in the media store under private/service/; staff and that customer only. */
export const servicePhoto = pgTable(
  'service_photo',
  {
    key: text('key').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => serviceTicket.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_photo_ticket_idx').on(t.ticketId, t.createdAt)],
);
