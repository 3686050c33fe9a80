import { category } from '../categories/schema.ts';
import type { EngravingOffer } from '@facet/contracts/engraving';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ImageSpec, ItemKind } from '@facet/contracts/catalog';
import { tsvector } from '../../db/column-types.ts';
import { supplier } from '../feeds/schema.ts';

// A design (one GroupDescription) in a series (style number); its variants are `product` rows.
export const productGroup = pgTable(
  'product_group',
  {
    id: integer('id').primaryKey(),
    series: text('series').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id),
    description: text('description').notNull(),
    longDescription: text('long_description').notNull(),
    kind: text('kind').$type<ItemKind>().notNull(),
    image: jsonb('image').$type<ImageSpec>().notNull(),
    searchText: text('search_text').notNull().default(''),
    minPriceCents: integer('min_price_cents').notNull(),
    /** A configurable design's "from" in each metal (a sale may be for some metals only); null: its variants'. */
    minPriceByMetal: jsonb('min_price_by_metal').$type<Record<string, number>>(),
    defaultMetal: text('default_metal').notNull(),
    configurable: boolean('configurable').notNull().default(false),
    featured: integer('featured').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // A draft (not published) is invisible to shoppers: listings, search, its page, carts.
    published: boolean('published').notNull().default(true),
    // Staff edits carry the version they read; a stale one is refused (no lost update).
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    // Read-optimised copies of the variants and attributes, kept in step by the seed/catalogue writes:
    // listings filter and count on these without joins or per-row subqueries.
    metals: text('metals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    defaultProductId: integer('default_product_id').notNull().default(0),
    facets: text('facets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // A design from a supplier's product feed (null: the store's own), by the supplier's series.
    supplierId: integer('supplier_id').references((): AnyPgColumn => supplier.id),
    supplierSeries: text('supplier_series'),
    /** Why a feed kept this design off the storefront (an image that could not be fetched); cleared when the feed succeeds. */
    heldReason: text('held_reason'),
    /** When staff archived it: off the storefront for good, its page answers 410 (null: a draft or on sale). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** How its variants are priced: from metal weight (a metal price change moves them) or fixed by hand. */
    pricing: text('pricing').$type<'metal' | 'fixed'>().notNull().default('metal'),
    /** Sold from what is on hand (stock decremented by each sale, never below zero) rather than made to order. */
    stockTracked: boolean('stock_tracked').notNull().default(false),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    /** Whether and how the piece can be engraved (null: it cannot). */
    engraving: jsonb('engraving').$type<EngravingOffer>(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', ${productGroup.description}), 'A') || setweight(to_tsvector('english', ${productGroup.searchText}), 'B')`,
    ),
  },
  (t) => [
    index('product_group_category_idx').on(t.categoryId, t.featured, t.minPriceCents),
    index('product_group_series_idx').on(t.series),
    index('product_group_facets_idx').using('gin', t.facets),
    index('product_group_search_idx').using('gin', t.search),
    index('product_group_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    uniqueIndex('product_group_supplier_series_idx')
      .on(t.supplierId, t.supplierSeries)
      .where(sql`supplier_id is not null`),
  ],
);

// Facet values of a group, one row per (label, value): the filters run on this table.
export const productAttribute = pgTable(
  'product_attribute',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.label, t.value] }),
    index('product_attribute_label_value_idx').on(t.label, t.value, t.groupId),
  ],
);

// A photograph of a design, uploaded by staff and re-encoded (two WebP sizes, no metadata).
export const productPhoto = pgTable(
  'product_photo',
  {
    key: text('key').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Where a supplier's feed had the image (null: uploaded by staff): a feed fetches each address once. */
    sourceUrl: text('source_url'),
    /** The metal it shows (a quality code), shown first when a shopper chooses that metal; null: any metal. */
    metal: text('metal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_photo_group_idx').on(t.groupId, t.position)],
);

// One orderable variant: SKU, metal quality, size or length, weight, price and stock.
export const product = pgTable(
  'product',
  {
    id: integer('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    metal: text('metal').notNull(),
    fingerSize: real('finger_size'),
    lengthIn: integer('length_in'),
    weightG: real('weight_g').notNull(),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull(),
    leadDays: integer('lead_days').notNull(),
    active: boolean('active').notNull().default(true),
    /** What the supplier asks (feed products only); the price is worked out from it by the markup rules. Never shown to shoppers. */
    costCents: integer('cost_cents'),
    /**
     * The maker's list price ("compare at"), where the maker sets one; shoppers see it only when it is
     * above what the piece costs here and no sale is on it (a sale's "was" is the store's own price).
     */
    listPriceCents: integer('list_price_cents'),
  },
  (t) => [
    uniqueIndex('product_sku_idx').on(t.sku),
    index('product_group_idx').on(t.groupId, t.priceCents),
    // A piece sold from what is on hand is never sold below zero, whatever two checkouts do at once.
    check('product_stock_not_negative', sql`stock >= 0`),
  ],
);

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
/**
 * A design placed by hand in a category: in its home category this puts it in a chosen place in
 * the "Featured" order; in any other it also makes it a member there (a collection). Designs not
 * placed follow, by `featured` and age. The home category (`product_group.category_id`) stays the
 * design's one address for breadcrumbs and the sitemap.
 */
export const categoryPlacement = pgTable(
  'category_placement',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.groupId] }), index('category_placement_group_idx').on(t.groupId)],
);

export const productGroupView = pgView('product_group_view').as((qb) => qb.select().from(productGroup));
export const productView = pgView('product_view').as((qb) => qb.select().from(product));
export const productAttributeView = pgView('product_attribute_view').as((qb) => qb.select().from(productAttribute));
export const productPhotoView = pgView('product_photo_view').as((qb) => qb.select().from(productPhoto));
export const categoryPlacementView = pgView('category_placement_view').as((qb) => qb.select().from(categoryPlacement));

/** A variant as the table holds it (what readers of product_view get). */
export type ProductRecord = typeof product.$inferSelect;
