import type { AdminSale, SaleInput } from '@facet/contracts/promotions';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { SaleBook } from './book.ts';
import { salesRepository as repo, type StoredSale } from './repository.ts';

/** This instance's book of sales: loaded once, reloaded when a sale or a category changes (catalogue-changes.ts). */
export const saleBook = perDatabase(async (db: Db) => new SaleBook(await repo.current(db), await repo.categories(db)));
export const reloadSales = (db: Db) => saleBook.reload(db);

const CHANGED = 'This sale was changed by someone else — reload to see their change, then make yours again.';

const stateOf = (s: StoredSale, now = Date.now()): AdminSale['state'] =>
  !s.active ? 'stopped' : Date.parse(s.endsAt) <= now ? 'over' : Date.parse(s.startsAt) > now ? 'scheduled' : 'on';
const shape = ({ groupIds: _ids, ...s }: StoredSale & { groupIds?: number[] }): AdminSale => ({
  ...s,
  state: stateOf(s),
});

async function check(db: Db, s: SaleInput) {
  const [bad] = await repo.unknown(db, s);
  if (bad) {
    const field = bad.what === 'category' ? 'categoryIds' : bad.what === 'design' ? 'designs' : 'metals';
    throw new Validation(
      bad.what === 'design'
        ? `There is no design with style number ${bad.value}.`
        : `There is no ${bad.what} ${bad.value}.`,
      { [field]: bad.what === 'design' ? `No style ${bad.value}` : `Unknown ${bad.what}` },
    );
  }
}

export const listSales = async (db: Db) => ({
  sales: (await repo.list(db)).map(shape),
  categories: (await repo.categories(db)).map(({ id, name, section }) => ({ id, name, section })),
});

export async function createSale(db: Db, actor: Actor, s: SaleInput): Promise<AdminSale> {
  await check(db, s);
  return db.transaction(async (tx) => {
    const id = await repo.insert(tx, s, actor.email);
    await audit(tx, actor, 'sale.create', 'sale', id, null, s);
    return shape((await repo.one(tx, id))!);
  });
}

export async function updateSale(db: Db, actor: Actor, id: number, version: number, s: SaleInput) {
  await check(db, s);
  return db.transaction(async (tx) => {
    const was = await repo.one(tx, id, true);
    if (!was) throw new NotFound('There is no such sale.');
    if (was.version !== version) throw new Conflict(CHANGED);
    await repo.update(tx, id, s);
    const now = (await repo.one(tx, id))!;
    await audit(tx, actor, 'sale.edit', 'sale', id, was, now);
    return shape(now);
  });
}
