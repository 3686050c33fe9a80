import { sql } from 'drizzle-orm';
import { MENU_SECTIONS } from '@facet/contracts/menu';
import { rowsOf, type Db } from '../client.ts';
import { category, menuItem } from '../schema/catalog.ts';
import { CATEGORIES, MENU } from './categories.ts';

export interface SeedOptions { scale: number; onProgress?: (step: string, done: number, total: number) => void }

/** Fills an empty database. Deterministic: the same scale always gives the same catalogue. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from category`));
  if ((row?.n ?? 0) > 0) return false;
  await seedAll(db, options);
  return true;
}

export async function seedAll(db: Db, options: SeedOptions): Promise<void> {
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
  });
  options.onProgress?.('menu', 1, 1);
}
