import type { StoneStatus } from '@facet/contracts/admin-catalogue';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { xid8 } from '../../db/column-types.ts';
import { supplier } from '../feeds/schema.ts';

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
    // Held stones (a customer's appointment, a quote): the sweeper and a quote's release find them here.
    index('diamond_held_idx')
      .on(t.holdUntil)
      .where(sql`status = 'held'`),
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
    index('notable_gemstone_held_idx')
      .on(t.holdUntil)
      .where(sql`status = 'held'`),
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

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
export const diamondView = pgView('diamond_view').as((qb) => qb.select().from(diamond));
export const gemstoneTypeView = pgView('gemstone_type_view').as((qb) => qb.select().from(gemstoneType));
export const notableGemstoneView = pgView('notable_gemstone_view').as((qb) => qb.select().from(notableGemstone));
export const meleeParcelView = pgView('melee_parcel_view').as((qb) => qb.select().from(meleeParcel));
export const stoneReportView = pgView('stone_report_view').as((qb) => qb.select().from(stoneReport));
export const stonePhotoView = pgView('stone_photo_view').as((qb) => qb.select().from(stonePhoto));

/** Rows as the tables hold them (what readers of the views get). */
export type DiamondRecord = typeof diamond.$inferSelect;
export type NotableGemstoneRecord = typeof notableGemstone.$inferSelect;
export type MeleeParcelRecord = typeof meleeParcel.$inferSelect;
