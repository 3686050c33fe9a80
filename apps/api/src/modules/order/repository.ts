import { withStoneTitle, type StoneFacts } from '@facet/contracts/stone-names';
import { STAFF_RETURN_STATUSES } from '@facet/contracts/returns';
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { named, namedQuery } from '../../db/named-statements.ts';
import {
  customerOrder,
  orderEvent,
  orderInstalment,
  orderLine,
  orderPayment,
  orderRefund,
  orderStone,
  type SavedCard,
} from './schema.ts';
import { ORDER_COUNT_CAP, type AdminOrderQuery } from '@facet/contracts/admin';
import { EMAIL_RE } from '@facet/contracts/patterns';
import { CATEGORY } from '@facet/contracts/categories';

export type OrderRow = typeof customerOrder.$inferSelect;
export type InstalmentRow = typeof orderInstalment.$inferSelect;
export type OrderEventRow = typeof orderEvent.$inferSelect;

const ORDER_SORT: Record<AdminOrderQuery['sort'], SQL> = {
  'placed-desc': sql`o.placed_at desc, o.id desc`,
  'placed-asc': sql`o.placed_at asc, o.id asc`,
  'total-desc': sql`o.total_cents desc, o.id desc`,
  'total-asc': sql`o.total_cents asc, o.id asc`,
};
const PAYMENT: Record<NonNullable<AdminOrderQuery['payment']>, SQL> = {
  paid: sql`o.refunded_cents = 0`,
  partially_refunded: sql`o.refunded_cents > 0 and o.refunded_cents < o.paid_cents`,
  refunded: sql`o.refunded_cents > 0 and o.refunded_cents >= o.paid_cents`,
};

// A layaway payment credited in one statement (parsed and planned once): its instalments paid, the
// payment kept, the order's total paid raised (and its Stripe intent cleared), the timeline entry.
// Answers false, changing nothing, when this payment was credited already.
const CREDIT_INSTALMENTS = `with pay as (
    insert into order_payment (order_id, kind, provider, ref, amount_cents, card_brand, card_last4)
    values ($1, 'instalment', $3, $4, $5, $6, $7) on conflict do nothing returning id),
  paid as (
    update order_instalment set state = 'paid', paid_ref = $4, paid_at = now(), next_try_at = null
    where id = any($2::int[]) and state = 'due' and exists (select 1 from pay) returning id),
  ev as (
    insert into order_event (order_id, type, visible_to_customer, data)
    select $1, 'payment', true, $8::jsonb from pay returning id)
  update customer_order set paid_cents = paid_cents + $5, balance_intent_ref = null,
    version = version + 1, updated_at = now()
  where id = $1 and exists (select 1 from pay) returning id`;

// Run on every order placed: named statements (parsed and planned once).
const FINALIZE = `update customer_order set payment_ref = $2, card_brand = $3, card_last4 = $4, answer = $5 where id = $1`;
const PRIOR = `select request_hash as "requestHash", answer from customer_order
  where idempotency_scope = $1 and idempotency_key = $2 limit 1`;

/**
 * Net sales, the store's one definition of revenue (the dashboard, every report and export read it):
 * the pieces sold less their discounts, counted on the day the order was paid, less the goods' part
 * of each refund on the day it was made. Not in it: gift cards bought (money held for a later sale,
 * counted when spent on pieces), shipping and tax (reported apart), an order not paid (waiting or
 * lapsed), and a cancelled order, paid or not (its money is owed back, not earned).
 * `sold`: each counted order and its goods (an order of gift cards alone has none, and is no sale);
 * `sold_refunds`: each refund's goods part, by its day.
 */
const NET_SALES = sql`sold as (
    select o.id, o.placed_at, o.total_cents,
      o.subtotal_cents - o.discount_cents - coalesce((select sum(l.line_total_cents) from order_line l
        where l.order_id = o.id and l.kind = 'gift-card'), 0) as goods_cents
    from customer_order o
    where o.status <> 'cancelled' and o.payment_state = 'paid'
  ),
  sold_refunds as (
    select r.at, round(r.amount_cents::numeric * s.goods_cents / nullif(s.total_cents, 0)) as goods_cents
    from order_refund r join sold s on s.id = r.order_id
  )`;

export const orderRepository = {
  /** Paid orders whose tax the tax service has not recorded yet (oldest first). */
  taxToRecord: async (db: DbOrTx, limit = 50) =>
    rowsOf<{ id: number; number: string; calculation: string }>(
      await db.execute(sql`select id, number, tax_calculation as calculation from customer_order
        where tax_calculation is not null and tax_transaction is null and payment_state in ('paid', 'refunded')
        order by id limit ${limit}`),
    ),
  setTaxTransaction: (db: DbOrTx, id: number, transaction: string) =>
    db.execute(
      sql`update customer_order set tax_transaction = ${transaction} where id = ${id} and tax_transaction is null`,
    ),
  /** Refunded orders whose recorded tax has not all been given back in proportion yet. */
  taxToReverse: async (db: DbOrTx, limit = 50) =>
    rowsOf<{
      id: number;
      number: string;
      transaction: string;
      taxCents: number;
      reversedCents: number;
      refundedCents: number;
      totalCents: number;
    }>(
      await db.execute(sql`select id, number, tax_transaction as transaction, tax_cents as "taxCents",
          tax_reversed_cents as "reversedCents", refunded_cents as "refundedCents", total_cents as "totalCents"
        from customer_order
        where tax_transaction is not null and refunded_cents > 0 and tax_reversed_cents < tax_cents
        order by id limit ${limit}`),
    ),
  setTaxReversed: (db: DbOrTx, id: number, cents: number) =>
    db.execute(
      sql`update customer_order set tax_reversed_cents = greatest(tax_reversed_cents, ${cents}) where id = ${id}`,
    ),
  /**
   * Holds this Idempotency-Key for the rest of the transaction: a second request with the same key
   * (a double click, on any instance) waits here until the first has committed or rolled back.
   */
  holdKey: (tx: DbOrTx, scope: string, key: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${scope}:${key}`}, 0))`),
  /** What an order placed earlier under this key asked and answered (a retried request is told the same). */
  byIdempotency: async (db: DbOrTx, scope: string, key: string) =>
    (await named<{ requestHash: string; answer: unknown }>(db, 'order_prior', PRIOR, [scope, key]))[0] ?? null,

  byNumber: async (db: DbOrTx, number: string) =>
    (await db.select().from(customerOrder).where(eq(customerOrder.number, number)).limit(1))[0] ?? null,

  /** The new order's row as stored (numbers, defaults and timestamps), so nothing is read back. */
  insert: async (tx: DbOrTx, o: typeof customerOrder.$inferInsert) =>
    (await namedQuery<OrderRow>(tx, 'order_insert', tx.insert(customerOrder).values(o).returning(), customerOrder))[0]!,
  /** Card summary and the replayable answer, once the card is authorized. */
  finalize: async (
    tx: DbOrTx,
    id: number,
    v: { paymentRef: string; cardBrand: string; cardLast4: string; answer: unknown },
  ) => {
    await named(tx, 'order_finalize', FINALIZE, [id, v.paymentRef, v.cardBrand, v.cardLast4, v.answer]);
  },
  insertLines: async (tx: DbOrTx, lines: Array<typeof orderLine.$inferInsert>) => {
    if (lines.length) await namedQuery(tx, 'order_lines', tx.insert(orderLine).values(lines));
  },
  insertStones: async (tx: DbOrTx, stones: Array<typeof orderStone.$inferInsert>) => {
    if (stones.length) await namedQuery(tx, 'order_stones', tx.insert(orderStone).values(stones));
  },
  /** Every piece of the order is ready to go: no ring to make, nothing to engrave, pieces from stock. */
  readyMade: async (db: DbOrTx, orderId: number) =>
    rowsOf<{ ready: boolean }>(
      await db.execute(sql`
      select not exists (
        select 1 from order_line l
        where l.order_id = ${orderId}
          and (l.kind = 'configured' or l.engraving is not null
            or (l.kind = 'product' and not exists (
              select 1 from product_view p join product_group_view g on g.id = p.group_id
              where p.id = l.ref_id and g.stock_tracked)))
      ) as ready`),
    )[0]!.ready,
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
      // An order whose payment never came is not one of the customer's orders.
      .where(and(eq(customerOrder.userId, userId), inArray(customerOrder.paymentState, ['paid', 'refunded'])))
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
  /** A stone a quote held (or still on sale) sold to the order that quote became: false when someone else has it. */
  sellHeldStone: async (tx: DbOrTx, kind: 'diamond' | 'gemstone', id: number, holdReason: string) => {
    const table = kind === 'diamond' ? sql`diamond` : sql`notable_gemstone`;
    return (
      rowsOf<{ id: number }>(
        await tx.execute(
          sql`update ${table} set status = 'sold', hold_reason = null, hold_until = null
            where id = ${id} and (status = 'available' or (status = 'held' and hold_reason = ${holdReason})) returning id`,
        ),
      ).length === 1
    );
  },
  /** A line rewritten by a change before production. */
  updateLine: (
    tx: DbOrTx,
    id: number,
    patch: Pick<
      typeof orderLine.$inferInsert,
      'title' | 'configuration' | 'details' | 'unitPriceCents' | 'lineTotalCents'
    >,
  ) => tx.update(orderLine).set(patch).where(eq(orderLine.id, id)),
  /** New totals after a change, only from the version read (else null). */
  setTotals: async (
    tx: DbOrTx,
    id: number,
    version: number,
    t: Pick<OrderRow, 'subtotalCents' | 'taxCents' | 'taxLines' | 'totalCents'>,
  ) =>
    (
      await tx
        .update(customerOrder)
        .set({ ...t, version: sql`${customerOrder.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(customerOrder.id, id), eq(customerOrder.version, version)))
        .returning()
    )[0] ?? null,
  /** A payment of an order paid in parts; false when this payment was credited already. */
  insertPayment: async (tx: DbOrTx, p: typeof orderPayment.$inferInsert) =>
    (await tx.insert(orderPayment).values(p).onConflictDoNothing().returning({ id: orderPayment.id })).length === 1,
  payments: (db: DbOrTx, orderId: number) =>
    db.select().from(orderPayment).where(eq(orderPayment.orderId, orderId)).orderBy(asc(orderPayment.id)),
  setPaymentRefunded: (tx: DbOrTx, id: number, refundedCents: number) =>
    tx.update(orderPayment).set({ refundedCents }).where(eq(orderPayment.id, id)),
  setBalanceLink: (
    tx: DbOrTx,
    id: number,
    link: { balanceTokenHash?: string | null; balanceIntentRef?: string | null },
  ) => tx.update(customerOrder).set(link).where(eq(customerOrder.id, id)),
  /** Sets a one-of-a-kind stone aside for an order whose payment is still to come (until `until`). */
  reserveStone: async (tx: DbOrTx, kind: 'diamond' | 'gemstone', id: number, reason: string, until: Date) => {
    const table = kind === 'diamond' ? sql`diamond` : sql`notable_gemstone`;
    return (
      rowsOf<{ id: number }>(
        await tx.execute(
          sql`update ${table} set status = 'reserved', hold_reason = ${reason}, hold_until = ${until.toISOString()}
            where id = ${id} and status = 'available' returning id`,
        ),
      ).length === 1
    );
  },
  /**
   * The paid order's stones: reserved for it (still), or on sale again (its reservation lapsed
   * and nobody took them). All or nothing: answers false, changing nothing, when one is gone.
   */
  sellOrderStones: async (tx: DbOrTx, orderId: number, reason: string) => {
    // Locked, one table at a time (FOR UPDATE cannot reach through an outer join).
    const stones: Array<{ kind: string; stoneId: number; status: string; holdReason: string | null }> = [];
    for (const [kind, table] of [
      ['diamond', sql`diamond`],
      ['gemstone', sql`notable_gemstone`],
    ] as const)
      stones.push(
        ...rowsOf<{ kind: string; stoneId: number; status: string; holdReason: string | null }>(
          await tx.execute(sql`
          select ${kind} as kind, t.id as "stoneId", t.status, t.hold_reason as "holdReason"
          from order_stone s join ${table} t on t.id = s.stone_id
          where s.order_id = ${orderId} and s.kind = ${kind}
          order by t.id for update of t`),
        ),
      );
    const ours = (x: (typeof stones)[number]) =>
      x.status === 'available' || (x.status === 'reserved' && x.holdReason === reason);
    if (!stones.every(ours)) return false;
    for (const x of stones) {
      const table = x.kind === 'diamond' ? sql`diamond` : sql`notable_gemstone`;
      await tx.execute(
        sql`update ${table} set status = 'sold', hold_reason = null, hold_until = null where id = ${x.stoneId}`,
      );
    }
    await tx.execute(sql`update order_stone set live = true where order_id = ${orderId} and not live`);
    return true;
  },
  lockByPaymentRef: async (tx: DbOrTx, ref: string) =>
    (await tx.select().from(customerOrder).where(eq(customerOrder.paymentRef, ref)).for('update').limit(1))[0] ?? null,
  setPayment: (
    tx: DbOrTx,
    id: number,
    patch: Partial<
      Pick<
        OrderRow,
        | 'paymentState'
        | 'paidCents'
        | 'refundedCents'
        | 'cardBrand'
        | 'cardLast4'
        | 'status'
        | 'disputed'
        | 'authorizedUntil'
      >
    >,
  ) =>
    tx
      .update(customerOrder)
      .set({ ...patch, version: sql`${customerOrder.version} + 1`, updatedAt: sql`now()` })
      .where(eq(customerOrder.id, id)),
  /** An order of this cart still waiting for its payment (locked), if any. */
  pendingForCart: async (tx: DbOrTx, cartId: number) =>
    (
      await tx
        .select()
        .from(customerOrder)
        .where(and(eq(customerOrder.cartId, cartId), eq(customerOrder.paymentState, 'pending')))
        .for('update')
        .limit(1)
    )[0] ?? null,
  /** Orders still waiting for their payment whose reservation has run out. */
  lapsedPayments: (db: DbOrTx, now: Date) =>
    db
      .select({ number: customerOrder.number, ref: customerOrder.paymentRef })
      .from(customerOrder)
      .where(and(eq(customerOrder.paymentState, 'pending'), lt(customerOrder.paymentExpiresAt, now)))
      .limit(200),
  pendingPayments: (db: DbOrTx) =>
    db
      .select({ number: customerOrder.number, ref: customerOrder.paymentRef })
      .from(customerOrder)
      .where(eq(customerOrder.paymentState, 'pending'))
      .limit(1000),
  /** Records a provider event id; false when it was seen before (handled already). */
  firstSight: async (tx: DbOrTx, id: string, type: string) =>
    rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into payment_event (id, type) values (${id}, ${type}) on conflict (id) do nothing returning id`,
      ),
    ).length === 1,
  forgetSight: (db: DbOrTx, id: string) => db.execute(sql`delete from payment_event where id = ${id}`),
  // ---- back office

  /** The staff order list: search (number, e-mail, name, stone stock or certificate number), filters, sort, one page. */
  adminList: async (db: DbOrTx, q: AdminOrderQuery, opts: { count: boolean } = { count: true }) => {
    const conds: SQL[] = [];
    if (q.q) {
      const text = q.q;
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // A whole address: one B-tree probe (addresses are stored lower-case). Otherwise one indexed
      // lookup per kind of match (number, e-mail and name by trigram, stone numbers), joined: an
      // OR across them would read every order.
      if (EMAIL_RE.test(text)) conds.push(sql`o.email = ${text.toLowerCase()}`);
      else
        conds.push(sql`o.id in (
        select id from customer_order where number = ${text.toUpperCase()}
        union select id from customer_order where email ilike ${like}
        union select id from customer_order where shipping_address->>'name' ilike ${like}
        union select s.order_id from order_stone s join diamond_view d on s.kind = 'diamond' and d.id = s.stone_id
          where d.serial = ${text} or d.certificate = ${text}
        union select s.order_id from order_stone s join notable_gemstone_view g on s.kind = 'gemstone' and g.id = s.stone_id
          where g.serial = ${text} or g.agta_certificate = ${text})`);
    }
    if (q.status) conds.push(sql`o.status = ${q.status}`);
    if (q.payment) conds.push(PAYMENT[q.payment]);
    if (q.from) conds.push(sql`o.placed_at >= ${q.from}::date`);
    if (q.to) conds.push(sql`o.placed_at < ${q.to}::date + 1`);
    const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    type Row = {
      id: number;
      number: string;
      status: string;
      placedAt: string;
      email: string;
      customerName: string;
      itemCount: number;
      totalCents: number;
      refundedCents: number;
    };
    // Both statements at once (on PostgreSQL they run on two pooled connections).
    const [rows, total] = await Promise.all([
      db
        .execute(
          sql`
        with page as (
          select o.id from customer_order o ${where}
          order by ${ORDER_SORT[q.sort]} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
        -- The page's ids come from an index alone; only its own rows are read and counted.
        select o.id, o.number, o.status, o.placed_at as "placedAt", o.email, o.shipping_address->>'name' as "customerName",
          (select coalesce(sum(l.quantity), 0)::int from order_line l where l.order_id = o.id) as "itemCount",
          o.total_cents as "totalCents", o.refunded_cents as "refundedCents"
        from page join customer_order o on o.id = page.id
        order by ${ORDER_SORT[q.sort]}`,
        )
        .then((r) => rowsOf<Row>(r)),
      opts.count
        ? db
            .execute(
              sql`select count(*)::int as n from (select 1 from customer_order o ${where} limit ${ORDER_COUNT_CAP + 1}) c`,
            )
            .then((r) => rowsOf<{ n: number }>(r))
        : Promise.resolve([{ n: -1 }]),
    ]);
    const n = total[0]!.n;
    return { rows, count: Math.min(n, ORDER_COUNT_CAP), countCapped: n > ORDER_COUNT_CAP };
  },

  byId: async (db: DbOrTx, id: number, lock = false) => {
    const q = db.select().from(customerOrder).where(eq(customerOrder.id, id)).limit(1);
    return (await (lock ? q.for('update') : q))[0] ?? null;
  },

  /** The order, locked for this transaction: staff changes to one order happen one at a time. */
  // --- supplier stones: authorised, confirmed, captured (or voided)
  supplierStones: (db: DbOrTx, orderId: number) =>
    db
      .select({ stoneId: orderStone.stoneId, confirmedAt: orderStone.confirmedAt })
      .from(orderStone)
      .where(and(eq(orderStone.orderId, orderId), eq(orderStone.supplier, true), eq(orderStone.live, true)))
      .orderBy(asc(orderStone.stoneId)),
  confirmSupplierStone: (tx: DbOrTx, orderId: number, stoneId: number) =>
    tx
      .update(orderStone)
      .set({ confirmedAt: sql`coalesce(${orderStone.confirmedAt}, now())` })
      .where(and(eq(orderStone.orderId, orderId), eq(orderStone.stoneId, stoneId), eq(orderStone.supplier, true))),
  /** A diamond's name as its order line shows it ("1.01 ct Round … Diamond"). */
  stoneTitle: async (db: DbOrTx, diamondId: number) =>
    rowsOf<{ title: string }>(
      await db.execute(sql`select l.title from order_stone s join order_line l on l.order_id = s.order_id
        where s.kind = 'diamond' and s.stone_id = ${diamondId}
        order by s.id desc, (l.kind = 'diamond' and l.ref_id = s.stone_id) desc, l.position limit 1`),
    )[0]?.title ?? null,
  /** Authorisations whose time to be confirmed has run out. */
  authorizationsRunOut: async (db: DbOrTx, now: Date) =>
    rowsOf<{ number: string }>(
      await db.execute(sql`select number from customer_order
        where payment_state = 'authorized' and authorized_until < ${now.toISOString()} order by authorized_until limit 100`),
    ),
  creditInstalments: async (
    tx: DbOrTx,
    c: {
      orderId: number;
      ids: number[];
      provider: string;
      ref: string;
      cents: number;
      brand: string;
      last4: string;
      event: Record<string, unknown>;
    },
  ) =>
    (
      await named<{ id: number }>(tx, 'order_credit_instalments', CREDIT_INSTALMENTS, [
        c.orderId,
        `{${c.ids.join(',')}}`,
        c.provider,
        c.ref,
        c.cents,
        c.brand,
        c.last4,
        JSON.stringify(c.event),
      ])
    ).length === 1,
  /** The order's payments and instalments in one read (the pay page's answer). */
  paymentsAndInstalments: async (db: DbOrTx, orderId: number) =>
    (
      await named<{
        payments: Array<{ kind: string; amountCents: number; cardBrand: string; cardLast4: string; at: string }>;
        instalments: Array<InstalmentRow & { dueOn: string }> | null;
      }>(
        db,
        'order_payments_and_instalments',
        `select coalesce((select json_agg(json_build_object('kind', kind, 'amountCents', amount_cents,
            'cardBrand', card_brand, 'cardLast4', card_last4, 'at', at) order by id)
            from order_payment where order_id = $1), '[]') as payments,
          (select json_agg(json_build_object('id', id, 'seq', seq, 'dueOn', due_on, 'amountCents', amount_cents,
            'state', state) order by seq) from order_instalment where order_id = $1) as instalments`,
        [orderId],
      )
    )[0]!,
  setSavedCard: (tx: DbOrTx, id: number, card: SavedCard) =>
    tx.update(customerOrder).set({ savedCard: card }).where(eq(customerOrder.id, id)),
  // --- layaway: an order's instalments
  insertInstalments: async (tx: DbOrTx, rows: Array<typeof orderInstalment.$inferInsert>) => {
    if (rows.length) await tx.insert(orderInstalment).values(rows);
  },
  instalments: (db: DbOrTx, orderId: number) =>
    db.select().from(orderInstalment).where(eq(orderInstalment.orderId, orderId)).orderBy(asc(orderInstalment.seq)),
  /** The order's instalments, locked (under the order's own lock: whoever charges one holds both). */
  lockInstalments: (tx: DbOrTx, orderId: number) =>
    namedQuery<InstalmentRow>(
      tx,
      'order_instalments_lock',
      tx
        .select()
        .from(orderInstalment)
        .where(eq(orderInstalment.orderId, orderId))
        .orderBy(asc(orderInstalment.seq))
        .for('update'),
      orderInstalment,
    ),
  instalmentRefused: (tx: DbOrTx, id: number, failure: string, nextTryAt: Date) =>
    tx
      .update(orderInstalment)
      .set({ attempts: sql`${orderInstalment.attempts} + 1`, lastFailure: failure, nextTryAt })
      .where(eq(orderInstalment.id, id)),
  cancelInstalments: (tx: DbOrTx, orderId: number) =>
    tx
      .update(orderInstalment)
      .set({ state: 'cancelled' })
      .where(and(eq(orderInstalment.orderId, orderId), eq(orderInstalment.state, 'due'))),
  /** Orders with an instalment to charge now: due by today, not waiting for its next try. */
  ordersToCharge: async (db: DbOrTx, today: string, now: Date) =>
    rowsOf<{ number: string }>(
      await db.execute(sql`select distinct o.number from order_instalment i join customer_order o on o.id = i.order_id
        where i.state = 'due' and i.due_on <= ${today} and (i.next_try_at is null or i.next_try_at <= ${now.toISOString()})
          and o.status <> 'cancelled' limit 100`),
    ),
  /** Orders with an instalment still unpaid on or before this day (its grace period over). */
  ordersPastGrace: async (db: DbOrTx, lastDueOn: string) =>
    rowsOf<{ number: string }>(
      await db.execute(sql`select distinct o.number from order_instalment i join customer_order o on o.id = i.order_id
        where i.state = 'due' and i.due_on <= ${lastDueOn} and o.status <> 'cancelled' limit 100`),
    ),
  /** Every layaway plan for the back office: what is paid, what is next, what is late (by `today`). */
  layawayPlans: async (db: DbOrTx, today: string) =>
    rowsOf<{
      number: string;
      name: string;
      email: string;
      status: string;
      placedAt: string;
      totalCents: number;
      paidCents: number;
      nextDueOn: string | null;
      nextCents: number | null;
      lateCents: number;
      oldestLateOn: string | null;
      attempts: number;
      cardSaved: boolean;
    }>(
      await db.execute(sql`select o.number, o.shipping_address->>'name' as name, o.email, o.status,
          o.placed_at as "placedAt", o.total_cents as "totalCents", o.paid_cents as "paidCents",
          n.due_on as "nextDueOn", n.amount_cents as "nextCents",
          coalesce(l.cents, 0)::int as "lateCents", l.oldest as "oldestLateOn", coalesce(l.attempts, 0)::int as attempts,
          o.saved_card is not null as "cardSaved"
        from customer_order o
        left join lateral (select due_on, amount_cents from order_instalment
          where order_id = o.id and state = 'due' order by seq limit 1) n on true
        left join lateral (select sum(amount_cents) as cents, min(due_on) as oldest, max(attempts) as attempts
          from order_instalment where order_id = o.id and state = 'due' and due_on < ${today}) l on true
        where o.plan = 'layaway'
        order by (o.status = 'cancelled' or o.paid_cents >= o.total_cents), l.oldest nulls last, n.due_on nulls last, o.id desc
        limit 500`),
    ),

  lockByNumber: async (tx: DbOrTx, number: string) =>
    (
      await namedQuery<OrderRow>(
        tx,
        'order_lock',
        tx.select().from(customerOrder).where(eq(customerOrder.number, number)).for('update').limit(1),
        customerOrder,
      )
    )[0] ?? null,

  /** Applies a staff change when nobody changed the order since `version` was read; bumps the version. */
  updateIfVersion: async (
    tx: DbOrTx,
    id: number,
    version: number,
    patch: Partial<Pick<OrderRow, 'status' | 'carrier' | 'trackingNumber' | 'refundedCents'>>,
  ) =>
    (
      await tx
        .update(customerOrder)
        .set({ ...patch, version: sql`${customerOrder.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(customerOrder.id, id), eq(customerOrder.version, version)))
        .returning()
    )[0] ?? null,

  /** When staff marked the order delivered (null: not yet): a return window counts from it. */
  deliveredAt: async (db: DbOrTx, orderId: number) =>
    rowsOf<{ at: Date | string }>(
      await db.execute(sql`select at from order_event where order_id = ${orderId} and type = 'status'
        and data->>'to' = 'delivered' order by at desc limit 1`),
    ).map((r) => new Date(r.at))[0] ?? null,

  /** Whether an order line is a ring or band (a configured design, or a catalogue variant of one). */
  isRing: async (db: DbOrTx, lineId: number) =>
    rowsOf<{ ring: boolean }>(
      await db.execute(sql`select exists (select 1 from order_line l join product_group_view g on g.id =
          case when l.kind = 'configured' then l.ref_id else (select p.group_id from product_view p where p.id = l.ref_id) end
        where l.id = ${lineId} and l.kind in ('product', 'configured') and g.kind in ('ring', 'band')) as ring`),
    )[0]!.ring,
  /** Each ring or band of an order, and whether it is set with stones all the way round (cannot be resized). */
  ringsOf: async (db: DbOrTx, orderId: number) =>
    rowsOf<{ id: number; eternity: boolean }>(
      await db.execute(sql`select l.id, (g.category_id = ${CATEGORY.eternity} or exists (select 1 from category_view c
          where c.id = g.category_id and c.parent_id = ${CATEGORY.eternity})) as eternity
        from order_line l join product_group_view g on g.id =
          case when l.kind = 'configured' then l.ref_id else (select p.group_id from product_view p where p.id = l.ref_id) end
        where l.order_id = ${orderId} and l.kind in ('product', 'configured') and g.kind in ('ring', 'band')`),
    ),
  /** The lines of a customer's paid orders with their order numbers (their service requests are found by them). */
  linesOfUser: async (db: DbOrTx, userId: number) =>
    rowsOf<{ id: number; title: string; orderNumber: string }>(
      await db.execute(sql`select l.id, l.title, o.number as "orderNumber" from order_line l
        join customer_order o on o.id = l.order_id
        where o.user_id = ${userId} and o.payment_state in ('paid', 'refunded')`),
    ),
  /** A line with its order's number (a service ticket names what it came from). */
  lineWithOrder: async (db: DbOrTx, lineId: number) =>
    rowsOf<{ position: number; title: string; orderNumber: string }>(
      await db.execute(sql`select l.position, l.title, o.number as "orderNumber" from order_line l
        join customer_order o on o.id = l.order_id where l.id = ${lineId}`),
    )[0] ?? null,

  /** The label's carrier and tracking number, ahead of the parcel's first scan (bumps the version). */
  setTracking: (tx: DbOrTx, id: number, carrier: string, trackingNumber: string) =>
    tx
      .update(customerOrder)
      .set({ carrier, trackingNumber, version: sql`${customerOrder.version} + 1`, updatedAt: sql`now()` })
      .where(eq(customerOrder.id, id)),

  setReturnToken: (tx: DbOrTx, id: number, hash: string) =>
    tx.update(customerOrder).set({ returnTokenHash: hash }).where(eq(customerOrder.id, id)),

  insertEvent: (tx: DbOrTx, e: typeof orderEvent.$inferInsert) =>
    namedQuery(tx, 'order_event', tx.insert(orderEvent).values(e)),
  events: (db: DbOrTx, orderId: number) =>
    db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId)).orderBy(asc(orderEvent.at), asc(orderEvent.id)),
  customerEvents: (db: DbOrTx, orderId: number) =>
    db
      .select()
      .from(orderEvent)
      .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.visibleToCustomer, true)))
      .orderBy(asc(orderEvent.at), asc(orderEvent.id)),

  /** The stones an order holds, with what identifies them on the bench: stock and certificate numbers. */
  stones: async (db: DbOrTx, orderId: number) =>
    rowsOf<
      StoneFacts & {
        id: number;
        serial: string;
        certificate: string | null;
        lab: string | null;
        supplier: boolean;
        confirmedAt: string | Date | null;
      }
    >(
      await db.execute(
        sql`select s.kind, s.stone_id as id, s.supplier, s.confirmed_at as "confirmedAt", coalesce(d.serial, g.serial) as serial, coalesce(d.certificate, g.agta_certificate) as certificate,
          case when s.kind = 'diamond' then d.lab when g.agta_certificate is not null then 'AGTA' end as lab,
          coalesce(d.carat_points, g.carat_points) as "caratPoints", coalesce(d.shape, g.shape) as shape, d.origin,
          coalesce(d.color, g.color) as color, d.clarity, (select t.name from gemstone_type_view t where t.slug = g.type_slug) as "typeName"
        from order_stone s
        left join diamond_view d on s.kind = 'diamond' and d.id = s.stone_id
        left join notable_gemstone_view g on s.kind = 'gemstone' and g.id = s.stone_id
        where s.order_id = ${orderId} order by s.id`,
      ),
    ).map(withStoneTitle),

  /** The order's live stones (or `only` those) stop being its own: which they were. */
  freeStones: async (tx: DbOrTx, orderId: number, only?: Array<{ kind: string; id: number }>) => {
    if (only && !only.length) return [];
    const which = only
      ? sql` and (kind, stone_id) in (${sql.join(
          only.map((s) => sql`(${s.kind}, ${s.id})`),
          sql`, `,
        )})`
      : sql``;
    const freed = rowsOf<{ kind: string; stone_id: number }>(
      await tx.execute(
        sql`update order_stone set live = false where order_id = ${orderId} and live${which} returning kind, stone_id`,
      ),
    );
    return freed.map((f) => ({ kind: f.kind, id: f.stone_id }));
  },
  insertRefund: (tx: DbOrTx, r: typeof orderRefund.$inferInsert) => tx.insert(orderRefund).values(r),

  /** Orders, revenue (less refunds) and stones sold since each cut-off, and the open orders per status. */
  dashboard: async (db: DbOrTx) => {
    const [periods, queue, returns] = await Promise.all([
      rowsOf<{ days: number; orders: number; revenueCents: number; stones: number }>(
        await db.execute(sql`
        with ${NET_SALES}
        select p.days,
          (select count(*)::int from sold s
             where s.goods_cents > 0 and s.placed_at >= now() - make_interval(days => p.days)) as orders,
          ((select coalesce(sum(s.goods_cents), 0) from sold s
              where s.placed_at >= now() - make_interval(days => p.days))
            - (select coalesce(sum(r.goods_cents), 0) from sold_refunds r
              where r.at >= now() - make_interval(days => p.days)))::bigint::int as "revenueCents",
          (select count(*)::int from order_stone s join customer_order o on o.id = s.order_id
             where s.live and o.placed_at >= now() - make_interval(days => p.days)) as stones
        from (values (1), (7), (30)) as p(days) order by p.days`),
      ),
      rowsOf<{ status: string; count: number }>(
        await db.execute(sql`select status, count(*)::int as count from customer_order group by status`),
      ),
      // Returns waiting for staff (asked, approved, received or inspected): after-sale work on orders.
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from return_request_view where status in (${sql.join(
            STAFF_RETURN_STATUSES.map((st) => sql`${st}`),
            sql`, `,
          )})`,
        ),
      ),
    ]);
    return { periods, queue, returnsWaiting: returns[0]!.n };
  },

  setAccessTokenHash: (tx: DbOrTx, id: number, accessTokenHash: string) =>
    tx.update(customerOrder).set({ accessTokenHash }).where(eq(customerOrder.id, id)),
};
