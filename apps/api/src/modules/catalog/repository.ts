import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type DbOrTx } from '../../db/client.ts';
import { named } from '../../db/named-statements.ts';
import type { DiamondRecord, MeleeParcelRecord, NotableGemstoneRecord } from '../inventory/index.ts';
import type { ImageSpec } from '@facet/contracts/catalog';
import type { ProductRecord } from '../products/index.ts';
import type { ModelRow } from '../configurator/index.ts';
import type { SuggestionEntry } from './suggestions.ts';
import type { EngravingOffer } from '@facet/contracts/engraving';
import { centsOf } from '@facet/contracts/money';
import { pointsOf } from '@facet/contracts/carats';

// All catalogue SQL. Each page is one statement: no N+1, counts and facets computed beside the page.

export interface CategoryRow {
  id: number;
  name: string;
  description: string;
  section: string;
  parentId: number | null;
  hidden: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
}
export interface GroupCardRow {
  id: number;
  series: string;
  categoryId: number;
  description: string;
  minPriceCents: number;
  image: ImageSpec;
  defaultMetal: string;
  productId: number;
  metals: string[];
  /** The cover photograph's key, when staff uploaded any. */
  photo: string | null;
  /** The cheapest variant in each metal (a sale may be for some metals only). */
  metalMins: Record<string, number> | null;
  /** Its approved reviews, counted and averaged (null: none yet). */
  rating: { count: number; average: number } | null;
}
/** A group as the in-process listing keeps it (listing-index.ts). */
/** A design placed by hand in a category, at `position` (0 first). */
export interface Placement {
  categoryId: number;
  groupId: number;
  position: number;
}
export interface ListingEntry extends GroupCardRow {
  featured: number;
  createdAt: string;
  facets: string[];
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export interface DiamondIndexRow {
  id: number;
  origin: string;
  shape: string;
  caratPoints: number;
  colorRank: number;
  clarityRank: number;
  cutRank: number;
  polish: string;
  symmetry: string;
  fluorescence: string;
  lab: string;
  depthPct: number;
  tablePct: number;
  lwRatio: number;
  priceCents: number;
  status: string;
  createdAt: string;
  /** Whether it has a photograph (staff's or the feed's). */
  photo: boolean;
  /** Its video's origin ('' none): the search shows "with video" from the hosts the store lists. */
  videoOrigin: string;
}

/** A diamond as pages show it: the columns of DIAMOND_SELECT, typed from the table. */
export type DiamondDetailRow = Pick<
  DiamondRecord,
  | 'id'
  | 'serial'
  | 'origin'
  | 'shape'
  | 'caratPoints'
  | 'color'
  | 'clarity'
  | 'cut'
  | 'polish'
  | 'symmetry'
  | 'fluorescence'
  | 'depthPct'
  | 'tablePct'
  | 'lwRatio'
  | 'lengthMm'
  | 'widthMm'
  | 'depthMm'
  | 'lab'
  | 'certificate'
  | 'priceCents'
  | 'status'
> & {
  /** The first photograph's key (staff's, else the feed's), if any. */
  photoKey: string | null;
};
/** A melee parcel as the melee page lists it. */
export type MeleeListRow = Pick<
  MeleeParcelRecord,
  'id' | 'sku' | 'origin' | 'shape' | 'sizeMm' | 'sieve' | 'caratPerStone' | 'quality' | 'pricePerCaratCents' | 'stock'
>;

/** A notable gemstone as its stone-type listing shows it (the JSON the listing query builds). */
export type GemstoneListRow = Pick<
  NotableGemstoneRecord,
  | 'id'
  | 'serial'
  | 'color'
  | 'colorHex'
  | 'shape'
  | 'caratPoints'
  | 'lengthMm'
  | 'widthMm'
  | 'depthMm'
  | 'origin'
  | 'agtaCertificate'
  | 'treatment'
  | 'priceCents'
  | 'status'
  | 'videoUrl'
> & {
  type: string;
  /** Its first photograph, when staff took one. */
  photo: { key: string; alt: string; width: number; height: number } | null;
  hasReport: boolean;
};
/** An orderable variant of a product group, with the group's series. */
export type VariantRow = Pick<
  ProductRecord,
  'id' | 'groupId' | 'sku' | 'metal' | 'fingerSize' | 'lengthIn' | 'weightG' | 'priceCents' | 'stock' | 'leadDays'
> & { series: string };

const DIAMOND_SELECT = sql`
  select id, serial, origin, shape, carat_points as "caratPoints", color, clarity, cut, polish, symmetry, fluorescence, depth_pct as "depthPct",
    table_pct as "tablePct", lw_ratio as "lwRatio", length_mm as "lengthMm", width_mm as "widthMm", depth_mm as "depthMm", lab, certificate,
    price_cents as "priceCents", status,
    (select ph.key from stone_photo_view ph where ph.kind = 'diamond' and ph.stone_id = diamond_view.id
      order by ph.position, ph.key limit 1) as "photoKey"
  from diamond_view`;

/** A product card from the group row `p` (also in statements kept as plain text). */
const CARD_JSON = `json_build_object(
  'id', p.id, 'series', p.series, 'categoryId', p.category_id, 'description', p.description, 'minPriceCents', p.min_price_cents,
  'image', p.image, 'defaultMetal', p.default_metal, 'productId', p.default_product_id, 'metals', p.metals,
  'photo', (select ph.key from product_photo_view ph where ph.group_id = p.id order by ph.position, ph.key limit 1),
  'rating', (select json_build_object('count', r.count, 'average', r.average) from review_summary_view r where r.group_id = p.id),
  'metalMins', coalesce(p.min_price_by_metal::json, (select json_object_agg(mm.metal, mm.cents) from (
    select v.metal, min(v.price_cents) as cents from product_view v where v.group_id = p.id and v.active group by v.metal) mm)))`;
const cardJson = sql.raw(CARD_JSON);

interface SearchRow {
  count: number;
  products: GroupCardRow[];
  sections: Array<{ section: string; count: number }>;
}
/** $1 the query, $2 the page size, $3 the offset; `m` holds (id, category, featured, rank) of every match. */
const searchStatement = (match: string, rank: string) => `
  with m as materialized (
    select g.id, g.category_id, g.featured, ${rank} as rank from product_group_view g where ${match} and g.published),
  pg as (select id, rank, featured from m order by rank desc, featured desc, id limit $2 offset $3)
  select (select count(*)::int from m) as count,
    coalesce((select json_agg(${CARD_JSON} order by pg.rank desc, pg.featured desc, pg.id)
      from pg join product_group_view p on p.id = pg.id), '[]'::json) as products,
    coalesce((select json_agg(json_build_object('section', s.section, 'count', s.n) order by s.pos) from (
      select c.section, count(*)::int n, min(c.position) pos from m join category_view c on c.id = m.category_id group by c.section) s), '[]'::json) as sections`;
const SEARCH_TEXT = searchStatement(
  `g.search @@ websearch_to_tsquery('english', $1::text)`,
  `ts_rank(g.search, websearch_to_tsquery('english', $1::text))`,
);
/** How close a description's best word must be to the query for the last-resort fallback. */
const FUZZY_MIN = '0.45';
// `<%` is word_similarity ≥ the threshold set for this statement (FUZZY_MIN), and the description's
// trigram index answers it: without it every published description was compared (seconds at scale
// 50). Repeating the test as word_similarity(…) ≥ FUZZY_MIN computed each match once more (+40 %).
const SEARCH_FUZZY = searchStatement(`$1::text <% g.description`, `word_similarity($1::text, g.description)`);

interface GroupRow {
  id: number;
  series: string;
  categoryId: number;
  description: string;
  longDescription: string;
  kind: string;
  image: ImageSpec;
  defaultMetal: string;
  configurable: boolean;
  minPriceCents: number;
  stockTracked: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  engraving: EngravingOffer | null;
  attributes: Array<{ label: string; value: string }>;
  photos: Array<{ key: string; alt: string; width: number; height: number; metal: string | null }>;
  /** How a configurable design can be made (null for one sold as it is, or one with no model yet). */
  model: Pick<ModelRow, 'metals' | 'sizes' | 'widthsMm' | 'styles' | 'locations'> | null;
}
/** A variant as the detail statement sends it: [id, sku, metal, fingerSize, lengthIn, weightG, priceCents, stock, leadDays, listPriceCents]. */
type VariantTuple = [
  number,
  string,
  string,
  number | null,
  number | null,
  number,
  number,
  number,
  number,
  number | null,
];
const GROUP_DETAIL = `
  select g.id, g.series, g.category_id as "categoryId", g.description, g.long_description as "longDescription", g.kind, g.image,
    g.default_metal as "defaultMetal", g.configurable, g.min_price_cents as "minPriceCents",
    g.stock_tracked as "stockTracked", g.seo_title as "seoTitle", g.seo_description as "seoDescription", g.engraving,
    coalesce((select json_agg(json_build_array(v.id, v.sku, v.metal, v.finger_size, v.length_in, v.weight_g, v.price_cents, v.stock, v.lead_days,
      v.list_price_cents)
      order by v.id) from product_view v where v.group_id = g.id and v.active), '[]'::json) as variants,
    coalesce((select json_agg(json_build_object('label', a.label, 'value', a.value) order by a.label, a.value)
      from product_attribute_view a where a.group_id = g.id), '[]'::json) as attributes,
    coalesce((select json_agg(json_build_object('key', ph.key, 'alt', ph.alt, 'width', ph.width, 'height', ph.height, 'metal', ph.metal)
      order by ph.position, ph.key) from product_photo_view ph where ph.group_id = g.id), '[]'::json) as photos,
    (select json_build_object('metals', m.metals, 'sizes', m.sizes, 'widthsMm', m.widths_mm, 'styles', m.styles, 'locations', m.locations)
      from configuration_model_view m where g.configurable and m.group_id = g.id) as model
  from product_group_view g where g.id = $1 and (g.published or $2)`;

export const catalogRepository = {
  categories: async (db: DbOrTx) =>
    rowsOf<CategoryRow>(
      await db.execute(
        sql`select id, name, description, section, parent_id as "parentId", hidden, seo_title as "seoTitle",
          seo_description as "seoDescription" from category_view order by position, id`,
      ),
    ),

  /** Every product group with its card, sort keys and facet strings: the category listing's copy. */
  listingEntries: async (db: DbOrTx) =>
    rowsOf<{ card: GroupCardRow; featured: number; createdAt: string; facets: string[] }>(
      await db.execute(sql`
      select ${cardJson} as card, p.featured, p.created_at::text as "createdAt", p.facets from product_group_view p where p.published order by p.id
    `),
    ).map((r): ListingEntry => ({ ...r.card, featured: r.featured, createdAt: r.createdAt, facets: r.facets })),
  /** Designs placed by hand in categories (their order there, and collections beyond their home). */
  placements: async (db: DbOrTx) =>
    rowsOf<Placement>(
      await db.execute(sql`
      select category_id as "categoryId", group_id as "groupId", position from category_placement_view order by category_id, position
    `),
    ),

  /**
   * One design with its variants, attributes, photos and configurator's model: the product page's read, and the cold
   * one (a variant's address never asked before). A named statement: planned once, not per page
   * (0.87 → 0.34 ms on PGlite); variants come as arrays, not objects (less JSON built and parsed).
   */
  group: async (db: DbOrTx, groupId: number, drafts = false) => {
    const [row] = await named<GroupRow & { variants: VariantTuple[] }>(db, 'product_detail', GROUP_DETAIL, [
      groupId,
      drafts,
    ]);
    if (!row) return null;
    return {
      ...row,
      variants: row.variants.map(
        ([id, sku, metal, fingerSize, lengthIn, weightG, priceCents, stock, leadDays, listPriceCents]) => ({
          id,
          sku,
          metal,
          fingerSize,
          lengthIn,
          weightG,
          priceCents,
          stock,
          leadDays,
          listPriceCents,
        }),
      ),
    };
  },

  /** A design taken off sale for good: where its shoppers are sent instead. */
  archived: async (db: DbOrTx, groupId: number) =>
    rowsOf<{ categoryId: number }>(
      await db.execute(
        sql`select category_id as "categoryId" from product_group_view where id = ${groupId} and archived_at is not null`,
      ),
    )[0] ?? null,

  variantsBy: async (db: DbOrTx, by: { series?: string; groupId?: number }) =>
    rowsOf<VariantRow>(
      await db.execute(sql`
      select v.id, v.group_id as "groupId", g.series, v.sku, v.metal, v.finger_size as "fingerSize", v.length_in as "lengthIn", v.weight_g as "weightG",
        v.price_cents as "priceCents", v.stock, v.lead_days as "leadDays"
      from product_view v join product_group_view g on g.id = v.group_id
      where ${by.series ? sql`g.series = ${by.series}` : sql`g.id = ${by.groupId!}`} and v.active and g.published order by v.id limit 500
    `),
    ),

  /** The current snapshot, as text: what this reader has seen (the search index's watermark). */
  snapshot: async (db: DbOrTx) =>
    rowsOf<{ s: string }>(await db.execute(sql`select pg_current_snapshot()::text as s`))[0]!.s,

  /**
   * The searchable facts of diamonds: a chunk in id order, or the rows written by transactions that
   * were not yet visible in an earlier snapshot (still running then, or begun since).
   */
  diamondIndexRows: async (db: DbOrTx, q: { afterId: number; limit: number } | { notIn: string }) =>
    rowsOf<DiamondIndexRow>(
      await db.execute(sql`
      select id, origin, shape, carat_points as "caratPoints", color_rank as "colorRank", clarity_rank as "clarityRank", cut_rank as "cutRank",
        polish, symmetry, fluorescence, lab, depth_pct as "depthPct", table_pct as "tablePct", lw_ratio as "lwRatio", price_cents as "priceCents",
        status, created_at::text as "createdAt",
        exists (select 1 from stone_photo_view ph where ph.kind = 'diamond' and ph.stone_id = diamond_view.id) as photo,
        coalesce(lower(substring(video_url from '^(https?://[^/?#]+)')), '') as "videoOrigin"
      from diamond_view
      where ${
        'afterId' in q
          ? sql`id > ${q.afterId} order by id limit ${q.limit}`
          : sql`changed_xid >= pg_snapshot_xmin(${q.notIn}::pg_snapshot) and not pg_visible_in_snapshot(changed_xid, ${q.notIn}::pg_snapshot)`
      }
    `),
    ),

  /** One page of diamonds, by id, in the order given. */
  diamondsByIds: async (db: DbOrTx, ids: number[]) => {
    if (!ids.length) return [];
    const rows = rowsOf<DiamondDetailRow>(await db.execute(sql`${DIAMOND_SELECT} where id in (${list(ids)})`));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  diamond: async (db: DbOrTx, id: number) =>
    rowsOf<DiamondDetailRow>(await db.execute(sql`${DIAMOND_SELECT} where id = ${id}`))[0] ?? null,

  /** Where a diamond's feed (or staff) said its video and report are. */
  diamondLinks: async (db: DbOrTx, id: number) =>
    rowsOf<{ videoUrl: string | null; certificateUrl: string | null; hasReport: boolean; fromSupplier: boolean }>(
      await db.execute(sql`select video_url as "videoUrl", certificate_url as "certificateUrl",
        supplier_id is not null as "fromSupplier",
        exists (select 1 from stone_report_view r where r.kind = 'diamond' and r.stone_id = diamond_view.id) as "hasReport"
        from diamond_view where id = ${id}`),
    )[0] ?? { videoUrl: null, certificateUrl: null, hasReport: false, fromSupplier: false },

  /** A loose stone's photographs, in their order. */
  stonePhotos: async (db: DbOrTx, kind: 'diamond' | 'gemstone', id: number) =>
    rowsOf<{ key: string; alt: string; width: number; height: number }>(
      await db.execute(sql`select key, alt, width, height from stone_photo_view where kind = ${kind} and stone_id = ${id}
        order by position, key`),
    ),

  gemstoneTypes: async (db: DbOrTx) =>
    rowsOf<{
      slug: string;
      name: string;
      description: string;
      color: string;
      count: number;
      fromCents: number | null;
      shape: string | null;
    }>(
      await db.execute(sql`
      select t.slug, t.name, t.description, t.color, count(s.id)::int as count, min(s.price_cents)::int as "fromCents", mode() within group (order by s.shape) as shape
      from gemstone_type_view t left join notable_gemstone_view s on s.type_slug = t.slug and s.status = 'available'
      group by t.slug, t.name, t.description, t.color, t.position order by t.position
    `),
    ),

  gemstones: async (
    db: DbOrTx,
    q: {
      type: string;
      color?: string[];
      shape?: string[];
      origin?: string[];
      caratMin?: number;
      caratMax?: number;
      priceMin?: number;
      priceMax?: number;
      agta?: 'yes';
      sort: string;
      limit: number;
      offset: number;
    },
  ) => {
    const conds: SQL[] = [sql`type_slug = ${q.type}`, sql`status = 'available'`];
    if (q.color?.length) conds.push(sql`color in (${list(q.color)})`);
    if (q.shape?.length) conds.push(sql`shape in (${list(q.shape)})`);
    if (q.origin?.length) conds.push(sql`origin in (${list(q.origin)})`);
    if (q.caratMin !== undefined) conds.push(sql`carat_points >= ${pointsOf(q.caratMin)}`);
    if (q.caratMax !== undefined) conds.push(sql`carat_points <= ${pointsOf(q.caratMax)}`);
    if (q.priceMin !== undefined) conds.push(sql`price_cents >= ${centsOf(q.priceMin)}`);
    if (q.priceMax !== undefined) conds.push(sql`price_cents <= ${centsOf(q.priceMax)}`);
    if (q.agta) conds.push(sql`agta_certificate is not null`);
    const order: Record<string, SQL> = {
      'price-asc': sql`price_cents asc, id`,
      'price-desc': sql`price_cents desc, id`,
      'carat-desc': sql`carat_points desc, id`,
      'carat-asc': sql`carat_points asc, id`,
    };
    const [row] = rowsOf<{
      count: number;
      rows: GemstoneListRow[];
      facets: Array<{ label: string; value: string; count: number }>;
    }>(
      await db.execute(sql`
      with f as (select * from notable_gemstone_view where ${sql.join(conds, sql` and `)}),
      p as (select *, row_number() over (order by ${order[q.sort]}) rn from f order by ${order[q.sort]} limit ${q.limit} offset ${q.offset})
      select (select count(*)::int from f) as count,
        coalesce((select json_agg(json_build_object('id', id, 'serial', serial, 'type', type_slug, 'color', color, 'colorHex', color_hex, 'shape', shape,
          'caratPoints', carat_points, 'lengthMm', length_mm, 'widthMm', width_mm, 'depthMm', depth_mm, 'origin', origin, 'agtaCertificate', agta_certificate,
          'treatment', treatment, 'priceCents', price_cents, 'status', status, 'videoUrl', video_url,
          'photo', (select json_build_object('key', ph.key, 'alt', ph.alt, 'width', ph.width, 'height', ph.height)
            from stone_photo_view ph where ph.kind = 'gemstone' and ph.stone_id = p.id order by ph.position, ph.key limit 1),
          'hasReport', exists (select 1 from stone_report_view r where r.kind = 'gemstone' and r.stone_id = p.id)
          ) order by rn) from p), '[]'::json) as rows,
        coalesce((select json_agg(x) from (
          select 'color' as label, color as value, count(*)::int as count from f group by color
          union all select 'shape', shape, count(*)::int from f group by shape
          union all select 'origin', origin, count(*)::int from f group by origin order by 1, 2) x), '[]'::json) as facets
    `),
    );
    return row!;
  },

  gemstoneType: async (db: DbOrTx, slug: string) =>
    rowsOf<{ slug: string; name: string; description: string }>(
      await db.execute(sql`select slug, name, description from gemstone_type_view where slug = ${slug}`),
    )[0] ?? null,

  melee: async (db: DbOrTx, q: { origin?: string; shape?: string }) =>
    rowsOf<MeleeListRow>(
      await db.execute(sql`
      select id, sku, origin, shape, size_mm as "sizeMm", sieve, carat_per_stone as "caratPerStone", quality, price_per_carat_cents as "pricePerCaratCents", stock
      from melee_parcel_view where true ${q.origin ? sql`and origin = ${q.origin}` : sql``} ${q.shape ? sql`and shape = ${q.shape}` : sql``}
      order by origin, shape, size_mm, price_per_carat_cents desc
    `),
    ),

  /** Each distinct description once, with the group that stands for it (featured first, then lowest id). */
  suggestionEntries: async (db: DbOrTx) =>
    rowsOf<SuggestionEntry>(
      await db.execute(sql`
      select distinct on (description) id, description, image, default_metal as "defaultMetal", featured
      from product_group_view where published order by description, featured desc, id
    `),
    ),

  /** Close spellings, for when the substring finds too little. */
  suggestFuzzy: async (db: DbOrTx, q: string) =>
    rowsOf<{ id: number; description: string; image: ImageSpec; defaultMetal: string }>(
      await db.execute(sql`
      select id, description, image, default_metal as "defaultMetal" from product_group_view
      where ${q} <% description and published order by word_similarity(${q}, description) desc, featured desc, id limit 40
    `),
    ),

  searchWords: async (db: DbOrTx) =>
    rowsOf<{ word: string }>(
      await db.execute(
        sql`select word from ts_stat('select to_tsvector(''simple'', description || '' '' || search_text) from product_group_view where published') where length(word) > 2`,
      ),
    ).map((r) => r.word),

  /**
   * Full-text (or, failing that, close-spelling) search: a named statement, so PostgreSQL parses
   * and plans it once per connection. It ranks over ids and scores only, then builds the cards of
   * the page's rows alone (a whole row of every match used to be carried through the ranking).
   */
  search: async (
    database: Pick<Database, 'prepared'>,
    q: { tsquery?: string; fuzzy?: string; limit: number; offset: number },
  ) => {
    const [row] =
      q.tsquery !== undefined
        ? await database.prepared<SearchRow>('product_search_text', SEARCH_TEXT, [q.tsquery, q.limit, q.offset])
        : await database.prepared<SearchRow>('product_search_fuzzy', SEARCH_FUZZY, [q.fuzzy!, q.limit, q.offset], {
            'pg_trgm.word_similarity_threshold': FUZZY_MIN,
          });
    return row!;
  },
};
