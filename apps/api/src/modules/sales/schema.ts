import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * An automatic sale: a percentage off every piece in its scope between two times, no code needed.
 * An empty scope list means "any" (no categories and no designs: every piece); metals narrow it.
 */
export const sale = pgTable(
  'sale',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    percent: integer('percent').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** With every category below them. */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    metals: text('metals')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Staff can end a sale early without losing its record. */
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('sale_percent', sql`percent between 1 and 90`), check('sale_times', sql`ends_at > starts_at`)],
);
