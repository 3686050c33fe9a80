import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ConfigureInput } from '@facet/contracts/configurator';
import { appUser } from './accounts.ts';

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

/**
 * A shopper's diamond search, kept to be told of new matches and price cuts. A guest's waits for
 * the e-mailed confirmation (`pending`) before any alert is sent.
 */
export const savedSearch = pgTable(
  'saved_search',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    /** Where alerts go: a guest's address (an account's alerts go to its current address). */
    email: text('email').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    label: text('label').notNull(),
    status: text('status').$type<'pending' | 'active' | 'paused'>().notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** From when matches count (its creation, or when it was edited: older stones were in the results then). */
    watchFrom: timestamp('watch_from', { withTimezone: true }).notNull().defaultNow(),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** Matches found beyond the ones kept to list, until the next digest ("and 40 more"). */
    moreFound: integer('more_found').notNull().default(0),
  },
  (t) => [
    index('saved_search_user').on(t.userId),
    index('saved_search_email').on(sql`lower(${t.email})`),
    uniqueIndex('saved_search_confirm').on(t.confirmTokenHash),
    check('saved_search_status', sql`status in ('pending', 'active', 'paused')`),
  ],
);

/** A stone a search found (new, or cheaper than when it was last told), until the digest that tells it. */
export const savedSearchHit = pgTable(
  'saved_search_hit',
  {
    searchId: integer('search_id')
      .notNull()
      .references(() => savedSearch.id, { onDelete: 'cascade' }),
    diamondId: integer('diamond_id').notNull(),
    kind: text('kind').$type<'new' | 'price_drop'>().notNull(),
    /** The price the shopper was (or will be) told. */
    priceCents: integer('price_cents').notNull(),
    previousCents: integer('previous_cents'),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.searchId, t.diamondId] }),
    index('saved_search_hit_unsent')
      .on(t.searchId)
      .where(sql`sent_at is null`),
  ],
);

/**
 * A visit to the showroom or a video call. One appointment per starting time: the partial unique
 * index makes a double booking impossible whichever instance takes the two requests.
 */
export const appointment = pgTable(
  'appointment',
  {
    id: serial('id').primaryKey(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    kind: text('kind').$type<'in_store' | 'video'>().notNull(),
    status: text('status').$type<'requested' | 'confirmed' | 'cancelled'>().notNull().default('requested'),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    itemTitle: text('item_title'),
    itemHref: text('item_href'),
    cancelReason: text('cancel_reason'),
    /** Bumped at each change the customer is told of, so calendars update the same event. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_slot_key')
      .on(t.startsAt)
      .where(sql`status <> 'cancelled'`),
    index('appointment_starts').on(t.startsAt),
    check('appointment_status', sql`status in ('requested', 'confirmed', 'cancelled')`),
    check('appointment_kind', sql`kind in ('in_store', 'video')`),
  ],
);
