import type { StoneLocation } from './schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  meleeUnit,
  priceConfiguration,
  sizeUpchargeCents,
  type MetalRate,
  type PriceBreakdown,
  type StoneChoice,
} from './price.ts';
import { configuratorRepository as repo, type ModelRow } from './repository.ts';

// What a shopper can actually buy, and the least it costs. Every price the store shows for a
// configurable piece (card "from", the product API's variants, the page before stones are chosen)
// is priceConfiguration over a purchasable configuration: one function, no second price table.

/** The width the configurator starts on when a band offers several. */
export const DEFAULT_WIDTH_MM = 4;

export interface SettingShape {
  size?: number;
  widthMm?: number;
  style?: { name: string; labourCents: number };
}

/** The one price function applied to a model: weight grows with ring size and band width. */
export function priceSetting(m: ModelRow, rate: MetalRate, shape: SettingShape, stones: StoneChoice[]): PriceBreakdown {
  const weightG =
    m.baseWeightG *
    (shape.size ? 1 + (shape.size - 7) * 0.03 : 1) *
    (shape.widthMm ? shape.widthMm / DEFAULT_WIDTH_MM : 1);
  return priceConfiguration({
    castingLabourCents: m.castingLabourCents,
    weightG,
    metal: rate,
    sizeUpchargeCents: shape.size ? sizeUpchargeCents(shape.size) : 0,
    sizeLabel: shape.size?.toString(),
    stones,
    finishes: shape.style ? [{ label: `${shape.style.name} profile`, cents: shape.style.labourCents }] : [],
  });
}

/** Locations the piece is sold with: a complete ring has its center and accents; a mounting's center is the shopper's choice. */
export const requiredLocations = (m: Pick<ModelRow, 'locations'>) => m.locations.filter((l) => !l.optional);

export const locationLabel = (l: StoneLocation) =>
  l.group === 'Center'
    ? `Center stone (${l.shape.toLowerCase()}, ${l.caratMin!.toFixed(2)}–${l.caratMax!.toFixed(2)} ct)`
    : `Accent stones (${l.count} × ${l.sizeMm} mm ${l.shape.toLowerCase()})`;

const locationKey = (l: StoneLocation) =>
  `${l.group}:${l.shape}:${l.caratMin ?? ''}:${l.caratMax ?? ''}:${l.sizeMm ?? ''}:${l.count}`;

/** A stone on sale, as the configurator names it in a configuration. */
export interface StoneRef {
  kind: 'diamond' | 'gemstone' | 'melee';
  id: number;
}

/** The cheapest stone that fits a location: what it costs and which it is. */
export type CheapestUnit = StoneRef & { cents: number };

/** The cheapest stones kept per location kind, shared across models and page views. */
export type CheapestMemo = Map<string, Promise<CheapestUnit | null>>;

/**
 * The cheapest stone on sale today for each location (null: nothing fits right now). Any stone the
 * configurator offers counts: natural or lab-grown diamonds and every gemstone type for a center,
 * melee parcels with enough stones for accents. `memo` shares look-ups across many models.
 */
export async function cheapestStones(
  db: DbOrTx,
  locations: StoneLocation[],
  memo: CheapestMemo = new Map(),
): Promise<Array<(StoneChoice & { ref: StoneRef }) | null>> {
  return Promise.all(
    locations.map(async (l) => {
      const key = locationKey(l);
      let unit = memo.get(key);
      if (!unit) {
        unit = cheapestUnit(db, l);
        memo.set(key, unit);
        // A failed look-up is asked again next time, not remembered.
        unit.catch(() => memo.delete(key));
      }
      const found = await unit;
      return found === null
        ? null
        : {
            location: l.LocationNumber,
            label: locationLabel(l),
            unitPriceCents: found.cents,
            count: l.count,
            settingLabourCents: l.settingLabourCents,
            ref: { kind: found.kind, id: found.id },
          };
    }),
  );
}

async function cheapestUnit(db: DbOrTx, l: StoneLocation): Promise<CheapestUnit | null> {
  if (l.group === 'Accent') {
    const parcels = await Promise.all(
      (['natural', 'lab'] as const).map((origin) =>
        repo.fittingMelee(db, { origin, shape: l.shape, sizeMm: l.sizeMm! }),
      ),
    );
    let best: CheapestUnit | null = null;
    for (const p of parcels.flat()) {
      if (p.stock < l.count) continue;
      const cents = meleeUnit(p);
      if (!best || cents < best.cents || (cents === best.cents && p.id < best.id))
        best = { kind: 'melee', id: p.id, cents };
    }
    return best;
  }
  return repo.cheapestCenter(db, l.shape, l.caratMin!, l.caratMax!);
}

/** Every shape of setting a model offers: metal × size × width × profile. */
function* shapesOf(m: ModelRow): Generator<SettingShape> {
  for (const size of m.sizes.length ? m.sizes : [undefined]) {
    for (const widthMm of m.widthsMm ?? [undefined]) {
      for (const style of m.styles ?? [undefined]) yield { size, widthMm, style };
    }
  }
}

/** A whole configuration a shopper can choose on the page: metal, shape and a stone for every place that needs one. */
export interface LeastConfiguration {
  metal: string;
  shape: SettingShape;
  stones: Array<{ location: number } & StoneRef>;
  /** Its price before any sale. */
  cents: number;
}

export interface PurchasablePrices {
  /** The least any purchasable configuration costs: the card's "from". Null when nothing fits today. */
  fromCents: number | null;
  /** The same in each metal. */
  fromByMetal: Record<string, number>;
  /** The configuration behind each metal's least price (the page names and links it). */
  leastByMetal: Record<string, LeastConfiguration>;
  /** Per catalogue variant (metal + size): what the configurator charges for it with the cheapest stones it needs. */
  variants: Map<number, number>;
}

/** Prices the catalogue shows for one configurable model. */
export async function purchasablePrices(
  db: DbOrTx,
  m: ModelRow,
  rates: Map<string, MetalRate>,
  variants: Array<{ id: number; metal: string; fingerSize: number | null }>,
  memo?: CheapestMemo,
): Promise<PurchasablePrices> {
  const fills = await cheapestStones(db, requiredLocations(m), memo);
  const sold = fills.every((f) => f !== null);
  const stones = fills.filter((f) => f !== null);
  let fromCents = Infinity;
  const fromByMetal: Record<string, number> = {};
  const leastByMetal: Record<string, LeastConfiguration> = {};
  for (const metal of m.metals) {
    const rate = rates.get(metal);
    if (!rate) continue;
    let least: LeastConfiguration | null = null;
    for (const shape of shapesOf(m)) {
      const cents = priceSetting(m, rate, shape, stones).totalCents;
      // Ties keep the first shape: the smaller size, the narrower band, the first profile.
      if (!least || cents < least.cents)
        least = { metal, shape, cents, stones: stones.map((s) => ({ location: s.location, ...s.ref })) };
    }
    if (!least) continue;
    fromByMetal[metal] = least.cents;
    leastByMetal[metal] = least;
    fromCents = Math.min(fromCents, least.cents);
  }
  const out = new Map<number, number>();
  for (const v of variants) {
    const rate = rates.get(v.metal);
    if (!rate) continue;
    const size = m.sizes.length ? (v.fingerSize ?? 7) : undefined;
    out.set(
      v.id,
      priceSetting(m, rate, { size, widthMm: m.widthsMm ? DEFAULT_WIDTH_MM : undefined, style: m.styles?.[0] }, stones)
        .totalCents,
    );
  }
  return {
    fromCents: sold && Number.isFinite(fromCents) ? fromCents : null,
    fromByMetal,
    leastByMetal: sold ? leastByMetal : {},
    variants: out,
  };
}

/**
 * Writes the configurator's prices into the catalogue (group "from" and variant prices) for the
 * given configurable groups, or all of them. Runs after seeding, and after a sale or a price change
 * moves the cheapest stone or metal; only rows whose price changed are written.
 */
/** What configurable designs sell for: each group's "from" price (overall and per metal) and each variant's price. */
export interface ConfiguredPrices {
  groups: number;
  groupRows: Array<[number, number, Record<string, number>]>;
  variantRows: Array<[number, number]>;
}

export async function configuredPrices(db: DbOrTx, groupIds?: number[]): Promise<ConfiguredPrices> {
  const models = await repo.models(db, groupIds);
  if (!models.length) return { groups: 0, groupRows: [], variantRows: [] };
  const rates = new Map((await repo.metalRates(db)).map((r) => [r.quality, r]));
  const variants = await repo.variantsOf(
    db,
    models.map((m) => m.groupId),
  );
  const byGroup = Map.groupBy(variants, (v) => v.groupId);
  const memo: CheapestMemo = new Map();
  const groupRows: Array<[number, number, Record<string, number>]> = [];
  const variantRows: Array<[number, number]> = [];
  for (const m of models) {
    const p = await purchasablePrices(db, m, rates, byGroup.get(m.groupId) ?? [], memo);
    // Nothing fits today: the piece cannot be completed, so its last price stands until a stone arrives.
    if (p.fromCents === null) continue;
    groupRows.push([m.groupId, p.fromCents, p.fromByMetal]);
    for (const [id, cents] of p.variants) variantRows.push([id, cents]);
  }
  return { groups: models.length, groupRows, variantRows };
}
