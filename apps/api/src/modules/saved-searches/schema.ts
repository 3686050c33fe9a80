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
import { appUser } from '../account/schema.ts';

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
