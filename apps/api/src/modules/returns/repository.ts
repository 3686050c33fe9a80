import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { returnLine, returnPhoto, returnRequest } from './schema.ts';
import type { ReturnStatus } from '@facet/contracts/returns';

export type ReturnRow = typeof returnRequest.$inferSelect;

export const returnsRepository = {
  insert: async (tx: DbOrTx, r: typeof returnRequest.$inferInsert) =>
    (await tx.insert(returnRequest).values(r).returning())[0]!,
  insertLines: (tx: DbOrTx, lines: Array<typeof returnLine.$inferInsert>) => tx.insert(returnLine).values(lines),

  byNumber: async (db: DbOrTx, number: string, lock = false) => {
    const q = db.select().from(returnRequest).where(eq(returnRequest.number, number)).limit(1);
    return (await (lock ? q.for('update') : q))[0] ?? null;
  },

  /** Applies a staff step when nobody took another since `version` was read; bumps the version. */
  updateIfVersion: async (
    tx: DbOrTx,
    id: number,
    version: number,
    patch: Partial<
      Pick<
        ReturnRow,
        | 'status'
        | 'message'
        | 'labelName'
        | 'condition'
        | 'restocked'
        | 'inspectionNote'
        | 'refundCents'
        | 'exchange'
        | 'exchangeOrderId'
        | 'intentRef'
        | 'payTokenHash'
      >
    >,
  ) =>
    (
      await tx
        .update(returnRequest)
        .set({ ...patch, version: sql`${returnRequest.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(returnRequest.id, id), eq(returnRequest.version, version)))
        .returning({ id: returnRequest.id })
    ).length === 1,

  /** Records the browser payment started for a return's difference (nothing else changes). */
  setIntent: (tx: DbOrTx, id: number, ref: string | null) =>
    tx.update(returnRequest).set({ intentRef: ref }).where(eq(returnRequest.id, id)),

  addPhoto: (tx: DbOrTx, p: typeof returnPhoto.$inferInsert) => tx.insert(returnPhoto).values(p),
  photos: (db: DbOrTx, returnId: number) =>
    db
      .select({ key: returnPhoto.key, width: returnPhoto.width, height: returnPhoto.height })
      .from(returnPhoto)
      .where(eq(returnPhoto.returnId, returnId))
      .orderBy(returnPhoto.createdAt, returnPhoto.key),
  /** Whether the photograph is this return's (its files are only ever served through it). */
  hasPhoto: async (db: DbOrTx, returnId: number, key: string) =>
    (
      await db
        .select({ key: returnPhoto.key })
        .from(returnPhoto)
        .where(and(eq(returnPhoto.returnId, returnId), eq(returnPhoto.key, key)))
        .limit(1)
    ).length > 0,

  /** Each return of an order with its lines (by order line id), newest first. */
  ofOrder: async (db: DbOrTx, orderId: number) =>
    rowsOf<ReturnRow & { photos: number; lines: Array<{ orderLineId: number; quantity: number }> }>(
      await db.execute(sql`select r.id, r.number, r.status, r.resolution, r.message, r.refund_cents::int as "refundCents",
        r.exchange_for as "exchangeFor", r.exchange, r.intent_ref as "intentRef", r.pay_token_hash as "payTokenHash",
        r.created_at as "createdAt", (select count(*)::int from return_photo p where p.return_id = r.id) as photos,
        coalesce((select json_agg(json_build_object('orderLineId', l.order_line_id, 'quantity', l.quantity) order by l.id)
          from return_line l where l.return_id = r.id), '[]'::json) as lines
        from return_request r where r.order_id = ${orderId} order by r.created_at desc, r.id desc`),
    ).map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),

  /** The lines a return sends back, with what the order says of them. */
  lines: async (db: DbOrTx, returnId: number) =>
    rowsOf<{
      orderLineId: number;
      position: number;
      kind: string;
      refId: number;
      title: string;
      details: string[];
      image: string;
      configuration: unknown;
      quantity: number;
      unitPriceCents: number;
    }>(
      await db.execute(sql`select l.order_line_id as "orderLineId", ol.position, ol.kind, ol.ref_id as "refId", ol.title,
        ol.details, ol.image, ol.configuration, l.quantity, ol.unit_price_cents as "unitPriceCents"
        from return_line l join order_line_view ol on ol.id = l.order_line_id where l.return_id = ${returnId} order by ol.position`),
    ),

  list: async (db: DbOrTx, q: { statuses: readonly ReturnStatus[]; limit: number; offset: number }) => {
    const statuses = sql.join(
      q.statuses.map((s) => sql`${s}`),
      sql`, `,
    );
    const [rows, total] = await Promise.all([
      db.execute(sql`select r.number, o.number as "orderNumber", o.shipping_address->>'name' as customer, o.email,
          r.status, r.resolution, r.created_at as "createdAt",
          (select coalesce(sum(quantity), 0)::int from return_line l where l.return_id = r.id) as items
        from return_request r join customer_order_view o on o.id = r.order_id
        where r.status in (${statuses}) order by r.created_at asc, r.id asc limit ${q.limit} offset ${q.offset}`),
      db.execute(sql`select count(*)::int as n from return_request where status in (${statuses})`),
    ]);
    return {
      rows: rowsOf<{
        number: string;
        orderNumber: string;
        customer: string;
        email: string;
        status: ReturnStatus;
        resolution: 'refund' | 'exchange';
        createdAt: Date | string;
        items: number;
      }>(rows),
      total: rowsOf<{ n: number }>(total)[0]!.n,
    };
  },
};
