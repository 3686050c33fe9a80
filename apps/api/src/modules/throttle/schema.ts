import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every API instance (sign-in, codes, resets, forms, orders,
 * failed sign-ins per account). UNLOGGED (set in the migration): losing them in a crash only
 * forgives a few requests, and they cost no WAL.
 */
export const rateCounter = pgTable('rate_counter', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
