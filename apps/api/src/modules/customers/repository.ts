import type { OrderStatus } from '@facet/contracts/admin';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

// Customers as staff see them: accounts with their orders, addresses and newsletter state. Never
// a password hash, token or code: the selects name their columns.

export const customersRepository = {
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
    }>(
      await db.execute(sql`select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.phone,
        u.email_verified as verified, u.created_at as "createdAt",
        (select n.confirmed from newsletter_subscriber_view n where n.email = u.email) as newsletter
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
