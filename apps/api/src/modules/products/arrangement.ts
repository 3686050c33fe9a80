import { ARRANGE_MAX, type CategoryArrangement } from '@facet/contracts/admin-catalogue';
import type { Db, DbOrTx } from '../../db/client.ts';
import { NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { placementRepository as repo } from './repository.ts';

// A category's pieces in the order staff give them: the placed designs first (in their home
// category this is their place in "Featured"; from another category it makes them members of this
// one, a collection), then the rest of its own designs as the listing orders them.

async function nameOf(db: DbOrTx, id: number) {
  const name = await repo.categoryName(db, id);
  if (name === null) throw new NotFound(`There is no category ${id}.`);
  return name;
}

export async function arrangementOf(db: DbOrTx, categoryId: number): Promise<CategoryArrangement> {
  const name = await nameOf(db, categoryId);
  return { categoryId, name, pieces: await repo.pieces(db, categoryId, ARRANGE_MAX * 2) };
}

/** Replaces the category's hand placing with `groupIds`, first to last (audited; every instance follows). */
export async function arrange(db: Db, actor: Actor, categoryId: number, groupIds: number[]) {
  return db.transaction(async (tx) => {
    await nameOf(tx, categoryId);
    const live = new Set(await repo.live(tx, groupIds));
    const missing = groupIds.filter((id) => !live.has(id));
    if (missing.length)
      throw new Validation(
        `No design ${missing.join(', ')} to place: it may have been archived. Reload and try again.`,
      );
    const before = await repo.placed(tx, categoryId);
    await repo.replace(tx, categoryId, groupIds);
    await audit(tx, actor, 'category.arrange', 'category', categoryId, { placed: before }, { placed: groupIds });
    return arrangementOf(tx, categoryId);
  });
}
