import type { DbOrTx } from '../../db/client.ts';
import { MELEE_PARCEL_STONES } from '@facet/contracts/commerce';
import { stoneStock } from '../inventory/index.ts';
import { productStock } from '../products/index.ts';
import { orderRepository as repo } from './repository.ts';

// What an order takes from stock and gives back. The rows are inventory's and products'; the order
// asks through their faces, inside its own transaction.

export const orderStock = {
  /** An order's lines, each with what it cost the store at the sale (see lineCosts). */
  async recordLines(tx: DbOrTx, lines: Array<Parameters<typeof repo.insertLines>[1][number]>) {
    const costs = await orderStock.lineCosts(tx, lines);
    await repo.insertLines(
      tx,
      lines.map((l, i) => ({ ...l, costCents: costs[i] ?? null })),
    );
  },
  /**
   * What each line cost the store, as known at the sale: a piece's variant cost or a diamond's,
   * times the quantity. A configured ring's making, a gemstone's or a parcel's cost is not recorded:
   * null ("cost unknown"), never zero.
   */
  async lineCosts(db: DbOrTx, lines: ReadonlyArray<{ kind: string; refId: number; quantity: number }>) {
    const ids = (kind: string) => lines.filter((l) => l.kind === kind).map((l) => l.refId);
    const [variant, diamond] = await Promise.all([
      productStock.costs(db, ids('product')),
      stoneStock.diamondCosts(db, ids('diamond')),
    ]);
    return lines.map((l) => {
      const unit = l.kind === 'product' ? variant.get(l.refId) : l.kind === 'diamond' ? diamond.get(l.refId) : null;
      return unit === null || unit === undefined ? null : unit * l.quantity;
    });
  },
  /** A piece sold from what is on hand: false when too few are left. */
  takeStock: (tx: DbOrTx, productId: number, quantity: number) => productStock.take(tx, productId, quantity),
  /** Stones from a melee parcel: false when too few are left. */
  takeMelee: (tx: DbOrTx, parcelId: number, stones: number) => stoneStock.takeMelee(tx, parcelId, stones),
  /** Which of an order's diamonds come from a supplier's feed (authorised, charged once confirmed). */
  fromSuppliers: (db: DbOrTx, ids: number[]) => stoneStock.fromSuppliers(db, ids),
  withdrawGone: (tx: DbOrTx, id: number, reason: string) => stoneStock.withdrawGone(tx, id, reason),
  closestTo: (db: DbOrTx, id: number) => stoneStock.closestTo(db, id, 3),
  /** A cancelled order (or a return, `only` those) lets go of its stones: they are for sale again. How many. */
  async releaseStones(tx: DbOrTx, orderId: number, only?: Array<{ kind: string; id: number }>) {
    const freed = await repo.freeStones(tx, orderId, only);
    await stoneStock.makeAvailable(tx, freed);
    return freed.length;
  },
  /** What a cancelled or unpaid order took from stock goes back: melee parcels, and pieces sold from what is on hand. */
  async returnStock(tx: DbOrTx, lines: Array<{ kind: string; refId: number; quantity: number }>) {
    for (const l of lines)
      if (l.kind === 'melee') await stoneStock.returnMelee(tx, l.refId, l.quantity * MELEE_PARCEL_STONES);
      else if (l.kind === 'product') await productStock.giveBack(tx, l.refId, l.quantity);
  },
};
