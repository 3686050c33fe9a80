import type { Order } from '@facet/contracts/commerce';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderRepository as repo, type OrderRow } from './repository.ts';
import { orderStock } from './stock.ts';
import { getOrderRow, toOrder } from './service.ts';

// What the after-sale modules (returns, service tickets) may do with an order: find it as its
// customer may, read and lock it, write on its timeline, and give stones and stock back.

export type { OrderRow };
export { refundInTx } from './back-office.ts';
export { placeReplacement } from './exchange.ts';
export { takeLinkPayment, type LinkPaid, type LinkPaymentState } from './link-payment.ts';

export const orderAfterSale = {
  /** The order its owner (signed in) or a holder of its confirmation or delivery token may see; else 404. */
  forCustomer: (db: Db, number: string, who: { userId: number | null; token: string | null }) =>
    getOrderRow(db, number, who),
  byNumber: (db: DbOrTx, number: string) => repo.byNumber(db, number),
  byId: (db: DbOrTx, id: number) => repo.byId(db, id),
  lock: (tx: DbOrTx, number: string) => repo.lockByNumber(tx, number),
  lockById: (tx: DbOrTx, id: number) => repo.byId(tx, id, true),
  /** A return's steps as the order's timeline recorded them. */
  returnEvents: async (db: DbOrTx, orderId: number, number: string) =>
    (await repo.events(db, orderId))
      .filter((e) => e.type === 'return' && (e.data as { number?: string }).number === number)
      .map((e) => ({
        at: e.at.toISOString(),
        what: String((e.data as { status?: string }).status ?? ''),
        by: e.staffName ?? 'customer',
      })),
  lines: (db: DbOrTx, orderId: number) => repo.lines(db, orderId),
  setTracking: (tx: DbOrTx, orderId: number, carrier: string, trackingNumber: string) =>
    repo.setTracking(tx, orderId, carrier, trackingNumber),
  deliveredAt: (db: DbOrTx, orderId: number) => repo.deliveredAt(db, orderId),
  isRing: (db: DbOrTx, lineId: number) => repo.isRing(db, lineId),
  ringsOf: (db: DbOrTx, orderId: number) => repo.ringsOf(db, orderId),
  linesOfUser: (db: DbOrTx, userId: number) => repo.linesOfUser(db, userId),
  lineById: (db: DbOrTx, lineId: number) => repo.lineWithOrder(db, lineId),
  /** The order as documents show it (lines, totals): what a refund is prorated on. */
  shape: (o: OrderRow, lines: Awaited<ReturnType<typeof repo.lines>>, settings: StoreSettings): Order =>
    toOrder(o, lines, settings),
  event: (
    tx: DbOrTx,
    e: {
      orderId: number;
      type: string;
      data: Record<string, unknown>;
      visibleToCustomer: boolean;
      staff?: { id: number | null; email: string };
    },
  ) =>
    repo.insertEvent(tx, {
      orderId: e.orderId,
      type: e.type,
      data: e.data,
      visibleToCustomer: e.visibleToCustomer,
      staffId: e.staff?.id ?? null,
      staffName: e.staff?.email ?? null,
    }),
  releaseStones: (tx: DbOrTx, orderId: number, stones: Array<{ kind: string; id: number }>) =>
    orderStock.releaseStones(tx, orderId, stones),
  returnStock: (tx: DbOrTx, lines: Array<{ kind: string; refId: number; quantity: number }>) =>
    orderStock.returnStock(tx, lines),
};
