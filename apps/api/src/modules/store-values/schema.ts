import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Values the store keeps by key (its settings, the home page's words, signing keys, watermarks),
 * each key written by one module through this module's face.
 */
export const storeSetting = pgTable('store_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
