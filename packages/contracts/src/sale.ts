import { z } from 'zod';

/** An automatic sale as the shopper sees it beside a price: its name, how much off and when it ends. */
export const saleTag = z.object({ name: z.string(), percent: z.number().int(), endsAt: z.string() });
export type SaleTag = z.infer<typeof saleTag>;

/** A price after a sale: the percentage off, rounded to the cent (the one rule every surface uses). */
export const salePrice = (cents: number, percent: number) => cents - Math.round((cents * percent) / 100);

/** What a price carries when a sale took something off: the price before it, and the sale. */
export const onSale = { wasCents: z.number().int().optional(), sale: saleTag.optional() };

/**
 * The maker's list price beside a piece's price, only where it is true and no sale speaks: above
 * what the piece costs here, and no sale on it (a sale's "was" is the store's own former price;
 * two comparisons side by side would mislead).
 */
export function listPriceShown(
  listPriceCents: number | null | undefined,
  priced: { priceCents: number; sale?: unknown },
): { listPriceCents?: number } {
  return listPriceCents != null && !priced.sale && listPriceCents > priced.priceCents ? { listPriceCents } : {};
}
