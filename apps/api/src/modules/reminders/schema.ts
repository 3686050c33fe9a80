import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { cart } from '../cart/schema.ts';
import { appUser } from '../account/schema.ts';
import type { DateKind } from '@facet/contracts/customer-record';

/** The e-mail a guest typed at checkout for this cart, and whether they ticked "e-mail me". */
export const cartContact = pgTable('cart_contact', {
  cartId: integer('cart_id')
    .primaryKey()
    .references(() => cart.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  consent: boolean('consent').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A reminder sent about a left cart: one row per step (1, 2), so a step is sent once by any instance. */
export const cartReminder = pgTable(
  'cart_reminder',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => cart.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    email: text('email').notNull(),
    /** The cart's value as the e-mail showed it. */
    valueCents: integer('value_cents').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.step] }), check('cart_reminder_step', sql`step in (1, 2)`)],
);

/**
 * A left cart brought back by its e-mail's link into a visitor's cart (`toCartId`), and the order
 * placed from it, if any: what the back office counts as recovered.
 */
export const cartRestore = pgTable(
  'cart_restore',
  {
    id: serial('id').primaryKey(),
    fromCartId: integer('from_cart_id').notNull(),
    toCartId: integer('to_cart_id')
      .notNull()
      .references(() => cart.id, { onDelete: 'cascade' }),
    restoredAt: timestamp('restored_at', { withTimezone: true }).notNull().defaultNow(),
    orderNumber: text('order_number'),
    orderCents: integer('order_cents'),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
  },
  (t) => [index('cart_restore_to_idx').on(t.toCartId), index('cart_restore_from_idx').on(t.fromCartId)],
);

/** A note written before a customer's date: one per date a year, whichever instance writes it. */
export const dateNote = pgTable(
  'date_note',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DateKind>().notNull(),
    year: smallint('year').notNull(),
    /** The day it fell on that year (YYYY-MM-DD, the store's calendar). */
    occursOn: text('occurs_on').notNull(),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.year] })],
);
