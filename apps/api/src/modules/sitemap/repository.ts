import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** A W3C datetime in UTC, as sitemaps write lastmod. */
const w3c = (col: ReturnType<typeof sql>) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

// What the sitemaps list: published product groups, diamonds on sale, stone types with stones on
// sale — each with when it last changed. Read a page at a time, in id order.

export interface ProductEntry {
  id: number;
  series: string;
  categoryId: number;
  productId: number;
  lastmod: string;
}
export interface DiamondEntry {
  id: number;
  serial: string;
  origin: string;
  lastmod: string;
}

export const sitemapRepository = {
  counts: async (db: DbOrTx) =>
    rowsOf<{ products: number; diamonds: number; productsLastmod: string | null; diamondsLastmod: string | null }>(
      await db.execute(sql`select
        (select count(*)::int from product_group_view where published and default_product_id <> 0) as products,
        (select ${w3c(sql`max(coalesce(updated_at, created_at))`)} from product_group_view where published) as "productsLastmod",
        (select count(*)::int from diamond_view where status = 'available') as diamonds,
        (select ${w3c(sql`max(updated_at)`)} from diamond_view where status = 'available') as "diamondsLastmod"`),
    )[0]!,

  products: async (db: DbOrTx, offset: number, limit: number) =>
    rowsOf<ProductEntry>(
      await db.execute(sql`select id, series, category_id as "categoryId", default_product_id as "productId",
        ${w3c(sql`coalesce(updated_at, created_at)`)} as lastmod
        from product_group_view where published and default_product_id <> 0 order by id limit ${limit} offset ${offset}`),
    ),

  diamonds: async (db: DbOrTx, offset: number, limit: number) =>
    rowsOf<DiamondEntry>(
      await db.execute(sql`select id, serial, origin, ${w3c(sql`updated_at`)} as lastmod
        from diamond_view where status = 'available' order by id limit ${limit} offset ${offset}`),
    ),

  /** Stone types with a stone on sale (their page lists the stones: a gemstone has no page of its own). */
  stoneTypes: async (db: DbOrTx) =>
    rowsOf<{ slug: string }>(
      await db.execute(sql`select t.slug from gemstone_type_view t
        where exists (select 1 from notable_gemstone_view s where s.type_slug = t.slug and s.status = 'available')
        order by t.position`),
    ),
};
