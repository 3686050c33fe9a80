import type { AdminCategory, AdminCategoryList, CategoryUpdate, NewCategory } from '@facet/contracts/admin-categories';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { categoriesRepository as repo } from './repository.ts';

// Staff create, rename, move, reorder and hide categories. The storefront's category copy, the
// mega menu, breadcrumbs and the sitemap read these rows, and every instance reloads them on the
// table's change signal; each write carries the version its editor read.

const CHANGED = 'This category was changed by someone else — reload to see their change, then make yours again.';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'category';

export async function listCategories(db: DbOrTx): Promise<AdminCategoryList> {
  const [categories, menuGroups] = await Promise.all([repo.list(db), repo.menuGroups(db)]);
  return { categories, menuGroups };
}

async function parentOf(tx: DbOrTx, parentId: number | null) {
  if (parentId === null) return null;
  const parent = await repo.one(tx, parentId);
  if (!parent) throw new Validation('That parent category does not exist any more.', { parentId: 'Unknown category' });
  return parent;
}

export async function createCategory(db: Db, actor: Actor, c: NewCategory): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    const parent = await parentOf(tx, c.parentId);
    let slug = slugOf(c.name);
    for (let n = 2; await repo.slugTaken(tx, slug); n++) slug = `${slugOf(c.name)}-${n}`;
    const id = await repo.insert(tx, {
      name: c.name,
      slug,
      section: parent?.section ?? c.section,
      parentId: c.parentId,
      description: c.description,
      seoTitle: c.seoTitle ?? null,
      seoDescription: c.seoDescription ?? null,
    });
    if (c.menuGroup && !(await repo.addMenuLink(tx, c.menuGroup.section, c.menuGroup.group, c.name, id)))
      throw new Validation('That menu group does not exist any more. Reload and choose another.', {
        menuGroup: 'Unknown menu group',
      });
    await audit(tx, actor, 'category.create', 'category', id, null, { ...c });
    return (await repo.one(tx, id))!;
  });
}

export async function updateCategory(db: Db, actor: Actor, id: number, u: CategoryUpdate): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    const was = await repo.one(tx, id, true);
    if (!was) throw new NotFound('There is no such category.');
    if (was.version !== u.version) throw new Conflict(CHANGED);
    const parentId = u.parentId === undefined ? was.parentId : u.parentId;
    let section = u.section ?? was.section;
    if (parentId !== was.parentId && parentId !== null) {
      // Never under itself or its own children: the tree would lose a branch.
      if ((await repo.subtree(tx, id)).includes(parentId))
        throw new Validation('A category cannot go under itself or one of its own categories.', {
          parentId: 'Inside itself',
        });
    }
    const parent = await parentOf(tx, parentId);
    if (parent) section = parent.section;
    const now = {
      name: u.name ?? was.name,
      description: u.description ?? was.description,
      parentId,
      section,
      hidden: u.hidden ?? was.hidden,
      seoTitle: u.seoTitle === undefined ? was.seoTitle : u.seoTitle,
      seoDescription: u.seoDescription === undefined ? was.seoDescription : u.seoDescription,
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const k of Object.keys(now) as Array<keyof typeof now>)
      if (now[k] !== was[k]) {
        before[k] = was[k];
        after[k] = now[k];
      }
    if (!Object.keys(after).length) return was;
    await repo.save(tx, id, { ...now, version: was.version + 1 });
    if (section !== was.section) await repo.setSection(tx, await repo.subtree(tx, id), section);
    if ('name' in after) await repo.renameMenuLinks(tx, id, was.name, now.name);
    const action =
      'hidden' in after
        ? now.hidden
          ? 'category.hide'
          : 'category.show'
        : 'parentId' in after
          ? 'category.move'
          : 'category.edit';
    await audit(tx, actor, action, 'category', id, before, after);
    return (await repo.one(tx, id))!;
  });
}

/** One place up or down among its siblings; its menu link trades places with the neighbour's too. */
export async function moveCategory(db: Db, actor: Actor, id: number, version: number, direction: 'up' | 'down') {
  await db.transaction(async (tx) => {
    const c = await repo.one(tx, id, true);
    if (!c) throw new NotFound('There is no such category.');
    if (c.version !== version) throw new Conflict(CHANGED);
    const siblings = await repo.siblings(tx, c);
    const i = siblings.findIndex((s) => s.id === id);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (j < 0 || j >= siblings.length)
      throw new Conflict(`It is already the ${direction === 'up' ? 'first' : 'last'} of its level.`);
    // Positions written afresh (0, 1, 2…) so equal positions from older data cannot stall a move.
    const order = siblings.map((s) => s.id);
    [order[i], order[j]] = [order[j]!, order[i]!];
    for (const [p, sid] of order.entries()) await repo.setPosition(tx, sid, p, sid === id);
    await repo.swapMenuLinks(tx, id, siblings[j]!.id);
    await audit(tx, actor, 'category.reorder', 'category', id, { position: i }, { position: j });
  });
  return listCategories(db);
}
