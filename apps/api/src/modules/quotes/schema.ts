import { sql } from 'drizzle-orm';
import {
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
import type { TaxLine } from '@facet/contracts/commerce';
import type { DepositRule, QuoteLine } from '@facet/contracts/quotes';
import { appUser } from '../account/schema.ts';
import type { OrderAddress } from '../order/schema.ts';

/** A commission quoted to one customer: its versions below, the current one what the customer may accept. */
export const quote = pgTable(
  'quote',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    email: text('email').notNull(),
    /** The customer's account, when the e-mail is one (the quote is listed there too). */
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    /** draft → sent → accepted, or withdrawn; "expired" is a sent quote past its last day (not stored). */
    status: text('status').notNull().default('draft'),
    currentVersion: integer('current_version').notNull().default(1),
    /** The customer's link (only its hash); a new one each time the quote is sent. */
    tokenHash: text('token_hash'),
    /** Stripe: the deposit the browser is paying, until it succeeds. */
    intentRef: text('intent_ref'),
    acceptedVersion: integer('accepted_version'),
    orderNumber: text('order_number'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_number_key').on(t.number),
    uniqueIndex('quote_token_key').on(t.tokenHash),
    index('quote_email_idx').on(t.email),
    index('quote_user_idx').on(t.userId),
    index('quote_updated_idx').on(t.updatedAt),
    check('quote_status', sql`status in ('draft', 'sent', 'accepted', 'withdrawn')`),
  ],
);

/** One version of a quote as it was made: its lines priced and its amounts worked out then, never again. */
export const quoteVersion = pgTable(
  'quote_version',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quote.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    taxLines: jsonb('tax_lines').$type<TaxLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    deposit: jsonb('deposit').$type<DepositRule>().notNull(),
    depositCents: integer('deposit_cents').notNull(),
    /** The last day it may be accepted (the store's calendar), and the moment that day ends. */
    expiresOn: text('expires_on').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    message: text('message').notNull().default(''),
    staffName: text('staff_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_version_key').on(t.quoteId, t.number),
    check('quote_version_deposit', sql`deposit_cents >= 0 and deposit_cents <= total_cents`),
  ],
);

/** A sketch or CAD rendering shown with the quote (its bytes in the media store under private/quotes/). */
export const quoteFile = pgTable(
  'quote_file',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quote.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_file_quote_idx').on(t.quoteId)],
);

/** What happened to a quote, by whom: made, each version, sent, withdrawn, accepted. */
export const quoteEvent = pgTable(
  'quote_event',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quote.id, { onDelete: 'cascade' }),
    what: text('what').notNull(),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_event_quote_idx').on(t.quoteId, t.at)],
);

/** Which orders came from a quote (the reports' channel), without the customer's link or address. */
export const quoteView = pgView('quote_view').as((qb) =>
  qb.select({ id: quote.id, number: quote.number, status: quote.status, orderNumber: quote.orderNumber }).from(quote),
);
