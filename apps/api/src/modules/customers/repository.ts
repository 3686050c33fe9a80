import type { OrderStatus } from '@facet/contracts/admin';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import type { CustomerRecord } from '@facet/contracts/customer-record';
import type { SegmentFilter } from '@facet/contracts/segments';
import { customerDate, customerProfile, customerSegment } from './schema.ts';

// Customers as staff see them: accounts with their orders, addresses and newsletter state. Never
// a password hash, token or code: the selects name their columns.

/** Each line a customer bought (orders not cancelled): what kind of piece, and when. */
const BOUGHT = sql`select o.user_id, o.placed_at, case
    when l.kind in ('diamond', 'gemstone') then l.kind
    else (select case coalesce(c.parent_id, c.id) when 1100 then 'engagement' when 1200 then 'band' when 1300 then 'chain'
        when 1400 then 'jewelry' when 1700 then 'jewelry' when 1800 then 'jewelry' when 1900 then 'jewelry' end
      from category_view c where c.id = case l.kind
        when 'product' then (select g.category_id from product_view p join product_group_view g on g.id = p.group_id where p.id = l.ref_id)
        when 'configured' then (select g.category_id from product_group_view g where g.id = l.ref_id) end)
  end as piece
  from order_line_view l join customer_order_view o on o.id = l.order_id
  where o.user_id is not null and o.status <> 'cancelled'`;

export interface SegmentRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  orders: number;
  spentCents: number;
  lastOrderAt: string | null;
  agreedToEmails: boolean;
}

/** The customers a filter finds; `days` are the (month, day) pairs of its date window, worked out by the caller. */
function segmentWhere(f: SegmentFilter, days: Array<{ month: number; day: number }>) {
  const conds = [sql`true`];
  if (f.bought)
    conds.push(sql`exists (select 1 from bought b where b.user_id = u.id and b.piece = ${f.bought.piece}
      and b.placed_at <= now() - make_interval(months => ${f.bought.fromMonths})
      and b.placed_at > now() - make_interval(months => ${f.bought.toMonths}))`);
  if (f.notBought)
    conds.push(sql`not exists (select 1 from bought b where b.user_id = u.id and b.piece = ${f.notBought})`);
  if (f.dateWithin) {
    const pairs = days.length
      ? sql.join(
          days.map((d) => sql`(${d.month}::int, ${d.day}::int)`),
          sql`, `,
        )
      : sql`(0, 0)`;
    conds.push(sql`exists (select 1 from customer_date_view d join (values ${pairs}) as w(month, day) on w.month = d.month and w.day = d.day
      where d.user_id = u.id ${f.dateWithin.kind === 'any' ? sql`` : sql`and d.kind = ${f.dateWithin.kind}`})`);
  }
  if (f.spentOverCents !== undefined) conds.push(sql`coalesce(s.spent, 0) > ${f.spentOverCents}`);
  if (f.agreedToEmails)
    conds.push(sql`u.marketing_consent and not exists (select 1 from mail_suppression_view m where m.email = u.email)`);
  return sql.join(conds, sql` and `);
}
const segmentFrom = sql`from app_user_view u left join (
    select o.user_id, count(*)::int as orders, sum(o.paid_cents - o.refunded_cents)::bigint as spent, max(o.placed_at) as last_at
    from customer_order_view o where o.user_id is not null and o.status <> 'cancelled' group by o.user_id) s on s.user_id = u.id`;

export const customersRepository = {
  segmentCount: async (db: DbOrTx, f: SegmentFilter, days: Array<{ month: number; day: number }>) =>
    rowsOf<{ n: number }>(
      await db.execute(
        sql`with bought as (${BOUGHT}) select count(*)::int as n ${segmentFrom} where ${segmentWhere(f, days)}`,
      ),
    )[0]!.n,
  /** A page of the customers found, by id after `afterId` (the export reads them all this way). */
  segmentPage: async (
    db: DbOrTx,
    f: SegmentFilter,
    days: Array<{ month: number; day: number }>,
    afterId: number,
    limit: number,
  ) =>
    rowsOf<SegmentRow>(
      await db.execute(sql`with bought as (${BOUGHT})
        select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.phone,
          coalesce(s.orders, 0) as orders, coalesce(s.spent, 0)::int as "spentCents", s.last_at as "lastOrderAt",
          u.marketing_consent and not exists (select 1 from mail_suppression_view m where m.email = u.email) as "agreedToEmails"
        ${segmentFrom}
        where u.id > ${afterId} and ${segmentWhere(f, days)}
        order by u.id limit ${limit}`),
    ),
  segments: (db: DbOrTx) => db.select().from(customerSegment).orderBy(customerSegment.name, customerSegment.id),
  segment: async (db: DbOrTx, id: number) =>
    (await db.select().from(customerSegment).where(eq(customerSegment.id, id)))[0] ?? null,
  addSegment: async (tx: DbOrTx, row: { name: string; filter: SegmentFilter; updatedBy: string }) =>
    (await tx.insert(customerSegment).values(row).returning({ id: customerSegment.id }))[0]!.id,
  updateSegment: async (tx: DbOrTx, id: number, row: { name: string; filter: SegmentFilter; updatedBy: string }) =>
    (
      await tx
        .update(customerSegment)
        .set({ ...row, updatedAt: sql`now()` })
        .where(eq(customerSegment.id, id))
        .returning({ id: customerSegment.id })
    ).length === 1,
  deleteSegment: async (tx: DbOrTx, id: number) =>
    (await tx.delete(customerSegment).where(eq(customerSegment.id, id)).returning({ id: customerSegment.id }))
      .length === 1,

  record: async (db: DbOrTx, userId: number) => {
    const [profile] = await db
      .select({ partnerName: customerProfile.partnerName, ringSizes: customerProfile.ringSizes })
      .from(customerProfile)
      .where(eq(customerProfile.userId, userId));
    const dates = await db
      .select({ kind: customerDate.kind, month: customerDate.month, day: customerDate.day })
      .from(customerDate)
      .where(eq(customerDate.userId, userId))
      .orderBy(customerDate.month, customerDate.day, customerDate.id);
    return { partnerName: profile?.partnerName ?? '', ringSizes: profile?.ringSizes ?? [], dates };
  },
  /** The whole record replaced (the form sends all of it). */
  saveRecord: async (tx: DbOrTx, userId: number, r: CustomerRecord) => {
    await tx
      .insert(customerProfile)
      .values({ userId, partnerName: r.partnerName, ringSizes: r.ringSizes })
      .onConflictDoUpdate({
        target: customerProfile.userId,
        set: { partnerName: r.partnerName, ringSizes: r.ringSizes, updatedAt: sql`now()` },
      });
    await tx.delete(customerDate).where(eq(customerDate.userId, userId));
    if (r.dates.length) await tx.insert(customerDate).values(r.dates.map((d) => ({ userId, ...d })));
  },

  list: async (db: DbOrTx, q: { q?: string; limit: number; offset: number }) => {
    const like = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = like ? sql`where u.email ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like}` : sql``;
    const [rows, total] = await Promise.all([
      db
        .execute(
          sql`select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.email_verified as "verified",
            u.created_at as "createdAt",
            (select count(*)::int from customer_order_view o where o.user_id = u.id) as orders,
            (select coalesce(sum(o.paid_cents - o.refunded_cents), 0)::bigint::int from customer_order_view o where o.user_id = u.id) as "spentCents"
          from app_user_view u ${where} order by u.created_at desc, u.id desc limit ${q.limit} offset ${q.offset}`,
        )
        .then((r) =>
          rowsOf<{
            id: number;
            email: string;
            firstName: string;
            lastName: string;
            verified: boolean;
            createdAt: string;
            orders: number;
            spentCents: number;
          }>(r),
        ),
      db
        .execute(sql`select count(*)::int as n from app_user_view u ${where}`)
        .then((r) => rowsOf<{ n: number }>(r)[0]!.n),
    ]);
    return { rows, count: total };
  },

  one: async (db: DbOrTx, id: number) => {
    const [user] = rowsOf<{
      id: number;
      email: string;
      firstName: string;
      lastName: string;
      phone: string;
      verified: boolean;
      createdAt: string;
      newsletter: boolean | null;
      marketing: boolean;
    }>(
      await db.execute(sql`select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.phone,
        u.email_verified as verified, u.created_at as "createdAt",
        (select n.confirmed from newsletter_subscriber_view n where n.email = u.email) as newsletter,
        u.marketing_consent and not exists (select 1 from mail_suppression_view s where s.email = u.email) as marketing
        from app_user_view u where u.id = ${id}`),
    );
    if (!user) return null;
    const [orders, addresses] = await Promise.all([
      db
        .execute(
          sql`select number, status, placed_at as "placedAt", total_cents as "totalCents", refunded_cents as "refundedCents"
            from customer_order_view where user_id = ${id} order by placed_at desc limit 100`,
        )
        .then((r) =>
          rowsOf<{ number: string; status: OrderStatus; placedAt: string; totalCents: number; refundedCents: number }>(
            r,
          ),
        ),
      db
        .execute(
          sql`select id, name, company, line1, line2, city, state, zip, phone, is_default_shipping as "isDefaultShipping"
            from address_view where user_id = ${id} order by id`,
        )
        .then((r) =>
          rowsOf<{
            id: number;
            name: string;
            company: string;
            line1: string;
            line2: string;
            city: string;
            state: string;
            zip: string;
            phone: string;
            isDefaultShipping: boolean;
          }>(r),
        ),
    ]);
    const notes = rowsOf<{ id: number; body: string; by: string; at: string }>(
      await db.execute(
        sql`select id, body, staff_email as by, at from customer_note where user_id = ${id} order by at desc, id desc limit 200`,
      ),
    );
    return { ...user, orders, addresses, notes };
  },

  exists: async (db: DbOrTx, id: number) =>
    rowsOf<{ id: number }>(await db.execute(sql`select id from app_user_view where id = ${id}`)).length > 0,

  addNote: async (db: DbOrTx, n: { userId: number; staffId: number | null; staffEmail: string; body: string }) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`insert into customer_note (user_id, staff_id, staff_email, body)
        values (${n.userId}, ${n.staffId}, ${n.staffEmail}, ${n.body}) returning id`),
    )[0]!.id,
};
