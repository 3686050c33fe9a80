import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, pgView, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CatalogFilter } from '@facet/contracts/catalog-filters';

// A category is a listing; its section places it under one of the nine mega-menu sections.
export const category = pgTable(
  'category',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    section: text('section').notNull(),
    parentId: integer('parent_id'),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Hidden by staff: off the menu, listings and sitemap; its pieces stay where they are. */
    hidden: boolean('hidden').notNull().default(false),
    // Staff edits carry the version they read; a stale one is refused (no lost update).
    version: integer('version').notNull().default(1),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
  },
  (t) => [index('category_parent_idx').on(t.parentId)],
);

// The mega menu as the store owner arranges it: sections → groups → items.
export const menuItem = pgTable(
  'menu_item',
  {
    id: serial('id').primaryKey(),
    section: text('section').notNull(),
    sectionPosition: integer('section_position').notNull(),
    groupTitle: text('group_title').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    categoryId: integer('category_id').references(() => category.id),
    filters: jsonb('filters').$type<CatalogFilter[]>(),
    href: text('href'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('menu_item_order_idx').on(t.sectionPosition, t.position)],
);

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
export const categoryView = pgView('category_view').as((qb) => qb.select().from(category));
