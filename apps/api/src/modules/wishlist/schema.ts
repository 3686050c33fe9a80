import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConfigureInput } from '@facet/contracts/configurator';
import { appUser } from '../account/schema.ts';

/** One wishlist per visitor (swag-session id) or per account; the share token opens a read-only view. */
export const wishlist = pgTable(
  'wishlist',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id'),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    shareToken: text('share_token').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlist_session_key').on(t.sessionId),
    uniqueIndex('wishlist_user_key').on(t.userId),
    uniqueIndex('wishlist_share_key').on(t.shareToken),
    check('wishlist_owner', sql`(session_id is null) <> (user_id is null)`),
  ],
);

/** What was saved, never a price. */
export const wishlistItem = pgTable(
  'wishlist_item',
  {
    id: serial('id').primaryKey(),
    wishlistId: integer('wishlist_id')
      .notNull()
      .references(() => wishlist.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'product' | 'configured' | 'diamond' | 'gemstone' | 'melee'>().notNull(),
    refId: integer('ref_id').notNull(),
    configuration: jsonb('configuration').$type<ConfigureInput>(),
    itemKey: text('item_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlist_item_key').on(t.wishlistId, t.itemKey),
    index('wishlist_item_list').on(t.wishlistId, t.id),
  ],
);
