import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { SalesFigures } from '@facet/contracts/reports';

// Read through the order module's views (what it lets others read). Days are the store's: an order
// placed at 11 pm in New York belongs to that day, not to the next one in UTC.

type Period = { period: string } & SalesFigures;

export const reportsRepository = {
  /** Sales by period: orders charged (paid, or paid and given back), their lines less gift cards, refunds given. */
  sales: async (db: DbOrTx, q: { tz: string; from: string; to: string; by: 'day' | 'week' | 'month' }) =>
    rowsOf<Omit<Period, 'netCents' | 'marginCents'> & { knownNetCents: number }>(
      await db.execute(sql`
        with o as (
          select id, shipping_cents, tax_cents,
            date_trunc(${q.by}, placed_at at time zone ${q.tz})::date as period
          from customer_order_view
          where payment_state in ('paid', 'refunded')
            and (placed_at at time zone ${q.tz})::date between ${q.from}::date and ${q.to}::date),
        orders as (
          select period, count(*)::int as orders, sum(shipping_cents)::bigint as shipping, sum(tax_cents)::bigint as tax
          from o group by period),
        lines as (
          select o.period,
            sum(l.line_total_cents + coalesce(l.was_unit_cents - l.unit_price_cents, 0) * l.quantity)::bigint as gross,
            sum(coalesce(l.was_unit_cents - l.unit_price_cents, 0) * l.quantity)::bigint as sale,
            sum(l.discount_cents)::bigint as code,
            sum(l.cost_cents)::bigint as cost,
            sum(case when l.cost_cents is not null then l.line_total_cents - l.discount_cents end)::bigint as known_net,
            count(*) filter (where l.cost_cents is null)::int as unknown
          from order_line_view l join o on o.id = l.order_id
          where l.kind <> 'gift-card'
          group by o.period),
        refunds as (
          select date_trunc(${q.by}, at at time zone ${q.tz})::date as period, sum(amount_cents)::bigint as refunds
          from order_refund_view
          where (at at time zone ${q.tz})::date between ${q.from}::date and ${q.to}::date
          group by 1),
        periods as (select period from orders union select period from refunds)
        select to_char(p.period, 'YYYY-MM-DD') as period,
          coalesce(orders.orders, 0) as orders,
          coalesce(lines.gross, 0)::float8 as "grossCents",
          coalesce(lines.sale, 0)::float8 as "saleCents",
          coalesce(lines.code, 0)::float8 as "codeCents",
          coalesce(refunds.refunds, 0)::float8 as "refundsCents",
          coalesce(orders.shipping, 0)::float8 as "shippingCents",
          coalesce(orders.tax, 0)::float8 as "taxCents",
          coalesce(lines.cost, 0)::float8 as "costCents",
          coalesce(lines.known_net, 0)::float8 as "knownNetCents",
          coalesce(lines.unknown, 0) as "costUnknownLines"
        from periods p
        left join orders using (period)
        left join lines using (period)
        left join refunds using (period)
        order by p.period`),
    ),
};
