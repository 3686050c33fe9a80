import type { AdminDiscount, DiscountInput } from '@facet/contracts/promotions';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { promotionsRepository as repo } from './repository.ts';

// Staff make and change discount codes; every change carries the version read and is audited.

const CHANGED = 'This code was changed by someone else — reload to see their change, then make yours again.';

async function check(db: Db, d: DiscountInput, except: number | null) {
  if (await repo.codeTaken(db, d.code, except))
    throw new Validation(`${d.code} is already a code. Choose another.`, { code: 'Already a code' });
  if (d.categoryIds) {
    const known = new Set((await repo.categories(db)).map((c) => c.id));
    const unknown = d.categoryIds.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw new Validation(`Category ${unknown} does not exist any more.`, { categoryIds: 'Unknown category' });
  }
  // A code stated in the wrong unit is the costliest mistake a store can make: refuse the obvious ones.
  if (d.kind === 'amount' && d.amountCents !== null && d.minSubtotalCents > 0 && d.amountCents > d.minSubtotalCents)
    throw new Validation('The amount off is more than the order it needs: check the units (dollars).', {
      amountCents: 'More than the minimum order',
    });
}

export const listDiscounts = (db: Db) => repo.list(db);

export async function createDiscount(db: Db, actor: Actor, d: DiscountInput): Promise<AdminDiscount> {
  await check(db, d, null);
  return db.transaction(async (tx) => {
    const id = await repo.insert(tx, d, actor.email);
    await audit(tx, actor, 'discount.create', 'discount_code', id, null, d);
    return (await repo.one(tx, id))!;
  });
}

export async function updateDiscount(db: Db, actor: Actor, id: number, version: number, d: DiscountInput) {
  await check(db, d, id);
  return db.transaction(async (tx) => {
    const was = await repo.one(tx, id, true);
    if (!was) throw new NotFound('There is no such code.');
    if (was.version !== version) throw new Conflict(CHANGED);
    await repo.update(tx, id, d);
    const now = (await repo.one(tx, id))!;
    await audit(tx, actor, 'discount.edit', 'discount_code', id, was, now);
    return now;
  });
}
