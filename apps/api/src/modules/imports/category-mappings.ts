import type { CategoryMappingBody, CategoryMappings } from '@facet/contracts/admin-feeds';
import type { Db } from '../../db/client.ts';
import { NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/service.ts';
import { productFeedRepository as repo } from '../feeds/product-feed-repository.ts';
import { feedsRepository } from '../feeds/repository.ts';
import { productsRepository } from '../products/repository.ts';
import { createWaitingRun } from './service.ts';

// Where a supplier's product groups go in the store. A group a feed names for the first time has
// no category: its designs wait off the storefront. Placing it queues a run that brings them in.

async function supplierOf(db: Db, code: string) {
  const s = await feedsRepository.supplierByCode(db, code);
  if (!s) throw new NotFound(`No supplier ${code}.`);
  return s;
}

export async function categoryMappings(db: Db, code: string): Promise<CategoryMappings> {
  const s = await supplierOf(db, code);
  const rows = await repo.mappingList(db, s.id);
  return {
    supplier: s.code,
    mappings: rows.map((r) => ({ ...r, firstSeenAt: new Date(r.firstSeenAt).toISOString() })),
    categories: (await productsRepository.allCategories(db)).map((c) => ({ id: c.id, name: c.name, section: c.section })),
  };
}

/** Places a group; a run for its waiting designs is returned when one was queued. */
export async function setCategoryMapping(
  db: Db,
  actor: Actor,
  code: string,
  body: CategoryMappingBody,
): Promise<{ runId: string | null }> {
  const s = await supplierOf(db, code);
  const categories = await productsRepository.allCategories(db);
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
  if ((await repo.countWaitingMapped(db, s.id)) === 0) return { runId: null };
  const run = await createWaitingRun(db, s.code, actor.id);
  return { runId: run?.id ?? null };
}
