import { bytea } from '../../db/column-types.ts';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Media files by name (each photograph's sizes, report PDFs) when the store keeps them in its own
 * database, the embedded default. With an object store configured (MEDIA_S3_URL) the same names
 * are keys in its bucket instead, and this table stays empty.
 */
export const mediaObject = pgTable('media_object', {
  name: text('name').primaryKey(),
  type: text('type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
