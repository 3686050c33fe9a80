import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { customerOrder, orderLine, orderStone } from '../../db/schema/commerce.ts';

export type OrderRow = typeof customerOrder.$inferSelect;

export const orderRepository = {
  byIdempotency: async (db: DbOrTx, scope: string, key: string) =>
    (
      await db
        .select()
        .from(customerOrder)
        .where(and(eq(customerOrder.idempotencyScope, scope), eq(customerOrder.idempotencyKey, key)))
        .limit(1)
    )[0] ?? null,

  byNumber: async (db: DbOrTx, number: string) =>
    (await db.select().from(customerOrder).where(eq(customerOrder.number, number)).limit(1))[0] ?? null,

  insert: async (tx: DbOrTx, o: typeof customerOrder.$inferInsert) =>
    (await tx.insert(customerOrder).values(o).returning({ id: customerOrder.id }))[0]!.id,
  /** Card summary and the replayable answer, once the card is authorized. */
  finalize: async (
    tx: DbOrTx,
    id: number,
    v: { paymentRef: string; cardBrand: string; cardLast4: string; answer: unknown },
  ) => {
    await tx.update(customerOrder).set(v).where(eq(customerOrder.id, id));
  },
  insertLines: async (tx: DbOrTx, lines: Array<typeof orderLine.$inferInsert>) => {
    if (lines.length) await tx.insert(orderLine).values(lines);
  },
  insertStones: async (tx: DbOrTx, stones: Array<typeof orderStone.$inferInsert>) => {
    if (stones.length) await tx.insert(orderStone).values(stones);
  },
  lines: (db: DbOrTx, orderId: number) =>
    db.select().from(orderLine).where(eq(orderLine.orderId, orderId)).orderBy(orderLine.position),

  forUser: (db: DbOrTx, userId: number) =>
    db
      .select({
        number: customerOrder.number,
        status: customerOrder.status,
        placedAt: customerOrder.placedAt,
        totalCents: customerOrder.totalCents,
        // The outer row named in full: drizzle renders ${customerOrder.id} as a bare "id" here, which
        // inside the subquery meant the line's own id, so counts and pictures came from other orders.
        itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_line l where l.order_id = "customer_order"."id")`,
        image: sql<string>`(select l.image from order_line l where l.order_id = "customer_order"."id" order by l.position limit 1)`,
      })
      .from(customerOrder)
      .where(eq(customerOrder.userId, userId))
      .orderBy(desc(customerOrder.placedAt))
      .limit(100),

  /** The conditional update that sells a one-of-a-kind stone exactly once. */
  sellStone: async (tx: DbOrTx, kind: 'diamond' | 'gemstone', id: number) => {
    const table = kind === 'diamond' ? sql`diamond` : sql`notable_gemstone`;
    return (
      rowsOf<{ id: number }>(
        await tx.execute(
          sql`update ${table} set status = 'sold' where id = ${id} and status = 'available' returning id`,
        ),
      ).length === 1
    );
  },
  takeMelee: async (tx: DbOrTx, id: number, stones: number) =>
    rowsOf<{ id: number }>(
      await tx.execute(
        sql`update melee_parcel set stock = stock - ${stones} where id = ${id} and stock >= ${stones} returning id`,
      ),
    ).length === 1,
};
