import { randomInt, randomUUID } from 'node:crypto';
import type { AdminDiscount, DiscountInput } from '@facet/contracts/promotions';
import { csvRow } from '../../csv.ts';
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
    if (d.maxUses !== null && d.maxUses < was.uses)
      throw new Validation(`This code was used ${was.uses} times already: its limit cannot be lower than that.`, {
        maxUses: `At least ${was.uses}`,
      });
    await repo.update(tx, id, d);
    const now = (await repo.one(tx, id))!;
    await audit(tx, actor, 'discount.edit', 'discount_code', id, was, now);
    return now;
  });
}

/** Letters and digits nobody misreads on a printed card (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const suffix = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** `count` single-use codes PREFIX-XXXXXXXX from one template, in one transaction (all or none). */
export async function createBatch(db: Db, actor: Actor, count: number, template: DiscountInput) {
  await check(db, { ...template, code: `${template.code}-X` }, null);
  const batch = randomUUID();
  await db.transaction(async (tx) => {
    const made = new Set<string>();
    while (made.size < count) {
      const code = `${template.code}-${suffix()}`;
      if (made.has(code) || (await repo.codeTaken(tx, code, null))) continue;
      made.add(code);
      await repo.insert(tx, { ...template, code, maxUses: 1, perCustomer: 1 }, actor.email, batch);
    }
    await audit(tx, actor, 'discount.batch', 'discount_code', batch, null, { ...template, count });
  });
  return { batch, count };
}

/** A batch's codes as a spreadsheet: code, name, used, ends. */
export async function batchCsv(db: Db, batch: string) {
  const rows = await repo.batch(db, batch);
  if (!rows.length) throw new NotFound('There is no such batch of codes.');
  const csv =
    csvRow(['code', 'name', 'used', 'ends']) +
    rows.map((r) => csvRow([r.code, r.name, r.uses > 0 ? 'yes' : 'no', r.endsAt ?? ''])).join('');
  return { fileName: `${rows[0]!.code.replace(/-[^-]+$/, '')}-codes.csv`, csv };
}
