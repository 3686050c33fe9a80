import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { SalesFigures } from '@facet/contracts/reports';

// The lines a period's sales reports are made of: each piece sold in an order charged in the period
// (paid, or paid and given back; gift cards are owed, not sold), and each refund given in the
// period shared out over the lines of its order in proportion to what each sold for (the last line
// takes the rounding, so the shares add up to the refund to the cent). Days are the store's.

export type LinesQuery = { tz: string; from: string; to: string; by: 'day' | 'week' | 'month' };

/**
 * `facts`: one row per line sold and per line's share of a refund (line_id, order_id, kind, ref_id,
 * configuration, title, period, gross, sale, code, net, cost, refund, sold), as CTEs to select from.
 * What a line is (its category, metal…) is looked up only for the grouping asked for (GROUPS).
 */
/** A made ring's choices (its stones' origin), carried only on such lines: the rest stay narrow to sort. */
const CONFIG = sql`case when l.kind = 'configured' then l.configuration end`;

function lineFacts(q: LinesQuery): SQL {
  // A range of moments (not each row's day worked out): the orders' and refunds' time indexes serve it.
  const inPeriod = (at: SQL) =>
    sql`${at} >= (${q.from}::date::timestamp at time zone ${q.tz}) and ${at} < ((${q.to}::date + 1)::timestamp at time zone ${q.tz})`;
  const period = (at: SQL) => sql`date_trunc(${q.by}, ${at} at time zone ${q.tz})::date`;
  return sql`
    charged as (
      select id, ${period(sql`placed_at`)} as period, shipping_cents, tax_cents
      from customer_order_view
      where payment_state in ('paid', 'refunded') and ${inPeriod(sql`placed_at`)}),
    sold as (
      select l.id as line_id, l.order_id, l.kind, l.ref_id, ${CONFIG} as configuration, l.title, c.period,
        (l.line_total_cents + coalesce(l.was_unit_cents - l.unit_price_cents, 0) * l.quantity)::bigint as gross,
        (coalesce(l.was_unit_cents - l.unit_price_cents, 0) * l.quantity)::bigint as sale,
        l.discount_cents::bigint as code,
        (l.line_total_cents - l.discount_cents)::bigint as net,
        l.cost_cents::bigint as cost,
        0::bigint as refund, 1 as sold
      from order_line_view l join charged c on c.id = l.order_id
      where l.kind <> 'gift-card'),
    given as (
      select r.id, r.order_id, r.amount_cents, ${period(sql`r.at`)} as period
      from order_refund_view r where ${inPeriod(sql`r.at`)}),
    shared as (
      select l.id as line_id, l.order_id, l.kind, l.ref_id, ${CONFIG} as configuration, l.title, g.period, g.id as refund_id,
        g.amount_cents, l.cost_cents,
        floor(case when sum(l.line_total_cents - l.discount_cents) over w > 0
          then g.amount_cents::numeric * (l.line_total_cents - l.discount_cents)
            / sum(l.line_total_cents - l.discount_cents) over w
          else g.amount_cents::numeric / count(*) over w end)::bigint as part,
        row_number() over (partition by g.id order by l.position desc, l.id desc) as last
      from given g cross join lateral (
        select * from order_line_view l where l.order_id = g.order_id and l.kind <> 'gift-card' offset 0) l
      window w as (partition by g.id)),
    facts as (
      select * from sold
      union all
      select line_id, order_id, kind, ref_id, configuration, title, period, 0, 0, 0, 0, cost_cents,
        case when last = 1 then amount_cents - (sum(part) over (partition by refund_id) - part) else part end, 0
      from shared)`;
}

/** The sums every sales table shows, over `facts f` (with the lines' costs known or not). */
const FIGURES = sql`
  count(distinct f.order_id) filter (where f.sold = 1)::int as orders,
  count(*) filter (where f.sold = 1)::int as lines,
  sum(f.gross)::float8 as gross,
  sum(f.sale + f.code)::float8 as reductions,
  sum(f.refund)::float8 as refunds,
  sum(f.gross - f.sale - f.code - f.refund)::float8 as net,
  coalesce(sum(f.cost) filter (where f.sold = 1), 0)::float8 as cost,
  coalesce(sum(f.net - f.refund) filter (where f.cost is not null), 0)::float8
    - coalesce(sum(f.cost) filter (where f.sold = 1), 0)::float8 as margin,
  count(*) filter (where f.sold = 1 and f.cost is null)::int as cost_unknown`;

// Read through the owning modules' views (what they let others read). Days are the store's: an
// order placed at 11 pm in New York belongs to that day, not to the next one in UTC.

type Period = { period: string } & Omit<SalesFigures, 'netCents'>;
type Range = { tz: string; from: string; to: string };
/** The first moment after the range's last day, in the store's time zone. */
const endOf = (q: Range) => sql`((${q.to}::date + 1)::timestamp at time zone ${q.tz})`;
const startOf = (q: Range) => sql`(${q.from}::date::timestamp at time zone ${q.tz})`;
/** The range's moments (the time indexes serve it, where each row's day worked out would not). */
const inRange = (q: Range, at: SQL) => sql`${at} >= ${startOf(q)} and ${at} < ${endOf(q)}`;

/** A variant's design, for the lines that are pieces (`p`, `g`). */
const DESIGN = sql`
  left join product_view p on f.kind = 'product' and p.id = f.ref_id
  left join product_group_view g on g.id = case f.kind when 'product' then p.group_id when 'configured' then f.ref_id end`;

/**
 * What a sales table groups its lines by, and only the lookups that grouping needs (a fixed list:
 * the fragments are never the caller's text).
 */
export const GROUPS = {
  category: {
    key: sql`coalesce(c.name, case when f.kind in ('product', 'configured') then 'Uncategorised' end, 'kind:' || f.kind)`,
    joins: sql`${DESIGN} left join category_view c on c.id = g.category_id`,
  },
  metal: {
    key: sql`coalesce(case f.kind when 'product' then p.metal when 'configured' then f.configuration->>'metal' end, '')`,
    joins: sql`left join product_view p on f.kind = 'product' and p.id = f.ref_id`,
  },
  // Each stone sold looked up once (the distinct stones of the period), then matched to its lines.
  origin: {
    key: sql`coalesce(case f.kind when 'configured' then (
          select cd.origin from jsonb_array_elements(f.configuration->'stones') s
          join diamond_view cd on cd.id = (s->>'id')::int
          where s->>'kind' = 'diamond' order by (s->>'location')::int limit 1)
        else so.origin end, '')`,
    joins: sql`left join (
        select r.kind, r.ref_id, coalesce(d.origin, m.origin) as origin
        from (select distinct kind, ref_id from facts where kind in ('diamond', 'melee')) r
        left join diamond_view d on r.kind = 'diamond' and d.id = r.ref_id
        left join melee_parcel_view m on r.kind = 'melee' and m.id = r.ref_id) so
      on so.kind = f.kind and so.ref_id = f.ref_id`,
  },
  channel: {
    key: sql`case when q.order_number is not null then 'quote' when o.plan = 'layaway' then 'layaway' else 'web' end`,
    joins: sql`join customer_order_view o on o.id = f.order_id
      left join (select distinct order_number from quote_view where order_number is not null) q on q.order_number = o.number`,
  },
} as const;
export type Group = keyof typeof GROUPS;

export type Breakdown = {
  key: string;
  orders: number;
  lines: number;
  gross: number;
  reductions: number;
  refunds: number;
  net: number;
  cost: number;
  margin: number;
  cost_unknown: number;
};

/**
 * A report's statement with room to sort in memory: a year of lines (100,000 and more) spilled
 * PostgreSQL's default 4 MB to disk and took seconds. And without PostgreSQL's JIT: the planner's
 * cost of a year passes its threshold, and compiling the statement took 1.1–1.3 s of a 1.7 s year
 * by origin (EXPLAIN ANALYZE, 100,000 orders) to save a few ms of running it. Only for these few
 * owner-run statements.
 */
const roomy = (db: DbOrTx, query: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);
    return tx.execute(query);
  });

export const reportsRepository = {
  /** Sales by period: orders charged and what they took for shipping and tax, their lines, refunds given. */
  sales: async (db: DbOrTx, q: LinesQuery) =>
    rowsOf<Period>(
      await roomy(
        db,
        sql`
        with ${lineFacts(q)},
        orders as (
          select period, count(*)::int as orders, sum(shipping_cents)::bigint as shipping, sum(tax_cents)::bigint as tax
          from charged group by period),
        lines as (select f.period, ${FIGURES}, sum(f.sale)::float8 as sale, sum(f.code)::float8 as code from facts f group by f.period),
        refunds as (select period, sum(amount_cents)::bigint as refunds from given group by period),
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
          coalesce(lines.margin, 0)::float8 as "marginCents",
          coalesce(lines.cost_unknown, 0) as "costUnknownLines"
        from periods p
        left join orders using (period)
        left join lines using (period)
        left join refunds using (period)
        order by p.period`,
      ),
    ),

  /** The period's lines summed by category, metal, origin or channel. */
  breakdown: async (db: DbOrTx, q: LinesQuery, by: Group) =>
    rowsOf<Breakdown>(
      await roomy(
        db,
        sql`
        with ${lineFacts(q)}
        select ${GROUPS[by].key} as key, ${FIGURES}
        from facts f ${GROUPS[by].joins}
        group by 1 order by net desc, key`,
      ),
    ),

  /** The period's lines summed whole (a breakdown's totals, without its lookups). */
  lineTotals: async (db: DbOrTx, q: LinesQuery) =>
    rowsOf<Breakdown>(await roomy(db, sql`with ${lineFacts(q)} select 'Total' as key, ${FIGURES} from facts f`))[0]!,

  /** What each discount code and each sale took off the pieces of the orders charged in the period. */
  discounts: async (db: DbOrTx, q: Range) =>
    rowsOf<{ how: 'code' | 'sale'; name: string; orders: number; lines: number; cents: number }>(
      await roomy(
        db,
        sql`
        with l as (
          select l.order_id, l.quantity, l.unit_price_cents, l.was_unit_cents, l.sale_name, l.discount_cents, o.discount_label
          from customer_order_view o join order_line_view l on l.order_id = o.id and l.kind <> 'gift-card'
          where o.payment_state in ('paid', 'refunded') and ${inRange(q, sql`o.placed_at`)})
        select 'code' as how, coalesce(discount_label, 'A code') as name, count(distinct order_id)::int as orders,
          count(*)::int as lines, sum(discount_cents)::float8 as cents
        from l where discount_cents > 0 group by 2
        union all
        select 'sale', coalesce(sale_name, 'A sale'), count(distinct order_id)::int, count(*)::int,
          sum((was_unit_cents - unit_price_cents) * quantity)::float8
        from l where was_unit_cents is not null and was_unit_cents > unit_price_cents group by 2
        order by cents desc, name`,
      ),
    ),

  /** The period's lines summed by piece (a design, a stone, a made ring): what each brought and left. */
  pieces: async (db: DbOrTx, q: LinesQuery) =>
    rowsOf<Breakdown & { name: string; kind: string }>(
      await roomy(
        db,
        sql`
        with ${lineFacts(q)}
        select f.kind || ':' || coalesce(g.id, f.ref_id) as key, min(f.title) as name, min(f.kind) as kind, ${FIGURES}
        from facts f ${DESIGN}
        group by 1 order by margin desc nulls last, net desc, key`,
      ),
    ),

  /**
   * Tax on the orders charged in the period, by state and jurisdiction as the tax service (or the
   * store's table) gave it, less what refunds gave back since; a difference between an order's
   * jurisdictions and its tax (rounding) is shown on its own line rather than lost.
   */
  tax: async (db: DbOrTx, q: Range) =>
    rowsOf<{ state: string; jurisdiction: string; percent: number | null; orders: number; cents: number }>(
      await roomy(
        db,
        sql`
        select o.shipping_address->>'state' as state, t.jurisdiction, t.percent, count(*)::int as orders,
          sum(t.cents)::float8 as cents
        from customer_order_view o
        cross join lateral (
          select e->>'name' as jurisdiction, (e->>'percent')::float8 as percent, (e->>'cents')::bigint as cents
          from jsonb_array_elements(o.tax_lines) e
          union all
          select 'Rounding between jurisdictions', null,
            o.tax_cents - (select coalesce(sum((e->>'cents')::bigint), 0) from jsonb_array_elements(o.tax_lines) e)
          union all
          select 'Given back on refunds', null, -o.tax_reversed_cents::bigint where o.tax_reversed_cents > 0) t
        where o.payment_state in ('paid', 'refunded') and ${inRange(q, sql`o.placed_at`)}
          and (t.cents <> 0 or t.jurisdiction <> 'Rounding between jurisdictions')
        group by 1, 2, 3
        order by state, jurisdiction = 'Given back on refunds', jurisdiction = 'Rounding between jurisdictions', cents desc, jurisdiction`,
      ),
    ),

  /**
   * Every card that existed by the range's end: what it held at the start, what was issued, spent
   * (less what came back to it) and otherwise changed in the range, and what it held at the end —
   * the ledger's own balances, so start + issued − spent + changed = end for each card.
   */
  giftCards: async (db: DbOrTx, q: Range) =>
    rowsOf<{
      id: number;
      last4: string | null;
      issued_on: string;
      source: string;
      active: boolean;
      at_start: number;
      issued: number;
      spent: number;
      changed: number;
      at_end: number;
    }>(
      await db.execute(sql`
        with e as (
          select e.card_id, e.kind, e.cents, e.at >= ${startOf(q)} and e.at < ${endOf(q)} as inside
          from gift_card_entry_view e where e.at < ${endOf(q)})
        select c.id, c.last4, to_char(c.created_at at time zone ${q.tz}, 'YYYY-MM-DD') as issued_on,
          case when c.order_id is null then 'Issued by staff' else 'Sold' end as source, c.active,
          coalesce(sum(e.cents) filter (where not e.inside), 0)::float8 as at_start,
          coalesce(sum(e.cents) filter (where e.inside and e.kind = 'issue'), 0)::float8 as issued,
          coalesce(-sum(e.cents) filter (where e.inside and e.kind in ('redeem', 'release', 'refund')), 0)::float8 as spent,
          coalesce(sum(e.cents) filter (where e.inside and e.kind in ('adjust', 'disable')), 0)::float8 as changed,
          coalesce(sum(e.cents), 0)::float8 as at_end
        from gift_card_view c join e on e.card_id = c.id
        group by c.id, c.last4, c.created_at, c.order_id, c.active order by c.created_at, c.id`),
    ),

  /** Stones on memo sold in the range and still sold: what each dealer is owed (the cost recorded at the sale). */
  memo: async (db: DbOrTx, q: Range) =>
    rowsOf<{ dealer: string; stones: number; serials: string; sold: number; owed: number; unknown: number }>(
      await db.execute(sql`
        select d.memo_from as dealer, count(*)::int as stones, string_agg(d.serial, ', ' order by d.serial) as serials,
          sum(l.line_total_cents - l.discount_cents)::float8 as sold,
          coalesce(sum(l.cost_cents), 0)::float8 as owed,
          count(*) filter (where l.cost_cents is null)::int as unknown
        from order_line_view l
        join customer_order_view o on o.id = l.order_id
        join diamond_view d on d.id = l.ref_id
        where l.kind = 'diamond' and d.memo_from is not null and d.status = 'sold'
          and o.payment_state in ('paid', 'refunded') and ${inRange(q, sql`o.placed_at`)}
        group by d.memo_from order by owed desc, dealer`),
    ),

  /** What the store holds of its own today (pieces in stock, its own loose diamonds) and since when. */
  stock: async (db: DbOrTx) =>
    rowsOf<{ kind: string; name: string; ref: string; days: number; units: number; cost: number | null }>(
      await db.execute(sql`
        select 'Piece' as kind, g.description as name, p.sku as ref,
          floor(extract(epoch from now() - g.created_at) / 86400)::int as days, p.stock as units,
          (p.cost_cents::bigint * p.stock)::float8 as cost
        from product_view p join product_group_view g on g.id = p.group_id
        where g.stock_tracked and p.active and p.stock > 0 and g.archived_at is null
        union all
        select 'Diamond', initcap(d.shape) || ' ' || to_char(d.carat_points / 100.0, 'FM990.00') || ' ct, '
          || case d.origin when 'lab' then 'lab-grown' else 'natural' end, d.serial,
          floor(extract(epoch from now() - d.created_at) / 86400)::int, 1, d.cost_cents::float8
        from diamond_view d
        where d.supplier_id is null and d.memo_from is null and d.status in ('available', 'held')
        order by days desc, ref`),
    ),

  /** Terms searched in the range: how often, how often they found nothing, and the last day. */
  searches: async (db: DbOrTx, q: Range) =>
    rowsOf<{ term: string; searches: number; nothing: number; last: string }>(
      await db.execute(sql`
        select term, sum(searches)::int as searches, sum(found_nothing)::int as nothing, to_char(max(day), 'YYYY-MM-DD') as last
        from search_term_day where day between ${q.from}::date and ${q.to}::date
        group by term order by searches desc, term limit 5000`),
    ),

  /** One more search of `term` on the store's day (and whether it found nothing). */
  countSearch: async (db: DbOrTx, term: string, day: string, nothing: boolean) => {
    await db.execute(sql`
      insert into search_term_day (term, day, searches, found_nothing) values (${term}, ${day}::date, 1, ${nothing ? 1 : 0})
      on conflict (term, day) do update set searches = search_term_day.searches + 1,
        found_nothing = search_term_day.found_nothing + excluded.found_nothing`);
  },
};
