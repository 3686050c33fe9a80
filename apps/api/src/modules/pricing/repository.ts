import type { MetalRate, MetalRatePreview } from '@facet/contracts/admin-pricing';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** A metal's price, as the back office shows it. */
export type RateRow = MetalRate;
/** An item priced from a metal, before a change (the preview adds its price after). */
export type SampleRow = Omit<MetalRatePreview[number], 'afterCents'>;

export const pricingRepository = {
  rates: async (db: DbOrTx) =>
    rowsOf<RateRow>(
      await db.execute(sql`select quality, name, cents_per_gram as "centsPerGram" from metal_rate order by position`),
    ),
  lockRate: async (tx: DbOrTx, quality: string) =>
    rowsOf<RateRow>(
      await tx.execute(
        sql`select quality, name, cents_per_gram as "centsPerGram" from metal_rate where quality = ${quality} for update`,
      ),
    )[0] ?? null,
  setRate: (tx: DbOrTx, quality: string, cents: number) =>
    tx.execute(sql`update metal_rate set cents_per_gram = ${cents} where quality = ${quality}`),

  /**
   * Pieces sold as they are carry the metal in their price: the metal's share moves by weight ×
   * the change per gram, labour stays, and prices stay in whole dollars. Each touched group's
   * "from" price follows.
   */
  repricePieces: async (tx: DbOrTx, quality: string, deltaCentsPerGram: number) => {
    const changed = rowsOf<{ group_id: number }>(
      await tx.execute(sql`
      update product p set price_cents = greatest(100, round((p.price_cents + p.weight_g * ${deltaCentsPerGram}) / 100.0)::int * 100)
      from product_group g
      where g.id = p.group_id and not g.configurable and g.pricing = 'metal' and p.metal = ${quality}
      returning p.group_id`),
    );
    await tx.execute(sql`
      update product_group g set min_price_cents = (select min(p.price_cents) from product p where p.group_id = g.id and p.active)
      where not g.configurable and g.id in (select distinct p.group_id from product p where p.metal = ${quality})`);
    return changed.length;
  },

  /** A few pieces and configurable designs in this metal: what the preview shows before and after. */
  sample: async (db: DbOrTx, quality: string) => {
    const pieces = rowsOf<SampleRow>(
      await db.execute(sql`
      select 'piece' as kind, p.id, g.description || ' (' || p.sku || ')' as title, p.price_cents as "priceCents"
      from product p join product_group g on g.id = p.group_id
      where not g.configurable and g.pricing = 'metal' and p.metal = ${quality} and p.active order by p.id limit 4`),
    );
    // A configurable design's variant price is what the configurator charges with the cheapest stones.
    const configured = rowsOf<SampleRow>(
      await db.execute(sql`
      select 'configured' as kind, p.id, g.description || ' (' || p.sku || ', with the cheapest stones)' as title, p.price_cents as "priceCents"
      from product p join product_group g on g.id = p.group_id
      where g.configurable and p.metal = ${quality} and p.active order by p.id limit 3`),
    );
    return [...pieces, ...configured];
  },
  sampleAgain: async (db: DbOrTx, rows: SampleRow[]) => {
    if (!rows.length) return new Map<number, number>();
    const ids = sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    );
    const now = rowsOf<{ id: number; priceCents: number }>(
      await db.execute(sql`select id, price_cents as "priceCents" from product where id in (${ids})`),
    );
    return new Map(now.map((r) => [r.id, r.priceCents]));
  },
};
