import type { StoneStatus } from '@facet/contracts/admin-catalogue';
import type { EngravingOffer } from '@facet/contracts/engraving';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { category } from './catalog.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** What an item is: decides how it is drawn and which options it has. */
export type ItemKind = 'ring' | 'band' | 'chain' | 'cord' | 'earring' | 'pendant' | 'bracelet' | 'necklace' | 'finding';

/** How to draw the group's picture. */
export interface ImageSpec {
  kind: ItemKind;
  style: string;
  shape?: string;
  stone?: string;
}

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
  },
  (t) => [
    uniqueIndex('product_sku_idx').on(t.sku),
    index('product_group_idx').on(t.groupId, t.priceCents),
    // A piece sold from what is on hand is never sold below zero, whatever two checkouts do at once.
    check('product_stock_not_negative', sql`stock >= 0`),
  ],
);

// Price of a gram of each metal quality; the store updates it as metal prices move.
export const metalRate = pgTable('metal_rate', {
  quality: text('quality').primaryKey(),
  name: text('name').notNull(),
  centsPerGram: integer('cents_per_gram').notNull(),
  densityFactor: real('density_factor').notNull(),
  position: integer('position').notNull(),
});

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

/** Cost → retail for supplier stones: the first rule (by position) matching origin, carat and cost decides. */
export const markupRule = pgTable('markup_rule', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull(),
  origin: text('origin').$type<'natural' | 'lab' | 'product' | 'any'>().notNull(),
  caratMin: integer('carat_min').notNull(),
  caratMax: integer('carat_max').notNull(),
  costMinCents: integer('cost_min_cents').notNull(),
  costMaxCents: bigint('cost_max_cents', { mode: 'number' }).notNull(),
  multiplier: real('multiplier').notNull(),
  rounding: text('rounding').$type<'cent' | 'dollar' | 'end-0' | 'end-9'>().notNull(),
});

export const diamond = pgTable(
  'diamond',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull(),
    origin: text('origin').$type<'natural' | 'lab'>().notNull(),
    shape: text('shape').notNull(),
    caratPoints: integer('carat_points').notNull(),
    color: text('color').notNull(),
    colorRank: integer('color_rank').notNull(),
    clarity: text('clarity').notNull(),
    clarityRank: integer('clarity_rank').notNull(),
    cut: text('cut').notNull(),
    cutRank: integer('cut_rank').notNull(),
    polish: text('polish').notNull(),
    symmetry: text('symmetry').notNull(),
    fluorescence: text('fluorescence').notNull(),
    depthPct: real('depth_pct').notNull(),
    tablePct: real('table_pct').notNull(),
    lwRatio: real('lw_ratio').notNull(),
    lengthMm: real('length_mm').notNull(),
    widthMm: real('width_mm').notNull(),
    depthMm: real('depth_mm').notNull(),
    lab: text('lab').notNull(),
    certificate: text('certificate').notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status').$type<StoneStatus>().notNull().default('available'),
    /** Why staff took the stone off sale ("held" until `hold_until`, or "withdrawn"), for the next colleague. */
    holdReason: text('hold_reason'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Where the stone comes from when a supplier's feed lists it (null: the store's own stock).
    supplierId: integer('supplier_id').references(() => supplier.id),
    supplierStock: text('supplier_stock'),
    /** What the supplier asks; retail (`price_cents`) is worked out from it by the markup rules. Never shown to shoppers. */
    costCents: integer('cost_cents'),
    growth: text('growth'),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    certificateUrl: text('certificate_url'),
    // The transaction that last wrote the row (the `diamond_touch` trigger on updates): the
    // in-process search index reads only what was written since its last look (migration 0008).
    changedXid: xid8('changed_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** When the row last changed (the same trigger stamps it): the sitemap's lastmod. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it last came on sale (listed, or back from sold, withdrawn or held): saved-search alerts call it new from then. */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last price cut (the same trigger notes it): alerts tell a watcher "was … now …". */
    priceDroppedAt: timestamp('price_dropped_at', { withTimezone: true }),
    priceBeforeDropCents: integer('price_before_drop_cents'),
    /** The dealer whose stone this is, on memo (consigned): the store sells it but does not own it. */
    memoFrom: text('memo_from'),
    /** Who put it on sale by hand (null: a feed or the seed); a feed never changes such a stone. */
    addedBy: text('added_by'),
    /** A stone of the store's own priced from its cost by the markup rules (and repriced when they change). */
    markedUp: boolean('marked_up').notNull().default(false),
  },
  (t) => [
    uniqueIndex('diamond_serial_idx').on(t.serial),
    index('diamond_certificate_idx').on(t.certificate),
    index('diamond_changed_idx').on(t.changedXid),
    index('diamond_search_idx').on(t.origin, t.status, t.shape, t.caratPoints),
    index('diamond_price_idx').on(t.origin, t.status, t.priceCents),
    uniqueIndex('diamond_supplier_stock_idx')
      .on(t.supplierId, t.supplierStock)
      .where(sql`supplier_id is not null`),
  ],
);

export const gemstoneType = pgTable('gemstone_type', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  color: text('color').notNull(),
  position: integer('position').notNull(),
});

export const notableGemstone = pgTable(
  'notable_gemstone',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull(),
    typeSlug: text('type_slug')
      .notNull()
      .references(() => gemstoneType.slug),
    color: text('color').notNull(),
    colorHex: text('color_hex').notNull(),
    shape: text('shape').notNull(),
    caratPoints: integer('carat_points').notNull(),
    lengthMm: real('length_mm').notNull(),
    widthMm: real('width_mm').notNull(),
    depthMm: real('depth_mm').notNull(),
    origin: text('origin').notNull(),
    agtaCertificate: text('agta_certificate'),
    treatment: text('treatment').notNull(),
    /** Its 360° video, given by staff (shown only from a host the store lists). */
    videoUrl: text('video_url'),
    priceCents: integer('price_cents').notNull(),
    status: text('status').$type<StoneStatus>().notNull().default('available'),
    holdReason: text('hold_reason'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** Who put it on sale by hand (null: the seed). */
    addedBy: text('added_by'),
    // Staff edits carry the version they read; a stale one is refused (no lost update).
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('notable_gemstone_serial_idx').on(t.serial),
    index('notable_gemstone_certificate_idx').on(t.agtaCertificate),
    index('notable_gemstone_type_idx').on(t.typeSlug, t.status, t.priceCents),
  ],
);

export const meleeParcel = pgTable('melee_parcel', {
  id: serial('id').primaryKey(),
  sku: text('sku').notNull().unique(),
  origin: text('origin').$type<'natural' | 'lab'>().notNull(),
  shape: text('shape').notNull(),
  sizeMm: real('size_mm').notNull(),
  sieve: text('sieve').notNull(),
  caratPerStone: real('carat_per_stone').notNull(),
  quality: text('quality').notNull(),
  pricePerCaratCents: integer('price_per_carat_cents').notNull(),
  stock: integer('stock').notNull(),
  // Staff edits carry the version they read; a stale one is refused (no lost update).
  version: integer('version').notNull().default(1),
});

// A photograph of a loose stone (a diamond or a gemstone), uploaded by staff and re-encoded like a
// design's (two WebP sizes, no metadata). Served from the same media route.
export const stonePhoto = pgTable(
  'stone_photo',
  {
    key: text('key').primaryKey(),
    kind: text('kind').$type<'diamond' | 'gemstone'>().notNull(),
    stoneId: integer('stone_id').notNull(),
    position: integer('position').notNull(),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Where a supplier's feed had it (null: uploaded by staff); a feed's photo is replaced when its address changes. */
    sourceUrl: text('source_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stone_photo_stone_idx').on(t.kind, t.stoneId, t.position)],
);

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

/** A stone's grading report as a PDF staff uploaded (at most 10 MB), offered as a download. */
export const stoneReport = pgTable(
  'stone_report',
  {
    kind: text('kind').$type<'diamond' | 'gemstone'>().notNull(),
    stoneId: integer('stone_id').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.stoneId] })],
);

/**
 * A feed's photograph of a stone, asked for by an import and fetched by a background job: waiting,
 * ready (a stone_photo row), or failed with the reason the import's report gives. One per stone:
 * the latest address the feed gave.
 */
export const stoneMediaFetch = pgTable(
  'stone_media_fetch',
  {
    kind: text('kind').$type<'diamond' | 'gemstone'>().notNull(),
    stoneId: integer('stone_id').notNull(),
    url: text('url').notNull(),
    state: text('state').$type<'waiting' | 'ready' | 'failed'>().notNull(),
    reason: text('reason'),
    /** The import that asked for it (its report lists what failed). */
    runId: text('run_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.stoneId] }),
    index('stone_media_fetch_run_idx').on(t.runId, t.state),
    check('stone_media_fetch_state', sql`state in ('waiting', 'ready', 'failed')`),
  ],
);
