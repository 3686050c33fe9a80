import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { ExportName } from '@facet/contracts/exports';

// Each export read a page at a time, after the last key the previous page ended on (keyset, not
// offset: page 200 costs what page 1 does), through the owning modules' views.

export type ExportRow = Record<string, unknown> & { key: number };
type Page = (db: DbOrTx, after: number, limit: number, tz: string) => Promise<ExportRow[]>;
const run = async (db: DbOrTx, query: SQL) => rowsOf<ExportRow>(await db.execute(query));
const local = (tz: string, at: SQL) => sql`to_char(${at} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

export const EXPORT_PAGES: Record<ExportName, Page> = {
  // A row per line; the page's key is the order's, so an order's lines never straddle two pages.
  orders: (db, after, limit, tz) =>
    run(
      db,
      sql`with o as (select * from customer_order_view where id > ${after} order by id limit ${limit})
        select o.id as key, o.number as "order", ${local(tz, sql`o.placed_at`)} as "placedAt", o.status,
          o.payment_state as "paymentState", o.plan, o.email, o.shipping_address->>'state' as "shipState",
          o.subtotal_cents as "subtotalCents", o.discount_cents as "discountCents", o.discount_label as "discountCode",
          o.gift_card_cents as "giftCardCents", o.shipping_cents as "shippingCents", o.tax_cents as "taxCents",
          o.total_cents as "totalCents", o.paid_cents as "paidCents", o.refunded_cents as "refundedCents",
          l.position as line, l.kind, l.title, l.quantity, l.unit_price_cents as "unitCents",
          l.was_unit_cents as "wasUnitCents", l.sale_name as "sale", l.discount_cents as "lineDiscountCents",
          l.line_total_cents as "lineTotalCents", l.cost_cents as "lineCostCents"
        from o join order_line_view l on l.order_id = o.id order by o.id, l.position`,
    ),
  customers: (db, after, limit, tz) =>
    run(
      db,
      sql`select u.id as key, u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
          u.email_verified as "emailVerified", u.marketing_consent as "acceptsMarketing",
          ${local(tz, sql`u.created_at`)} as "createdAt",
          (select count(*)::int from customer_order_view o where o.user_id = u.id and o.payment_state in ('paid', 'refunded')) as orders,
          (select coalesce(sum(o.total_cents - o.refunded_cents), 0)::int from customer_order_view o
            where o.user_id = u.id and o.payment_state in ('paid', 'refunded')) as "spentCents"
        from app_user_view u where u.id > ${after} order by u.id limit ${limit}`,
    ),
  products: (db, after, limit) =>
    run(
      db,
      sql`select p.id as key, g.id as "designId", g.series, g.description as design, c.name as category,
          p.id as "variantId", p.sku, p.metal, p.finger_size as "fingerSize", p.length_in as "lengthIn",
          p.price_cents as "priceCents", p.list_price_cents as "listPriceCents", p.cost_cents as "costCents",
          case when g.stock_tracked then p.stock end as stock, p.active, g.published, g.archived_at is not null as archived
        from product_view p join product_group_view g on g.id = p.group_id left join category_view c on c.id = g.category_id
        where p.id > ${after} order by p.id limit ${limit}`,
    ),
  // Diamonds first (their ids), then the notable gemstones after them (keys past every diamond's).
  stones: (db, after, limit) =>
    run(
      db,
      sql`select * from (
          select d.id as key, 'diamond' as kind, d.serial, d.origin, d.shape, (d.carat_points / 100.0)::float8 as carats,
            d.color, d.clarity, d.cut, d.lab, d.certificate, d.price_cents as "priceCents", d.cost_cents as "costCents",
            d.status, d.memo_from as "memoFrom", d.supplier_id as "supplierId"
          from diamond_view d
          union all
          select 1000000000 + g.id, 'gemstone', g.serial, g.origin, g.shape, (g.carat_points / 100.0)::float8, g.color, null, null,
            case when g.agta_certificate is not null then 'AGTA' end, g.agta_certificate, g.price_cents, null, g.status, null, null
          from notable_gemstone_view g) s
        where key > ${after} order by key limit ${limit}`,
    ),
  'gift-cards': (db, after, limit, tz) =>
    run(
      db,
      sql`select c.id as key, c.id, c.last4, c.initial_cents as "initialCents", c.balance_cents as "balanceCents",
          c.active, o.number as "soldInOrder", c.created_by as "issuedBy", ${local(tz, sql`c.created_at`)} as "issuedAt"
        from gift_card_view c left join customer_order_view o on o.id = c.order_id
        where c.id > ${after} order by c.id limit ${limit}`,
    ),
  'gift-card-ledger': (db, after, limit, tz) =>
    run(
      db,
      sql`select e.id as key, e.card_id as card, e.kind, e.cents, e.balance_cents as "balanceCents", o.number as "order",
          e.by, e.reason, ${local(tz, sql`e.at`)} as at
        from gift_card_entry_view e left join customer_order_view o on o.id = e.order_id
        where e.id > ${after} order by e.id limit ${limit}`,
    ),
  refunds: (db, after, limit, tz) =>
    run(
      db,
      sql`select r.id as key, r.id, o.number as "order", r.amount_cents as "amountCents", r.reason,
          r.provider_ref as "providerRef", ${local(tz, sql`r.at`)} as at
        from order_refund_view r join customer_order_view o on o.id = r.order_id
        where r.id > ${after} order by r.id limit ${limit}`,
    ),
  audit: (db, after, limit, tz) =>
    run(
      db,
      sql`select a.id as key, a.id, ${local(tz, sql`a.at`)} as at, a.staff_email as staff, a.action, a.entity,
          a.entity_id as "entityId", a.before, a.after
        from audit_log_view a where a.id > ${after} order by a.id limit ${limit}`,
    ),
};
