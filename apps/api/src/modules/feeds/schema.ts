import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { category } from '../categories/schema.ts';

/** A company whose stones or products the store lists from its feed. */
export const supplier = pgTable('supplier', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Header → field, for headers no alias matches (a supplier's own column names). */
  columnMapping: jsonb('column_mapping').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** A feed the store fetches itself every `pullEveryMinutes` (null: uploads only). */
  feedUrl: text('feed_url'),
  feedFull: boolean('feed_full').notNull().default(false),
  pullEveryMinutes: integer('pull_every_minutes'),
  nextPullAt: timestamp('next_pull_at', { withTimezone: true }),
  /** The validators of the last feed fetched: the next pull asks "changed since?" with them. */
  etag: text('etag'),
  lastModified: text('last_modified'),
  lastPullAt: timestamp('last_pull_at', { withTimezone: true }),
  lastPullResult: text('last_pull_result'),
  /** What the pulled feed holds: a diamond CSV or a product feed (JSON pages). */
  feedKind: text('feed_kind').$type<'diamonds' | 'products'>().notNull().default('diamonds'),
});

/**
 * Which store category a supplier's product group (its GroupDescription) belongs in, as the
 * manager decides. A group seen in a feed for the first time is added with no category: its
 * products wait (feed_product_waiting) until the manager places it.
 */
export const supplierCategory = pgTable(
  'supplier_category',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => supplier.id, { onDelete: 'cascade' }),
    groupDescription: text('group_description').notNull(),
    categoryId: integer('category_id').references(() => category.id),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.groupDescription] })],
);

/** A supplier's design whose group has no category yet: kept as the feed described it, off the storefront. */
export const feedProductWaiting = pgTable(
  'feed_product_waiting',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => supplier.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    groupDescription: text('group_description').notNull(),
    draft: jsonb('draft').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.series] }),
    index('feed_product_waiting_group_idx').on(t.supplierId, t.groupDescription),
  ],
);

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
// A supplier by its code and name, not its feed settings.
export const supplierView = pgView('supplier_view').as((qb) =>
  qb.select({ id: supplier.id, code: supplier.code, name: supplier.name }).from(supplier),
);
