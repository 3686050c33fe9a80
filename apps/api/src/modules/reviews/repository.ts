import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { ReviewStatus } from '@facet/contracts/reviews';
import { review } from './schema.ts';

export type ReviewRow = typeof review.$inferSelect;

export const reviewsRepository = {
  /** The design a line is of: a configured ring's own, or a piece's variant's. */
  groupOfLine: async (db: DbOrTx, kind: string, refId: number) => {
    if (kind === 'configured') return refId;
    if (kind !== 'product') return null;
    return (
      rowsOf<{ g: number }>(await db.execute(sql`select group_id as g from product_view where id = ${refId}`))[0]?.g ??
      null
    );
  },
  ofOrder: (db: DbOrTx, orderId: number) => db.select().from(review).where(eq(review.orderId, orderId)),
  /** One review per line: false when the line already has one. */
  insert: async (tx: DbOrTx, row: typeof review.$inferInsert) =>
    (await tx.insert(review).values(row).onConflictDoNothing().returning({ id: review.id })).length === 1,
  /** Approved reviews of a design, newest first. */
  shown: (db: DbOrTx, groupId: number, limit: number) =>
    db
      .select()
      .from(review)
      .where(and(eq(review.groupId, groupId), eq(review.status, 'approved')))
      .orderBy(desc(review.createdAt), desc(review.id))
      .limit(limit),
  summary: async (db: DbOrTx, groupId: number) =>
    rowsOf<{ count: number; average: number | null }>(
      await db.execute(sql`select count(*)::int as count, round(avg(stars), 1)::float8 as average
        from review where group_id = ${groupId} and status = 'approved'`),
    )[0]!,
  forStaff: async (db: DbOrTx, status: ReviewStatus | null, limit: number) =>
    rowsOf<ReviewRow & { orderNumber: string; title: string }>(
      await db.execute(sql`select r.id, r.status, r.stars, r.body, r.name, r.email, r.bought, r.photos, r.answer,
          r.group_id as "groupId", r.created_at as "createdAt", o.number as "orderNumber", l.title
        from review r join customer_order_view o on o.id = r.order_id join order_line_view l on l.id = r.order_line_id
        ${status ? sql`where r.status = ${status}` : sql``}
        order by (r.status = 'pending') desc, r.created_at desc limit ${limit}`),
    ),
  counts: async (db: DbOrTx) =>
    rowsOf<{ status: ReviewStatus; n: number }>(
      await db.execute(sql`select status, count(*)::int as n from review group by status`),
    ),
  lock: async (tx: DbOrTx, id: number) =>
    rowsOf<ReviewRow>(
      await tx.execute(sql`select id, status, answer, group_id as "groupId" from review where id = ${id} for update`),
    )[0] ?? null,
  setStatus: (tx: DbOrTx, id: number, status: ReviewStatus) =>
    tx
      .update(review)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(review.id, id)),
  setAnswer: (tx: DbOrTx, id: number, answer: string | null, by: string | null) =>
    tx
      .update(review)
      .set({ answer, answeredBy: by, updatedAt: sql`now()` })
      .where(eq(review.id, id)),
  /** A design's page address parts (its series, category and first variant). */
  designOf: async (db: DbOrTx, groupId: number) =>
    rowsOf<{ series: string; categoryId: number; productId: number }>(
      await db.execute(sql`select g.series, g.category_id as "categoryId",
          (select p.id from product_view p where p.group_id = g.id order by p.id limit 1) as "productId"
        from product_group_view g where g.id = ${groupId}`),
    )[0] ?? null,
};
