import { metalName } from '@facet/contracts/metals';
import { fixedVariantPrice, type NewDesign } from '@facet/contracts/admin-catalogue';
import { roundPrice, type Rounding } from '@facet/contracts/money';
import type { NewVariantRow } from './repository.ts';

// A design made by hand becomes its variants: every metal × size (or length) it is offered in,
// priced the way the seeded pieces are (labour + metal weight × today's rate) or at fixed prices
// (one, or one per metal, and more from a size or length up).

interface Metal {
  quality: string;
  centsPerGram: number;
  densityFactor: number;
}

/** A size or a length changes how much metal a piece takes (size 7 and 18 in are the reference). */
export const weightFor = (grams14k: number, density: number, size: number | null, length: number | null) =>
  Math.round(grams14k * density * (size ? 1 + (size - 7) * 0.03 : 1) * (length ? length / 18 : 1) * 10) / 10;

export function variantsOf(
  d: NewDesign,
  series: string,
  metals: Metal[],
  /** Made-to-order lead time, and how the store's worked-out prices end. */
  store: { madeToOrderDays: number; rounding: Rounding },
): NewVariantRow[] {
  const { madeToOrderDays } = store;
  const rate = new Map(metals.map((m) => [m.quality, m]));
  const sizes = d.sizes.length ? [...d.sizes].sort((a, b) => a - b) : [null];
  const lengths = d.lengthsIn.length ? [...d.lengthsIn].sort((a, b) => a - b) : [null];
  const out: NewVariantRow[] = [];
  for (const quality of d.metals) {
    const m = rate.get(quality);
    if (!m) throw new Error(`No metal price for ${metalName(quality)}`);
    for (const size of sizes)
      for (const length of lengths) {
        const weightG = weightFor(d.pricing.mode === 'metal' ? d.pricing.weightG : 1, m.densityFactor, size, length);
        out.push({
          sku: [series, quality, size === null ? null : String(size), length === null ? null : `${length}IN`]
            .filter(Boolean)
            .join('-'),
          metal: quality,
          fingerSize: size,
          lengthIn: length,
          weightG: d.pricing.mode === 'metal' ? weightG : 0,
          priceCents:
            d.pricing.mode === 'metal'
              ? roundPrice(d.pricing.labourCents + weightG * m.centsPerGram, store.rounding, 'nearest')
              : fixedVariantPrice(d.pricing, quality, size ?? length),
          stock: d.stock.mode === 'on-hand' ? d.stock.quantity : 0,
          leadDays: d.stock.mode === 'on-hand' ? d.stock.shipsInDays : madeToOrderDays,
        });
      }
  }
  return out;
}

/** The word in a new design's address when staff give none: its name, shortened. */
export const seriesFromName = (name: string) =>
  name
    .toUpperCase()
    .normalize('NFKD')
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 20)
    .replace(/-+$/, '') || 'DESIGN';
