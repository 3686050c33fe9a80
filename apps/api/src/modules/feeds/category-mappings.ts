import type { CategoryMappingBody, CategoryMappings } from '@facet/contracts/admin-feeds';
import type { Db } from '../../db/client.ts';
import { NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { allCategories } from '../products/index.ts';
import { feedsRepository, productFeedRepository as repo } from './repository.ts';

// Where a supplier's product groups go in the store. A group a feed names for the first time has
// no category: its designs wait off the storefront. Placing it lets a run bring them in.

async function supplierOf(db: Db, code: string) {
  const s = await feedsRepository.supplierByCode(db, code);
  if (!s) throw new NotFound(`No supplier ${code}.`);
  return s;
}

export async function categoryMappings(db: Db): Promise<CategoryMappings> {
  const rows = await repo.mappingList(db);
  return {
    mappings: rows.map((r) => ({ ...r, firstSeenAt: new Date(r.firstSeenAt).toISOString() })),
    categories: (await allCategories(db)).map((c) => ({
      id: c.id,
      name: c.name,
      section: c.section,
    })),
  };
}

/** Places a group; answers how many of the supplier's designs now wait only for a run to bring them in. */
export async function setCategoryMapping(
  db: Db,
  actor: Actor,
  code: string,
  body: CategoryMappingBody,
): Promise<{ ready: number }> {
  const s = await supplierOf(db, code);
  const categories = await allCategories(db);
  const category = categories.find((c) => c.id === body.categoryId);
  if (!category) throw new Validation('There is no such category.', { categoryId: 'Unknown category' });
  await db.transaction(async (tx) => {
    const before = (await repo.mappings(tx, s.id)).get(body.groupDescription);
    if (before === undefined) throw new NotFound(`${code}'s feeds have no group "${body.groupDescription}".`);
    await repo.setMapping(tx, s.id, body.groupDescription, body.categoryId);
    await audit(
      tx,
      actor,
      'supplier.category',
      'supplier',
      s.code,
      { group: body.groupDescription, categoryId: before },
      { group: body.groupDescription, categoryId: body.categoryId },
    );
  });
  return { ready: await repo.countWaitingMapped(db, s.id) };
}
