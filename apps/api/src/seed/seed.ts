import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { MENU_SECTIONS } from '@facet/contracts/menu';
import { rowsOf, type Db, type DbOrTx } from '../db/client.ts';
import { category } from '../modules/categories/schema.ts';
import { menuItem } from '../modules/categories/schema.ts';
import { diamond, gemstoneType, meleeParcel, notableGemstone } from '../modules/inventory/schema.ts';
import { metalRate } from '../modules/pricing/schema.ts';
import { product, productAttribute, productGroup } from '../modules/products/schema.ts';
import { METALS } from '@facet/contracts/metals';
import { SEED_METAL_RATES } from './metal-rates.ts';
import { refreshListingCopies } from '../modules/products/index.ts';
import { refreshConfiguredPrices } from '../modules/products/index.ts';
import { CATEGORIES, MENU } from './categories.ts';
import { configurationModel } from '../modules/configurator/schema.ts';
import { generateConfigurations } from './configurations.ts';
import { createRng } from './rng.ts';
import { bandBuilder, generateProducts } from './products.ts';
import { GEMSTONE_TYPES, generateDiamonds, generateGemstones, generateMelee } from './stones.ts';

export interface SeedOptions {
  scale: number;
  onProgress?: (step: string, done: number, total: number) => void;
}

// Default-scale counts (×SEED_SCALE): ≥ 1,500 groups, ≥ 10,000 diamonds, ≥ 1,000 gemstones.
export const BASE_COUNTS = { diamonds: 10_400, gemstones: 1_200 } as const;
const SEED = 20250101;

/** Fills an empty database. Deterministic: the same scale always gives the same catalogue. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from category`));
  if ((row?.n ?? 0) > 0) return false;
  await seedAll(db, options);
  return true;
}

async function insertBatched<T extends object>(
  db: DbOrTx,
  table: PgTable,
  rows: T[],
  step: string,
  onProgress?: SeedOptions['onProgress'],
  batch = 1000,
) {
  for (let i = 0; i < rows.length; i += batch) {
    await db.insert(table).values(rows.slice(i, i + batch) as never);
    onProgress?.(step, Math.min(i + batch, rows.length), rows.length);
  }
}

export async function seedAll(db: Db, { scale, onProgress }: SeedOptions): Promise<void> {
  const rng = createRng(SEED);
  await db.transaction(async (tx) => {
    await tx.insert(category).values(CATEGORIES.map((c, i) => ({ ...c, position: i })));
    const items = MENU_SECTIONS.flatMap((section, sectionPosition) => {
      let position = 0;
      return MENU[section].flatMap((group) =>
        group.items.map((item) => ({
          section,
          sectionPosition,
          groupTitle: group.title,
          position: position++,
          label: item.label,
          categoryId: item.categoryId ?? null,
          filters: item.filters ?? null,
          href: item.href ?? null,
        })),
      );
    });
    await tx.insert(menuItem).values(items);
    onProgress?.('menu', 1, 1);

    await tx.insert(metalRate).values(
      METALS.map((m, position) => ({
        quality: m.quality,
        name: m.name,
        ...SEED_METAL_RATES[m.quality],
        position,
      })),
    );
    const { groups, variants, attributes } = generateProducts(rng, scale);
    const bb = bandBuilder();
    await insertBatched(tx, productGroup, [...groups, bb.group], 'product groups', onProgress, 500);
    await insertBatched(tx, product, [...variants, ...bb.variants], 'variants', onProgress, 2000);
    await insertBatched(tx, productAttribute, [...attributes, ...bb.attributes], 'attributes', onProgress, 3000);
    await refreshListingCopies(tx);
    await insertBatched(
      tx,
      configurationModel,
      generateConfigurations([...groups, bb.group], [...variants, ...bb.variants], [...attributes, ...bb.attributes]),
      'configurations',
      onProgress,
      500,
    );

    await tx.insert(gemstoneType).values(
      GEMSTONE_TYPES.map((t, position) => ({
        slug: t.slug,
        name: t.name,
        description: t.description,
        color: t.color,
        position,
      })),
    );
    await insertBatched(
      tx,
      notableGemstone,
      generateGemstones(rng, Math.max(80, Math.round(BASE_COUNTS.gemstones * scale))),
      'notable gemstones',
      onProgress,
    );
    await insertBatched(tx, meleeParcel, generateMelee(rng), 'melee', onProgress);
  });
  // Diamonds come last and outside the product transaction: at large scales they are most of the work.
  const diamonds = generateDiamonds(rng, Math.max(400, Math.round(BASE_COUNTS.diamonds * scale)));
  await insertBatched(db, diamond, diamonds, 'diamonds', onProgress, 1000);
  // Configurable pieces are priced by the configurator, with the cheapest stones they need.
  await refreshConfiguredPrices(db);
  onProgress?.('configured prices', 1, 1);
  // Fresh statistics, and a visibility map so diamond search can use index-only scans.
  await db.execute(sql`vacuum analyze`);
}
