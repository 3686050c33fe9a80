import { eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { named } from '../../db/named-statements.ts';
import { configurationModel, type StoneLocation } from './schema.ts';
import type { ImageSpec } from '@facet/contracts/catalog';
import type { MetalRate } from './price.ts';
import { centsOf } from '@facet/contracts/money';
import { pointsOf } from '@facet/contracts/carats';

export interface ModelRow {
  groupId: number;
  series: string;
  categoryId: number;
  description: string;
  image: ImageSpec;
  castingLabourCents: number;
  baseWeightG: number;
  metals: string[];
  sizes: number[];
  locations: StoneLocation[];
  widthsMm: number[] | null;
  styles: Array<{ name: string; labourCents: number }> | null;
}
export interface DiamondRow {
  id: number;
  serial: string;
  origin: 'natural' | 'lab';
  shape: string;
  caratPoints: number;
  color: string;
  clarity: string;
  cut: string;
  lab: string;
  certificate: string;
  priceCents: number;
  status: string;
}
export interface GemRow {
  id: number;
  serial: string;
  typeSlug: string;
  typeName: string;
  color: string;
  colorHex: string;
  shape: string;
  caratPoints: number;
  priceCents: number;
  status: string;
}
export interface MeleeRow {
  id: number;
  sku: string;
  origin: 'natural' | 'lab';
  shape: string;
  sizeMm: number;
  quality: string;
  caratPerStone: number;
  pricePerCaratCents: number;
  stock: number;
}

const DIAMOND_COLS = sql`id, serial, origin, shape, carat_points as "caratPoints", color, clarity, cut, lab, certificate, price_cents as "priceCents", status`;
const GEM_COLS = sql`s.id, s.serial, s.type_slug as "typeSlug", t.name as "typeName", s.color, s.color_hex as "colorHex", s.shape, s.carat_points as "caratPoints", s.price_cents as "priceCents", s.status`;
const MELEE_COLS = sql`id, sku, origin, shape, size_mm as "sizeMm", quality, carat_per_stone as "caratPerStone", price_per_carat_cents as "pricePerCaratCents", stock`;

const MODEL = `
  select g.id as "groupId", g.series, g.category_id as "categoryId", g.description, g.image,
    m.casting_labour_cents as "castingLabourCents", m.base_weight_g as "baseWeightG", m.metals, m.sizes, m.locations, m.widths_mm as "widthsMm", m.styles
  from configuration_model m join product_group_view g on g.id = m.group_id where m.group_id = $1 and (g.published or $2)`;

export const configuratorRepository = {
  /** A published design's model (`drafts`: a draft's too, for the back office's preview). Named: read on every product page. */
  model: async (db: DbOrTx, groupId: number, drafts = false) =>
    (await named<ModelRow>(db, 'configuration_model', MODEL, [groupId, drafts]))[0] ?? null,

  /** A configurable design by its series (the first part of a configured piece's SKU). */
  groupIdBySeries: async (db: DbOrTx, series: string) =>
    rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from product_group_view where upper(series) = ${series.toUpperCase()} and configurable limit 1`,
      ),
    )[0]?.id ?? null,

  /** The variant a configured piece's page opens on: the chosen metal's, else the group's first. */
  variantFor: async (db: DbOrTx, groupId: number, metal: string | undefined) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`
      select id from product_view where group_id = ${groupId} and active order by (metal = ${metal ?? ''}) desc, id limit 1
    `),
    )[0]?.id ?? null,

  metalRate: async (db: DbOrTx, quality: string) =>
    rowsOf<{ quality: string; name: string; centsPerGram: number; densityFactor: number }>(
      await db.execute(sql`
      select quality, name, cents_per_gram as "centsPerGram", density_factor as "densityFactor" from metal_rate_view where quality = ${quality}
    `),
    )[0] ?? null,

  gemstoneTypesFitting: async (db: DbOrTx, shape: string, caratMin: number, caratMax: number) =>
    rowsOf<{ slug: string; name: string }>(
      await db.execute(sql`
      select t.slug, t.name from gemstone_type_view t
      where exists (select 1 from notable_gemstone_view s where s.type_slug = t.slug and s.status = 'available' and s.shape = ${shape}
        and s.carat_points between ${pointsOf(caratMin)} and ${pointsOf(caratMax)})
      order by t.position
    `),
    ),

  fittingDiamonds: async (
    db: DbOrTx,
    q: {
      origin: 'natural' | 'lab';
      shape: string;
      caratMin: number;
      caratMax: number;
      colorMax?: number;
      clarityMax?: number;
      priceMax?: number;
      sort: string;
      limit: number;
    },
  ) => {
    const order =
      {
        'price-asc': sql`price_cents asc, id`,
        'price-desc': sql`price_cents desc, id`,
        'carat-desc': sql`carat_points desc, id`,
        'carat-asc': sql`carat_points asc, id`,
      }[q.sort] ?? sql`price_cents, id`;
    return rowsOf<DiamondRow & { photoKey: string | null }>(
      await db.execute(sql`
      select ${DIAMOND_COLS}, (select ph.key from stone_photo_view ph where ph.kind = 'diamond' and ph.stone_id = diamond_view.id
          order by ph.position, ph.key limit 1) as "photoKey"
      from diamond_view
      where status = 'available' and origin = ${q.origin} and shape = ${q.shape}
        and carat_points between ${pointsOf(q.caratMin)} and ${pointsOf(q.caratMax)}
        ${q.colorMax !== undefined ? sql`and color_rank <= ${q.colorMax}` : sql``}
        ${q.clarityMax !== undefined ? sql`and clarity_rank <= ${q.clarityMax}` : sql``}
        ${q.priceMax !== undefined ? sql`and price_cents <= ${centsOf(q.priceMax)}` : sql``}
      order by ${order} limit ${q.limit}
    `),
    );
  },

  fittingGemstones: async (
    db: DbOrTx,
    q: {
      type: string;
      shape: string;
      caratMin: number;
      caratMax: number;
      priceMax?: number;
      sort: string;
      limit: number;
    },
  ) => {
    const order =
      {
        'price-asc': sql`s.price_cents asc, s.id`,
        'price-desc': sql`s.price_cents desc, s.id`,
        'carat-desc': sql`s.carat_points desc, s.id`,
        'carat-asc': sql`s.carat_points asc, s.id`,
      }[q.sort] ?? sql`s.price_cents, s.id`;
    return rowsOf<GemRow>(
      await db.execute(sql`
      select ${GEM_COLS} from notable_gemstone_view s join gemstone_type_view t on t.slug = s.type_slug
      where s.status = 'available' and s.type_slug = ${q.type} and s.shape = ${q.shape}
        and s.carat_points between ${pointsOf(q.caratMin)} and ${pointsOf(q.caratMax)}
        ${q.priceMax !== undefined ? sql`and s.price_cents <= ${centsOf(q.priceMax)}` : sql``}
      order by ${order} limit ${q.limit}
    `),
    );
  },

  fittingMelee: async (db: DbOrTx, q: { origin: 'natural' | 'lab'; shape: string; sizeMm: number }) =>
    rowsOf<MeleeRow>(
      await db.execute(sql`
      select ${MELEE_COLS} from melee_parcel_view where origin = ${q.origin} and shape = ${q.shape} and size_mm = ${q.sizeMm}
      order by price_per_carat_cents desc
    `),
    ),

  /** A loose stone's first photograph (the one its page opens on), when it has one. */
  stonePhoto: async (db: DbOrTx, kind: 'diamond' | 'gemstone', id: number) =>
    rowsOf<{ key: string; alt: string; width: number; height: number }>(
      await db.execute(sql`select key, alt, width, height from stone_photo_view where kind = ${kind} and stone_id = ${id}
        order by position, key limit 1`),
    )[0] ?? null,
  diamond: async (db: DbOrTx, id: number) =>
    rowsOf<DiamondRow>(await db.execute(sql`select ${DIAMOND_COLS} from diamond_view where id = ${id}`))[0] ?? null,
  gemstone: async (db: DbOrTx, id: number) =>
    rowsOf<GemRow>(
      await db.execute(
        sql`select ${GEM_COLS} from notable_gemstone_view s join gemstone_type_view t on t.slug = s.type_slug where s.id = ${id}`,
      ),
    )[0] ?? null,
  melee: async (db: DbOrTx, id: number) =>
    rowsOf<MeleeRow>(await db.execute(sql`select ${MELEE_COLS} from melee_parcel_view where id = ${id}`))[0] ?? null,

  /** The cheapest available diamond or gemstone of `shape` within the carat range, in cents (null: none). */
  /** The cheapest diamond or gemstone on sale that fits a center (ties: the older stone), or null. */
  cheapestCenter: async (db: DbOrTx, shape: string, caratMin: number, caratMax: number) => {
    const lo = pointsOf(caratMin),
      hi = pointsOf(caratMax);
    return (
      rowsOf<{ cents: number; kind: 'diamond' | 'gemstone'; id: number }>(
        await db.execute(sql`
      (select price_cents as cents, 'diamond' as kind, id from diamond_view
        where status = 'available' and shape = ${shape} and carat_points between ${lo} and ${hi}
        order by price_cents, id limit 1)
      union all
      (select price_cents, 'gemstone', id from notable_gemstone_view
        where status = 'available' and shape = ${shape} and carat_points between ${lo} and ${hi}
        order by price_cents, id limit 1)
      order by cents, kind, id limit 1`),
      )[0] ?? null
    );
  },

  /** Every configurable model, or those of `groupIds`. */
  models: async (db: DbOrTx, groupIds?: number[]) =>
    rowsOf<ModelRow>(
      await db.execute(sql`
    select g.id as "groupId", g.series, g.category_id as "categoryId", g.description, g.image,
      m.casting_labour_cents as "castingLabourCents", m.base_weight_g as "baseWeightG", m.metals, m.sizes, m.locations, m.widths_mm as "widthsMm", m.styles
    from configuration_model m join product_group_view g on g.id = m.group_id
    ${groupIds ? sql`where m.group_id = any(${sql.param(groupIds)}::int[])` : sql``}`),
    ),

  metalRates: async (db: DbOrTx) =>
    rowsOf<MetalRate>(
      await db.execute(sql`
    select quality, name, cents_per_gram as "centsPerGram", density_factor as "densityFactor" from metal_rate_view`),
    ),

  variantsOf: async (db: DbOrTx, groupIds: number[]) =>
    rowsOf<{ id: number; groupId: number; metal: string; fingerSize: number | null }>(
      await db.execute(sql`
    select id, group_id as "groupId", metal, finger_size as "fingerSize" from product_view where group_id = any(${sql.param(groupIds)}::int[])`),
    ),

  /** How a setting is made: casting labour and weight, metals, sizes and the places for its stones. */
  insertModel: (
    tx: DbOrTx,
    m: {
      groupId: number;
      castingLabourCents: number;
      baseWeightG: number;
      metals: string[];
      sizes: number[];
      locations: StoneLocation[];
    },
  ) => tx.insert(configurationModel).values({ ...m, widthsMm: null, styles: null }),

  /** A model's stone locations, or null when the group has no model (it is not a setting). */
  locations: async (db: DbOrTx, groupId: number): Promise<StoneLocation[] | null> =>
    (
      await db
        .select({ locations: configurationModel.locations })
        .from(configurationModel)
        .where(eq(configurationModel.groupId, groupId))
    )[0]?.locations ?? null,
  setLocations: (tx: DbOrTx, groupId: number, locations: StoneLocation[]) =>
    tx.update(configurationModel).set({ locations }).where(eq(configurationModel.groupId, groupId)),
};
