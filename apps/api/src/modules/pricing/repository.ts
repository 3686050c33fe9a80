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

  /** A few pieces and configurable designs in this metal: what the preview shows before and after. */
  sample: async (db: DbOrTx, quality: string) => {
    const pieces = rowsOf<SampleRow>(
      await db.execute(sql`
      select 'piece' as kind, p.id, g.description || ' (' || p.sku || ')' as title, p.price_cents as "priceCents"
      from product_view p join product_group_view g on g.id = p.group_id
      where not g.configurable and g.pricing = 'metal' and p.metal = ${quality} and p.active order by p.id limit 4`),
    );
    // A configurable design's variant price is what the configurator charges with the cheapest stones.
    const configured = rowsOf<SampleRow>(
      await db.execute(sql`
      select 'configured' as kind, p.id, g.description || ' (' || p.sku || ', with the cheapest stones)' as title, p.price_cents as "priceCents"
      from product_view p join product_group_view g on g.id = p.group_id
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
      await db.execute(sql`select id, price_cents as "priceCents" from product_view where id in (${ids})`),
    );
    return new Map(now.map((r) => [r.id, r.priceCents]));
  },
};
