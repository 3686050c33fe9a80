import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client.ts';
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

export function lineFacts(q: LinesQuery): SQL {
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

/** The sums every sales table shows, over the kept days `k` of one grouping. */
const FIGURES = sql`
  sum(k.orders)::int as orders,
  sum(k.lines)::int as lines,
  sum(k.gross)::float8 as gross,
  sum(k.sale + k.code)::float8 as reductions,
  sum(k.refunds)::float8 as refunds,
  sum(k.gross - k.sale - k.code - k.refunds)::float8 as net,
  sum(k.cost)::float8 as cost,
  (sum(k.costed) - sum(k.cost))::float8 as margin,
  sum(k.cost_unknown)::int as cost_unknown`;

// Read through the owning modules' views (what they let others read). Days are the store's: an
// order placed at 11 pm in New York belongs to that day, not to the next one in UTC.

type Period = { period: string } & Omit<SalesFigures, 'netCents'>;
type Range = { tz: string; from: string; to: string };
/** The first moment after the range's last day, in the store's time zone. */
const endOf = (q: Range) => sql`((${q.to}::date + 1)::timestamp at time zone ${q.tz})`;
const startOf = (q: Range) => sql`(${q.from}::date::timestamp at time zone ${q.tz})`;
/** The range's moments (the time indexes serve it, where each row's day worked out would not). */
export const inRange = (q: Range, at: SQL) => sql`${at} >= ${startOf(q)} and ${at} < ${endOf(q)}`;
/** The kept days of the range (rollups.ts). */
const keptDays = (q: Range) => sql`day between ${q.from}::date and ${q.to}::date`;

/** A variant's design, for the lines that are pieces (`p`, `g`). */
export const DESIGN = sql`
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
  /**
   * Sales by period, from the kept days (refreshRollups first): orders charged and what they took
   * for shipping and tax, their lines, refunds given.
   */
  sales: async (db: DbOrTx, q: LinesQuery) =>
    rowsOf<Period>(
      await db.execute(sql`
        with days as (
          select date_trunc(${q.by}, day::timestamp)::date as period, sum(orders)::int as orders,
            sum(shipping) as shipping, sum(tax) as tax, sum(refunds) as refunds
          from report_day where ${keptDays(q)} group by 1),
        lines as (
          select date_trunc(${q.by}, day::timestamp)::date as period, sum(gross) as gross, sum(sale) as sale, sum(code) as code,
            sum(cost) as cost, sum(costed) - sum(cost) as margin, sum(cost_unknown)::int as cost_unknown
          from report_line_day where dim = 'total' and ${keptDays(q)} group by 1)
        select to_char(d.period, 'YYYY-MM-DD') as period,
          d.orders,
          coalesce(l.gross, 0)::float8 as "grossCents",
          coalesce(l.sale, 0)::float8 as "saleCents",
          coalesce(l.code, 0)::float8 as "codeCents",
          d.refunds::float8 as "refundsCents",
          d.shipping::float8 as "shippingCents",
          d.tax::float8 as "taxCents",
          coalesce(l.cost, 0)::float8 as "costCents",
          coalesce(l.margin, 0)::float8 as "marginCents",
          coalesce(l.cost_unknown, 0) as "costUnknownLines"
        from days d left join lines l using (period)
        order by d.period`),
    ),

  /** The period's lines summed by category, metal, origin or channel (kept days). */
  breakdown: async (db: DbOrTx, q: Range, by: Group) =>
    rowsOf<Breakdown>(
      await db.execute(sql`
        select k.key, ${FIGURES} from report_line_day k where k.dim = ${by} and ${keptDays(q)}
        group by 1 order by net desc, key`),
    ),

  /** The period's lines summed whole (a breakdown's totals). */
  lineTotals: async (db: DbOrTx, q: Range) =>
    rowsOf<Breakdown>(
      await db.execute(sql`
        select 'Total' as key, coalesce(sum(k.orders), 0)::int as orders, coalesce(sum(k.lines), 0)::int as lines,
          coalesce(sum(k.gross), 0)::float8 as gross, coalesce(sum(k.sale + k.code), 0)::float8 as reductions,
          coalesce(sum(k.refunds), 0)::float8 as refunds, coalesce(sum(k.gross - k.sale - k.code - k.refunds), 0)::float8 as net,
          coalesce(sum(k.cost), 0)::float8 as cost, coalesce(sum(k.costed) - sum(k.cost), 0)::float8 as margin,
          coalesce(sum(k.cost_unknown), 0)::int as cost_unknown
        from report_line_day k where k.dim = 'total' and ${keptDays(q)}`),
    )[0]!,

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
  pieces: async (db: DbOrTx, q: Range) =>
    rowsOf<Breakdown & { name: string; kind: string }>(
      await db.execute(sql`
        select k.key, min(k.name) as name, split_part(k.key, ':', 1) as kind, ${FIGURES}
        from report_line_day k where k.dim = 'piece' and ${keptDays(q)}
        group by 1 order by margin desc nulls last, net desc, key`),
    ),

  /**
   * Tax on the orders charged in the period, by state and jurisdiction as the tax service (or the
   * store's table) gave it, less what refunds gave back since (kept days).
   */
  tax: async (db: DbOrTx, q: Range) =>
    rowsOf<{ state: string; jurisdiction: string; percent: number | null; orders: number; cents: number }>(
      await db.execute(sql`
        select k.state, k.jurisdiction, k.percent, sum(k.orders)::int as orders, sum(k.cents)::float8 as cents
        from report_tax_day k where ${keptDays(q)}
        group by 1, 2, 3
        order by state, jurisdiction = 'Given back on refunds', jurisdiction = 'Rounding between jurisdictions', cents desc, jurisdiction`),
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

// The kept days (rollups.ts): a report brings them up to date, then reads them.

/** "The rollups are being brought up to date" on every instance (pg_advisory_xact_lock). */
const ROLLUP_LOCK = 4_214_551_230;

/** The sums kept per day and grouping, over `facts f`. */
const SUMS = sql`
  count(distinct f.order_id) filter (where f.sold = 1), count(*) filter (where f.sold = 1),
  sum(f.gross), sum(f.sale), sum(f.code), sum(f.refund),
  coalesce(sum(f.cost) filter (where f.sold = 1), 0),
  coalesce(sum(f.net - f.refund) filter (where f.cost is not null), 0),
  count(*) filter (where f.sold = 1 and f.cost is null)`;

/** One grouping's rows of a span, from the span's facts. */
const grouped = (dim: keyof typeof GROUPS) =>
  sql`select f.period, ${dim}, ${GROUPS[dim].key}, null, ${SUMS} from facts f ${GROUPS[dim].joins} group by 1, 3`;

type Span = { tz: string; from: string; to: string };

/** Works out the days [from, to] (store days) again: what was kept for them is replaced. */
async function build(tx: Tx, s: Span) {
  const days = sql`day between ${s.from}::date and ${s.to}::date`;
  await tx.execute(sql`delete from report_day where ${days}`);
  await tx.execute(sql`delete from report_line_day where ${days}`);
  await tx.execute(sql`delete from report_tax_day where ${days}`);
  const day = (at: SQL) => sql`(${at} at time zone ${s.tz})::date`;
  await tx.execute(sql`
    with charged as (
      select ${day(sql`placed_at`)} as day, count(*) as orders, sum(shipping_cents) as shipping, sum(tax_cents) as tax
      from customer_order_view where payment_state in ('paid', 'refunded') and ${inRange(s, sql`placed_at`)} group by 1),
    given as (
      select ${day(sql`at`)} as day, sum(amount_cents) as refunds from order_refund_view where ${inRange(s, sql`at`)} group by 1)
    insert into report_day (day, orders, shipping, tax, refunds)
    select day, coalesce(c.orders, 0), coalesce(c.shipping, 0), coalesce(c.tax, 0), coalesce(g.refunds, 0)
    from charged c full join given g using (day)`);
  await tx.execute(sql`
    with ${lineFacts({ ...s, by: 'day' })}
    insert into report_line_day (day, dim, key, name, orders, lines, gross, sale, code, refunds, cost, costed, cost_unknown)
    select f.period, 'total', '', null, ${SUMS} from facts f group by 1
    union all ${grouped('category')}
    union all ${grouped('metal')}
    union all ${grouped('origin')}
    union all ${grouped('channel')}
    union all select f.period, 'piece', f.kind || ':' || coalesce(g.id, f.ref_id), min(f.title), ${SUMS}
      from facts f ${DESIGN} group by 1, 3`);
  // Tax as the order was charged, less what its refunds gave back since; a difference between an
  // order's jurisdictions and its tax (rounding) is a line of its own rather than lost.
  await tx.execute(sql`
    insert into report_tax_day (day, state, jurisdiction, percent, orders, cents)
    select ${day(sql`o.placed_at`)}, o.shipping_address->>'state', t.jurisdiction, t.percent, count(*), sum(t.cents)
    from customer_order_view o
    cross join lateral (
      select e->>'name' as jurisdiction, (e->>'percent')::float8 as percent, (e->>'cents')::bigint as cents
      from jsonb_array_elements(o.tax_lines) e
      union all
      select 'Rounding between jurisdictions', null,
        o.tax_cents - (select coalesce(sum((e->>'cents')::bigint), 0) from jsonb_array_elements(o.tax_lines) e)
      union all
      select 'Given back on refunds', null, -o.tax_reversed_cents::bigint where o.tax_reversed_cents > 0) t
    where o.payment_state in ('paid', 'refunded') and ${inRange(s, sql`o.placed_at`)}
      and (t.cents <> 0 or t.jurisdiction <> 'Rounding between jurisdictions')
    group by 1, 2, 3, 4`);
}

export const rollupsRepository = {
  /** One instance at a time, with room to sort a span's lines in memory and no JIT (as `roomy`). */
  begin: async (tx: Tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);
  },
  /** The time zone the kept days were counted in (null: never counted). */
  keptZone: async (tx: Tx) =>
    rowsOf<{ tz: string }>(await tx.execute(sql`select tz from report_rollup where id = 1`))[0]?.tz ?? null,
  keepZone: async (tx: Tx, tz: string) => {
    await tx.execute(sql`
      insert into report_rollup (id, tz, built_at) values (1, ${tz}, now())
      on conflict (id) do update set tz = excluded.tz, built_at = excluded.built_at`);
  },
  /**
   * The marks committed so far, taken (a change committing meanwhile leaves its own for the next
   * report), as the store days they overlap: a UTC day is one or two store days.
   */
  takeMarkedDays: async (tx: Tx, tz: string) =>
    rowsOf<{ day: string }>(
      await tx.execute(sql`
        with taken as (delete from report_dirty_day returning utc_day)
        select distinct to_char(d, 'YYYY-MM-DD') as day
        from (select distinct utc_day from taken) t,
          generate_series((t.utc_day::timestamp at time zone 'UTC' at time zone ${tz})::date,
            (((t.utc_day + 1)::timestamp at time zone 'UTC' - interval '1 microsecond') at time zone ${tz})::date,
            interval '1 day') d
        order by 1`),
    ).map((r) => r.day),
  clear: async (tx: Tx) => {
    for (const table of [sql`report_day`, sql`report_line_day`, sql`report_tax_day`])
      await tx.execute(sql`delete from ${table}`);
  },
  /** The store days from the first order or refund to the last (null: none yet). */
  allDays: async (tx: Tx, tz: string) => {
    const [all] = rowsOf<{ from: string | null; to: string | null }>(
      await tx.execute(sql`
        select to_char(min(at at time zone ${tz}), 'YYYY-MM-DD') as from, to_char(max(at at time zone ${tz}), 'YYYY-MM-DD') as to
        from (select min(placed_at) as at from customer_order_view union all select max(placed_at) from customer_order_view
          union all select min(at) from order_refund_view union all select max(at) from order_refund_view) m`),
    );
    return all?.from && all.to ? { from: all.from, to: all.to } : null;
  },
  build,
};
