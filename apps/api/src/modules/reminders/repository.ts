import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { named } from '../../db/named-statements.ts';
import { storeValues } from '../store-values/index.ts';
import { cartContact, cartReminder, cartRestore, dateNote } from './schema.ts';
import type { DateKind } from '@facet/contracts/customer-record';

export interface LeftCart {
  cartId: number;
  userId: number | null;
  email: string;
  firstName: string | null;
  /** Reminders already sent about it (0, 1). */
  sent: number;
}

// A cart is left when untouched for the first delay; who it belongs to and whether they agreed come
// from the account's or the checkout's answer. Never to an address that unsubscribed, nor about a
// cart whose owner has ordered since its first line went in (from this cart or another device).
const LEFT = (firstMinutes: number, secondMinutes: number) => sql`
  with c as (
    select c.id, c.user_id, c.updated_at, coalesce(u.email, cc.email) as email, u.first_name,
      coalesce(u.marketing_consent, false) or coalesce(cc.consent, false) as consent,
      (select count(*)::int from cart_reminder r where r.cart_id = c.id) as sent,
      (select min(l.created_at) from cart_line_view l where l.cart_id = c.id) as first_line
    from cart_view c
    left join app_user_view u on u.id = c.user_id
    left join cart_contact cc on cc.cart_id = c.id
    where c.updated_at <= now() - make_interval(mins => ${firstMinutes})
      and c.updated_at > now() - interval '30 days')
  select c.id as "cartId", c.user_id as "userId", c.email, c.first_name as "firstName", c.sent
  from c
  where c.consent and c.email is not null and c.first_line is not null
    and (c.sent = 0 or (c.sent = 1 and ${secondMinutes} > 0 and c.updated_at <= now() - make_interval(mins => ${secondMinutes})))
    and not exists (select 1 from mail_suppression_view s where s.email = c.email)
    and not exists (select 1 from customer_order_view o where o.email = c.email and o.placed_at >= c.first_line)
  order by c.updated_at
  limit 200`;

export interface DueDate {
  userId: number;
  email: string;
  firstName: string;
  partnerName: string;
  kind: DateKind;
  month: number;
  day: number;
}

/** Every order placed from a cart asks this (a restored cart's order is counted as recovered): planned once. */
const RESTORE_ORDERED = `update cart_restore set order_number = $2, order_cents = $3, ordered_at = now()
  where to_cart_id = $1 and order_number is null and restored_at > now() - interval '14 days'`;

export const remindersRepository = {
  /**
   * Dates falling on one of `days` (month and day), of customers who agreed to e-mails and have not
   * unsubscribed, not yet written about for that year.
   */
  datesOn: async (db: DbOrTx, days: Array<{ month: number; day: number; year: number }>) => {
    if (!days.length) return [];
    const wanted = sql.join(
      days.map((d) => sql`(${d.month}::int, ${d.day}::int, ${d.year}::int)`),
      sql`, `,
    );
    return rowsOf<DueDate & { year: number }>(
      await db.execute(sql`select d.user_id as "userId", u.email, u.first_name as "firstName",
          coalesce(p.partner_name, '') as "partnerName", d.kind, d.month, d.day, w.year
        from customer_date_view d
        join (values ${wanted}) as w(month, day, year) on w.month = d.month and w.day = d.day
        join app_user_view u on u.id = d.user_id
        left join customer_profile_view p on p.user_id = d.user_id
        where u.marketing_consent
          and not exists (select 1 from mail_suppression_view s where s.email = u.email)
          and not exists (select 1 from date_note n where n.user_id = d.user_id and n.kind = d.kind and n.year = w.year)
        order by d.user_id, d.kind
        limit 500`),
    );
  },
  /** Claims the note of one date for one year: true for exactly one caller. */
  claimDateNote: async (
    tx: DbOrTx,
    row: { userId: number; kind: DateKind; year: number; occursOn: string; email: string },
  ) => (await tx.insert(dateNote).values(row).onConflictDoNothing().returning({ year: dateNote.year })).length === 1,

  /** The e-mail typed at checkout for a cart, and the "e-mail me" answer (the last one counts). */
  saveContact: (db: DbOrTx, cartId: number, email: string, consent: boolean) =>
    db
      .insert(cartContact)
      .values({ cartId, email, consent })
      .onConflictDoUpdate({ target: cartContact.cartId, set: { email, consent, updatedAt: sql`now()` } }),

  leftCarts: async (db: DbOrTx, firstMinutes: number, secondMinutes: number) =>
    rowsOf<LeftCart>(await db.execute(LEFT(firstMinutes, secondMinutes))),

  /** Claims a reminder step for a cart: true for exactly one caller, however many instances try. */
  claimStep: async (tx: DbOrTx, cartId: number, step: 1 | 2, email: string, valueCents: number) =>
    (
      await tx
        .insert(cartReminder)
        .values({ cartId, step, email, valueCents })
        .onConflictDoNothing()
        .returning({ step: cartReminder.step })
    ).length === 1,

  recordRestore: (tx: DbOrTx, fromCartId: number, toCartId: number) =>
    tx.insert(cartRestore).values({ fromCartId, toCartId }),

  /** The order placed from a restored cart within 14 days of the restore: counted as recovered. */
  recordOrder: (tx: DbOrTx, cartId: number, number: string, cents: number) =>
    named(tx, 'cart_restore_ordered', RESTORE_ORDERED, [cartId, number, cents]),

  /** The key that signs restore links: made once, shared by every instance. */
  signingKey: (db: DbOrTx, fresh: string) => storeValues.putIfAbsent(db, 'reminders.restore-key', fresh),

  /** The back office's figures over the last `days` days. */
  summary: async (db: DbOrTx, days: number) =>
    rowsOf<{ reminded: number; emails: number; restored: number; recovered: number; revenueCents: number }>(
      await db.execute(sql`select
        (select count(distinct cart_id)::int from cart_reminder where sent_at > now() - make_interval(days => ${days})) as reminded,
        (select count(*)::int from cart_reminder where sent_at > now() - make_interval(days => ${days})) as emails,
        (select count(*)::int from cart_restore where restored_at > now() - make_interval(days => ${days})) as restored,
        (select count(*)::int from cart_restore where ordered_at > now() - make_interval(days => ${days})) as recovered,
        (select coalesce(sum(order_cents), 0)::int from cart_restore where ordered_at > now() - make_interval(days => ${days})) as "revenueCents"`),
    )[0]!,

  /** Carts left (untouched for `minutes`, with something in them), newest first, with what is known of their owner. */
  list: async (db: DbOrTx, minutes: number, limit: number) =>
    rowsOf<{
      cartId: number;
      updatedAt: string;
      email: string | null;
      consent: boolean;
      lines: number;
      reminders: number;
      lastReminderAt: string | null;
      unsubscribed: boolean;
      recoveredOrder: string | null;
    }>(
      await db.execute(sql`select c.id as "cartId", c.updated_at as "updatedAt", coalesce(u.email, cc.email) as email,
        coalesce(u.marketing_consent, false) or coalesce(cc.consent, false) as consent,
        (select count(*)::int from cart_line_view l where l.cart_id = c.id) as lines,
        (select count(*)::int from cart_reminder r where r.cart_id = c.id) as reminders,
        (select max(sent_at) from cart_reminder r where r.cart_id = c.id) as "lastReminderAt",
        exists (select 1 from mail_suppression_view s where s.email = coalesce(u.email, cc.email)) as unsubscribed,
        (select r.order_number from cart_restore r where r.from_cart_id = c.id and r.order_number is not null limit 1) as "recoveredOrder"
        from cart_view c
        left join app_user_view u on u.id = c.user_id
        left join cart_contact cc on cc.cart_id = c.id
        where c.updated_at <= now() - make_interval(mins => ${minutes})
          and c.updated_at > now() - interval '30 days'
          and exists (select 1 from cart_line_view l where l.cart_id = c.id)
        order by c.updated_at desc
        limit ${limit}`),
    ),
};
