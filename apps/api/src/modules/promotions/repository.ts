import { sql } from 'drizzle-orm';
import type { AdminDiscount, DiscountInput } from '@facet/contracts/promotions';
import { isoInstant, isoInstantText } from '../../db/moments.ts';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { named } from '../../db/named-statements.ts';

/**
 * A code's standing uses. The counter column is kept only for codes with a limit (it is what the
 * limit is enforced on, under the row's lock); a code without one is never locked by an order, so
 * a popular code does not make checkouts wait for each other. Both read the same: the redemptions.
 */
const USES_COUNTED = `(select count(*)::int from discount_redemption r where r.code_id = discount_code.id and r.released_at is null)`;
const USES = sql.raw(USES_COUNTED);

const colsWith = (uses: string) => `id, code, name, kind, percent_bp as "percentBp", amount_cents as "amountCents",
  min_subtotal_cents as "minSubtotalCents", applies_to as "appliesTo", category_ids as "categoryIds",
  ${isoInstantText('starts_at')} as "startsAt",
  ${isoInstantText('ends_at')} as "endsAt",
  max_uses as "maxUses", per_customer as "perCustomer", first_order_only as "firstOrderOnly", emails, combines,
  active, ${uses} as uses, batch, version, created_by as "createdBy"`;
const COLS_TEXT = colsWith(USES_COUNTED);
// A cart and checkout read a code on every request: its uses come from the counter, which is what a
// limit is checked against (kept for limited codes only). Counting the redemptions here would read
// every order that ever used a popular code, on every cart read.
const BY_CODE = `select ${colsWith('uses')} from discount_code where code = $1`;
const REDEEM = `with limited as (
    update discount_code set uses = uses + 1 where id = $1 and active and max_uses is not null and uses < max_uses
    returning id),
  ok as (select id from limited union all select id from discount_code where id = $1 and active and max_uses is null)
  insert into discount_redemption (code_id, order_id, email, user_id, cents)
  select id, $2, $3, $4, $5 from ok returning id`;

// Discount codes. Nothing here is in a cached shopper answer (carts are per visitor), so a code's
// change needs no catalogue signal: every instance reads the row when it prices a cart.

const COLS = sql.raw(COLS_TEXT);

/** A list as a PostgreSQL array parameter (null stays null). */
const arr = (xs: readonly (string | number)[] | null, type: 'text' | 'int') =>
  xs === null ? sql`null` : sql`${sql.param(xs)}::${sql.raw(type)}[]`;

export const promotionsRepository = {
  list: async (db: DbOrTx) =>
    rowsOf<AdminDiscount>(await db.execute(sql`select ${COLS} from discount_code order by created_at desc, id desc`)),
  one: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<AdminDiscount>(
      await db.execute(sql`select ${COLS} from discount_code where id = ${id} ${lock ? sql`for update` : sql``}`),
    )[0] ?? null,
  // Read by every cart and checkout with a code: parsed and planned once.
  byCode: async (db: DbOrTx, code: string) =>
    (await named<AdminDiscount>(db, 'discount_by_code', BY_CODE, [code.toUpperCase()]))[0] ?? null,
  batch: async (db: DbOrTx, batch: string) =>
    rowsOf<{ code: string; name: string; uses: number; endsAt: string | null }>(
      await db.execute(sql`select code, name, ${USES} as uses,
        ${isoInstant('ends_at')} as "endsAt"
        from discount_code where batch = ${batch} order by code`),
    ),
  codeTaken: async (db: DbOrTx, code: string, except: number | null) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`select id from discount_code where code = ${code} and id <> ${except ?? 0}`),
    ).length > 0,
  /** The store's categories, to check a code's and to widen each to the categories under it. */
  categories: async (db: DbOrTx) =>
    rowsOf<{ id: number; parentId: number | null }>(
      await db.execute(sql`select id, parent_id as "parentId" from category_view`),
    ),
  insert: async (tx: DbOrTx, d: DiscountInput, by: string, batch: string | null = null) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into discount_code (code, name, kind, percent_bp, amount_cents, min_subtotal_cents,
        applies_to, category_ids, starts_at, ends_at, max_uses, per_customer, first_order_only, emails, combines, active,
        created_by, batch)
        values (${d.code}, ${d.name}, ${d.kind}, ${d.percentBp}, ${d.amountCents}, ${d.minSubtotalCents},
          ${arr(d.appliesTo, 'text')}, ${arr(d.categoryIds, 'int')}, ${d.startsAt}, ${d.endsAt}, ${d.maxUses},
          ${d.perCustomer}, ${d.firstOrderOnly}, ${arr(d.emails, 'text')}, ${d.combines}, ${d.active}, ${by}, ${batch})
        returning id`),
    )[0]!.id,
  update: (tx: DbOrTx, id: number, d: DiscountInput) =>
    tx.execute(sql`update discount_code set code = ${d.code}, name = ${d.name}, kind = ${d.kind},
      percent_bp = ${d.percentBp}, amount_cents = ${d.amountCents}, min_subtotal_cents = ${d.minSubtotalCents},
      applies_to = ${arr(d.appliesTo, 'text')}, category_ids = ${arr(d.categoryIds, 'int')}, starts_at = ${d.startsAt},
      ends_at = ${d.endsAt}, max_uses = ${d.maxUses}, per_customer = ${d.perCustomer},
      first_order_only = ${d.firstOrderOnly}, emails = ${arr(d.emails, 'text')}, combines = ${d.combines},
      active = ${d.active}, uses = ${USES}, version = version + 1 where id = ${id}`),

  /** Orders this shopper placed before that still stand (for first-order codes). */
  priorOrders: async (db: DbOrTx, email: string | null, userId: number | null) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from customer_order_view where status <> 'cancelled'
        and payment_state in ('paid', 'pending')
        and (lower(email) = lower(${email ?? ''}) or user_id = ${userId ?? 0})`),
    )[0]!.n,
  /** This shopper's standing uses of the code. */
  usesBy: async (db: DbOrTx, codeId: number, email: string | null, userId: number | null) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from discount_redemption where code_id = ${codeId}
        and released_at is null and (lower(email) = lower(${email ?? ''}) or user_id = ${userId ?? 0})`),
    )[0]!.n,
  emailOf: async (db: DbOrTx, userId: number) =>
    rowsOf<{ email: string }>(await db.execute(sql`select email from app_user_view where id = ${userId}`))[0]?.email ??
    null,
  /**
   * A use taken and recorded for the order in one statement: false when the code was just used up
   * or turned off. Only a code with a limit is counted on its row (under its lock, so racing orders
   * queue and never pass the limit); one without a limit is only read, so orders using it never wait.
   */
  redeem: async (
    tx: DbOrTx,
    r: { codeId: number; orderId: number; email: string; userId: number | null; cents: number },
  ) =>
    (await named<{ id: number }>(tx, 'discount_redeem', REDEEM, [r.codeId, r.orderId, r.email, r.userId, r.cents]))
      .length === 1,
  /** The order's uses given back (cancelled, or never paid): its codes may be used again. */
  release: async (tx: DbOrTx, orderId: number) => {
    const released = rowsOf<{ codeId: number }>(
      await tx.execute(sql`update discount_redemption set released_at = now() where order_id = ${orderId}
        and released_at is null returning code_id as "codeId"`),
    );
    for (const r of released)
      await tx.execute(
        sql`update discount_code set uses = uses - 1 where id = ${r.codeId} and uses > 0 and max_uses is not null`,
      );
  },
};
