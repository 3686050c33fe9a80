import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customerOrder } from '../order/schema.ts';

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
