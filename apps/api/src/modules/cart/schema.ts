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
import type { ConfigureInput } from '@facet/contracts/configurator';
import type { GiftCardPurchase } from '@facet/contracts/gift-cards';
import type { EngravingChoice } from '@facet/contracts/engraving';
import { appUser } from '../account/schema.ts';

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
    // Left carts are found by when they were last touched.
    index('cart_updated_idx').on(t.updatedAt),
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

// What other modules may read of this module's tables (a left cart's reminders read who owns it, when
// it was last touched and what is in it); they write only through the module's face.
export const cartView = pgView('cart_view').as((qb) => qb.select().from(cart));
export const cartLineView = pgView('cart_line_view').as((qb) => qb.select().from(cartLine));
