import type { ConfigureInput, ConfiguredProduct, ConfiguredStone, StoneFamily } from '@facet/contracts/configurator';
import { paths } from '@facet/contracts/paths';
import { diamondName, gemstoneName } from '@facet/contracts/stone-names';
import type { Db } from '../../db/client.ts';
import type { StoneLocation } from './schema.ts';
import { NotFound, Unprocessable } from '../../errors.ts';
import { itemImageUrl, stoneImageUrl } from '@facet/contracts/paths';
import { photoOf } from '@facet/contracts/photo-sizes';
import { meleeUnit, type StoneChoice } from './price.ts';
import {
  cheapestStones,
  DEFAULT_WIDTH_MM,
  locationLabel,
  priceSetting,
  purchasablePrices,
  requiredLocations,
  type CheapestMemo,
  type SettingShape,
  type StoneRef,
} from './purchasable.ts';
import {
  configuratorRepository as repo,
  type DiamondRow,
  type GemRow,
  type MeleeRow,
  type ModelRow,
} from './repository.ts';
import { caratOf } from '@facet/contracts/carats';
import { salePrice } from '@facet/contracts/sale';
import { saleBook, type SaleBook } from '../sales/index.ts';

// Models and metal rates change only when the store edits them; a short memo keeps
// configure-product to the stone lookups alone. Stones are always read fresh (they sell).
const MEMO_MS = 60_000;
const memo = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();
/** This database's map in a per-database memo (a test app's database is not another's). */
function keptFor<V>(memos: WeakMap<Db, Map<string, V>>, db: Db): Map<string, V> {
  let m = memos.get(db);
  if (!m) {
    m = new Map();
    memos.set(db, m);
  }
  return m;
}
function remember<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const m = keptFor(memo, db);
  const hit = m.get(key);
  if (hit && Date.now() - hit.at < MEMO_MS) return hit.value as Promise<T>;
  const value = load();
  m.set(key, { at: Date.now(), value });
  value.catch(() => m.delete(key));
  return value;
}

// The cheapest stones that fit a setting make a piece's "from" price, asked for on every page of
// it. They change only when a stone does (sold, put back, priced, imported), so they are kept
// until then: every write to the stones, by any instance, forgets them (catalogue-changes.ts).
const cheapestMemo = new WeakMap<Db, CheapestMemo>();

/** Forgets the cheapest stones kept for "from" prices (stones changed). */
export const forgetCheapestStones = (db: Db) => {
  cheapestMemo.delete(db);
};

/** What other modules may read of the configurator's tables (the cart prices lines from them). */
export const configuratorReads = {
  model: repo.model,
  groupIdBySeries: repo.groupIdBySeries,
  variantFor: repo.variantFor,
  diamond: repo.diamond,
  gemstone: repo.gemstone,
  melee: repo.melee,
};

/** Forgets remembered models and metal rates (the store changed them; see catalogue-changes.ts). */
export const forgetConfiguratorMemo = (db: Db) => {
  memo.delete(db);
};

async function model(db: Db, groupId: number): Promise<ModelRow> {
  const m = await remember(db, `model:${groupId}`, () => repo.model(db, groupId));
  if (!m) throw new NotFound('This piece cannot be configured.');
  return m;
}
function locationOf(m: ModelRow, n: number): StoneLocation {
  const loc = m.locations.find((l) => l.LocationNumber === n);
  if (!loc) throw new Unprocessable(`This setting has no stone location ${n}.`);
  return loc;
}

/** Which stones can go in each location: serialized families for a center, melee for accents. */
export async function stoneFamilies(
  db: Db,
  groupId: number,
  locations: number[],
): Promise<Record<string, StoneFamily[]>> {
  const m = await model(db, groupId);
  const out: Record<string, StoneFamily[]> = {};
  for (const n of locations) {
    const loc = locationOf(m, n);
    if (loc.group === 'Center') {
      const gems = await repo.gemstoneTypesFitting(db, loc.shape, loc.caratMin!, loc.caratMax!);
      out[n] = [
        { name: 'Diamond', slug: 'diamond', categories: [{ name: 'Natural', serialized: true }] },
        { name: 'Lab-Grown Diamond', slug: 'lab-grown-diamond', categories: [{ name: 'Lab-Grown', serialized: true }] },
        ...gems.map((g) => ({
          name: g.name,
          slug: g.slug,
          categories: [{ name: 'Natural' as const, serialized: true }],
        })),
      ];
    } else {
      out[n] = [
        { name: 'Diamond', slug: 'diamond', categories: [{ name: 'Natural', serialized: false }] },
        {
          name: 'Lab-Grown Diamond',
          slug: 'lab-grown-diamond',
          categories: [{ name: 'Lab-Grown', serialized: false }],
        },
      ];
    }
  }
  return out;
}

export const diamondTitle = (d: DiamondRow) => diamondName({ ...d, carat: caratOf(d.caratPoints) });
export const gemTitle = (g: GemRow) => gemstoneName({ ...g, carat: caratOf(g.caratPoints) });
export const meleeTitle = (p: MeleeRow) =>
  `${p.sizeMm.toFixed(1)} mm ${p.shape.toLowerCase()} ${p.origin === 'lab' ? 'lab-grown ' : ''}diamond, ${p.quality}`;
export { meleeUnit } from './price.ts';

function offer(
  kind: ConfiguredStone['kind'],
  id: number,
  title: string,
  image: string,
  loc: StoneLocation,
  unit: number,
  href: string | null,
): ConfiguredStone {
  return {
    kind,
    id,
    title,
    image,
    quantity: loc.count,
    unitPriceCents: unit,
    settingLabourCents: loc.settingLabourCents,
    totalCents: unit * loc.count + loc.settingLabourCents,
    href,
  };
}

export async function searchStones(
  db: Db,
  q: {
    groupId: number;
    location: number;
    family: string;
    category?: 'Natural' | 'Lab-Grown';
    filters?: { colorMax?: number; clarityMax?: number; priceMax?: number };
    sort: string;
    limit: number;
  },
) {
  const m = await model(db, q.groupId);
  const loc = locationOf(m, q.location);
  const lab = q.family === 'lab-grown-diamond' || q.category === 'Lab-Grown';
  let stones: ConfiguredStone[];
  if (loc.group === 'Accent') {
    if (q.family !== 'diamond' && q.family !== 'lab-grown-diamond')
      throw new Unprocessable('Accent stones are diamonds or lab-grown diamonds.');
    const parcels = await repo.fittingMelee(db, {
      origin: lab ? 'lab' : 'natural',
      shape: loc.shape,
      sizeMm: loc.sizeMm!,
    });
    stones = parcels
      .filter((p) => p.stock >= loc.count)
      .map((p) =>
        offer('melee', p.id, meleeTitle(p), stoneImageUrl(p.shape, 'diamond', meleeTitle(p)), loc, meleeUnit(p), null),
      );
  } else if (q.family === 'diamond' || q.family === 'lab-grown-diamond') {
    const rows = await repo.fittingDiamonds(db, {
      origin: lab ? 'lab' : 'natural',
      shape: loc.shape,
      caratMin: loc.caratMin!,
      caratMax: loc.caratMax!,
      ...q.filters,
      sort: q.sort,
      limit: q.limit,
    });
    stones = rows.map((d) =>
      offer(
        'diamond',
        d.id,
        diamondTitle(d),
        // Its photograph when it has one (the stone picker shows the real stone), else its drawing.
        d.photoKey ? paths.photo(d.photoKey, 'thumb') : stoneImageUrl(d.shape, 'diamond', diamondTitle(d)),
        loc,
        d.priceCents,
        paths.diamondOf(d),
      ),
    );
  } else {
    const rows = await repo.fittingGemstones(db, {
      type: q.family,
      shape: loc.shape,
      caratMin: loc.caratMin!,
      caratMax: loc.caratMax!,
      priceMax: q.filters?.priceMax,
      sort: q.sort,
      limit: q.limit,
    });
    stones = rows.map((g) =>
      offer('gemstone', g.id, gemTitle(g), stoneImageUrl(g.shape, g.colorHex, gemTitle(g)), loc, g.priceCents, null),
    );
  }
  return { [q.location]: stones };
}

/** Checks a chosen stone against its location and answers what the price function needs. */
async function resolveStone(
  db: Db,
  loc: StoneLocation,
  choice: ConfigureInput['stones'][number],
): Promise<{ price: StoneChoice; stone: string }> {
  const prefix = `${loc.group === 'Center' ? 'Center' : 'Accents'}: `;
  if (choice.kind === 'melee') {
    if (loc.group !== 'Accent')
      throw new Unprocessable(`Location ${loc.LocationNumber} holds a center stone, not melee.`);
    const p = await repo.melee(db, choice.id);
    if (!p) throw new Unprocessable('That melee parcel does not exist.');
    if (p.shape !== loc.shape || p.sizeMm !== loc.sizeMm)
      throw new Unprocessable(
        `That melee does not fit location ${loc.LocationNumber}: it needs ${loc.sizeMm} mm ${loc.shape.toLowerCase()} stones.`,
      );
    if (p.stock < loc.count) throw new Unprocessable('That melee parcel does not have enough stones left.');
    return {
      price: {
        location: loc.LocationNumber,
        label: prefix + meleeTitle(p),
        unitPriceCents: meleeUnit(p),
        count: loc.count,
        settingLabourCents: loc.settingLabourCents,
      },
      stone: 'diamond',
    };
  }
  if (loc.group !== 'Center') throw new Unprocessable(`Location ${loc.LocationNumber} takes accent stones (melee).`);
  const s = choice.kind === 'diamond' ? await repo.diamond(db, choice.id) : await repo.gemstone(db, choice.id);
  if (!s) throw new Unprocessable(`That ${choice.kind} does not exist.`);
  if (s.status !== 'available')
    throw new Unprocessable(`That ${choice.kind} is no longer available: it has been ${s.status}.`);
  const carat = caratOf(s.caratPoints);
  if (s.shape !== loc.shape || carat < loc.caratMin! || carat > loc.caratMax!) {
    throw new Unprocessable(
      `That stone does not fit this setting: it takes a ${loc.shape.toLowerCase()} of ${loc.caratMin!.toFixed(2)}–${loc.caratMax!.toFixed(2)} ct.`,
    );
  }
  const title = choice.kind === 'diamond' ? diamondTitle(s as DiamondRow) : gemTitle(s as GemRow);
  return {
    price: {
      location: loc.LocationNumber,
      label: prefix + title,
      unitPriceCents: s.priceCents,
      count: loc.count,
      settingLabourCents: loc.settingLabourCents,
    },
    stone: choice.kind === 'diamond' ? 'diamond' : (s as GemRow).colorHex.replace('#', ''),
  };
}

/** A configuration priced now; in a transaction pass the sale book (it is kept per database). */
/** What a configuration is called: the design, its metal and the shape chosen. */
const titleOf = (m: ModelRow, metalName: string, shape: SettingShape) =>
  `${m.description} in ${choicesOf(metalName, shape)}`;
/** The metal and shape chosen: "14K White Gold, size 3". */
const choicesOf = (metalName: string, shape: SettingShape) =>
  `${metalName}${shape.style ? `, ${shape.style.name}` : ''}${shape.size ? `, size ${shape.size}` : ''}${shape.widthMm ? `, ${shape.widthMm} mm` : ''}`;

/** The stones of a configuration by name ("Center: 0.52 ct round …"), checked as a shopper's choice is. */
const stoneNames = (db: Db, m: ModelRow, stones: Array<{ location: number } & StoneRef>) =>
  Promise.all(stones.map(async (s) => (await resolveStone(db, locationOf(m, s.location), s)).price.label));

/**
 * The least any whole configuration of the design costs today, and which it is: the price its card
 * says "from" (purchasablePrices, the same function the catalogue stores), now with the sale on its
 * metal taken off. Null when nothing fits a place the piece needs a stone.
 */
async function leastConfiguration(db: Db, m: ModelRow, sales: SaleBook): Promise<ConfiguredProduct['least']> {
  const rates = await remember(db, 'rates', () => repo.metalRates(db));
  const byQuality = new Map(rates.map((r) => [r.quality, r]));
  const p = await purchasablePrices(db, m, byQuality, [], keptFor(cheapestMemo, db));
  let best: { metal: string; c: (typeof p.leastByMetal)[string]; cents: number; was: number } | null = null;
  for (const [metal, c] of Object.entries(p.leastByMetal)) {
    const priced = sales.price({ groupId: m.groupId, categoryId: m.categoryId, metal }, c.cents);
    if (!best || priced.priceCents < best.cents) best = { metal, c, cents: priced.priceCents, was: c.cents };
  }
  if (!best) return null;
  const { shape, stones } = best.c;
  return {
    cents: best.cents,
    ...(best.was !== best.cents ? { wasCents: best.was } : {}),
    title: titleOf(m, byQuality.get(best.metal)!.name, shape),
    choices: choicesOf(byQuality.get(best.metal)!.name, shape),
    stones: await stoneNames(db, m, stones),
    configuration: {
      groupId: m.groupId,
      metal: best.metal,
      ...(shape.size !== undefined ? { size: shape.size } : {}),
      ...(shape.widthMm !== undefined ? { widthMm: shape.widthMm } : {}),
      ...(shape.style ? { style: shape.style.name } : {}),
      stones,
    },
  };
}

/**
 * A configuration priced now; in a transaction pass the sale book (it is kept per database).
 * `withLeast` adds the design's least configuration (the product page names it beside "From").
 */
export async function configureProduct(
  db: Db,
  input: ConfigureInput,
  sales?: SaleBook,
  opts: { withLeast?: boolean } = {},
): Promise<ConfiguredProduct> {
  const m = await model(db, input.groupId);
  if (!m.metals.includes(input.metal))
    throw new Unprocessable(`This piece is not made in ${input.metal}.`, { metal: 'Choose one of the metals offered' });
  const rate = await remember(db, `rate:${input.metal}`, () => repo.metalRate(db, input.metal));
  if (!rate) throw new Unprocessable(`There is no current price for ${input.metal}.`);
  if (m.sizes.length) {
    if (input.size === undefined) throw new Unprocessable('Choose a ring size.', { size: 'Choose a ring size' });
    if (!m.sizes.includes(input.size))
      throw new Unprocessable(
        `Size ${input.size} is not offered; sizes run from ${m.sizes[0]} to ${m.sizes.at(-1)} in half sizes.`,
        { size: 'Size not offered' },
      );
  } else if (input.size !== undefined) throw new Unprocessable('This piece has no ring size.');
  if (m.widthsMm && input.widthMm !== undefined && !m.widthsMm.includes(input.widthMm))
    throw new Unprocessable(`Width ${input.widthMm} mm is not offered.`, { widthMm: 'Width not offered' });
  let style: { name: string; labourCents: number } | undefined;
  if (m.styles) {
    style = input.style === undefined ? m.styles[0] : m.styles.find((s) => s.name === input.style);
    if (!style) throw new Unprocessable(`The ${input.style} profile is not offered.`, { style: 'Profile not offered' });
  } else if (input.style !== undefined) throw new Unprocessable('This piece has no profile to choose.');
  const seen = new Set<number>();
  const stones: StoneChoice[] = [];
  const stonePhotos: ConfiguredProduct['stonePhotos'] = [];
  let centerStone: string | undefined;
  for (const choice of input.stones) {
    if (seen.has(choice.location)) throw new Unprocessable(`Location ${choice.location} was chosen twice.`);
    seen.add(choice.location);
    const resolved = await resolveStone(db, locationOf(m, choice.location), choice);
    stones.push(resolved.price);
    if (choice.location === 1) centerStone = resolved.stone;
    const photo = choice.kind === 'melee' ? null : await repo.stonePhoto(db, choice.kind, choice.id);
    if (photo) stonePhotos.push({ location: choice.location, photo: photoOf(photo) });
  }
  const shape = { size: input.size, widthMm: m.widthsMm ? (input.widthMm ?? DEFAULT_WIDTH_MM) : undefined, style };
  const price = priceSetting(m, rate, shape, stones);
  // A piece sold with its stones is not for sale without them: the shopper sees what is still to
  // choose and the least the finished piece can cost today (the cheapest stones that fit).
  const missing = requiredLocations(m).filter((l) => !seen.has(l.LocationNumber));
  const fills = missing.length ? await cheapestStones(db, missing, keptFor(cheapestMemo, db)) : [];
  const filled = fills.filter((f) => f !== null);
  const fromCents = missing.length ? priceSetting(m, rate, shape, [...stones, ...filled]).totalCents : price.totalCents;
  // Which stones make that "from": the page names them so the price is one a shopper can reach.
  const fillRefs = filled.map((f) => ({ location: f.location, ...f.ref }));
  const fromStones = await stoneNames(db, m, fillRefs);
  const width = shape.widthMm;
  const sku = [
    m.series,
    input.metal,
    input.size ? `S${input.size}` : '',
    width ? `W${width}` : '',
    style ? style.name.replace(/\W+/g, '').toUpperCase() : '',
    ...input.stones.map((s) => `L${s.location}${s.kind[0]!.toUpperCase()}${s.id}`),
  ]
    .filter(Boolean)
    .join(':');
  const title = titleOf(m, rate.name, shape);
  const image = { ...m.image, ...(centerStone ? { stone: centerStone } : {}) };
  // A sale on the design takes its percentage off the whole piece, stones and all: the breakdown
  // ends with it so its lines still add up to what is charged.
  const book = sales ?? (await saleBook(db));
  const sale = book.on({ groupId: m.groupId, categoryId: m.categoryId, metal: input.metal });
  const totalCents = sale ? salePrice(price.totalCents, sale.percent) : price.totalCents;
  return {
    sku,
    title,
    images: [{ FullUrl: itemImageUrl(image, input.metal, title) }],
    breakdown: sale
      ? [
          ...price.lines,
          { kind: 'sale', label: `${sale.name}: ${sale.percent}% off`, cents: totalCents - price.totalCents },
        ]
      : price.lines,
    totalCents,
    ...(sale ? { wasCents: price.totalCents, sale } : {}),
    fromCents: sale ? salePrice(fromCents, sale.percent) : fromCents,
    missing: missing.map((l) => ({ location: l.LocationNumber, label: locationLabel(l) })),
    fromStones,
    fromConfiguration: {
      ...input,
      ...(style ? { style: style.name } : {}),
      stones: [...input.stones, ...fillRefs].sort((a, b) => a.location - b.location),
    },
    ...(opts.withLeast ? { least: await leastConfiguration(db, m, book) } : {}),
    configuration: { ...input, ...(style ? { style: style.name } : {}) },
    stonePhotos,
  };
}
