import { sql } from 'drizzle-orm';
import type { AdminDiscount, DiscountInput } from '@facet/contracts/promotions';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

// Discount codes. Nothing here is in a cached shopper answer (carts are per visitor), so a code's
// change needs no catalogue signal: every instance reads the row when it prices a cart.

const COLS = sql`id, code, name, kind, percent_bp as "percentBp", amount_cents as "amountCents",
  min_subtotal_cents as "minSubtotalCents", applies_to as "appliesTo", category_ids as "categoryIds",
  to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "startsAt",
  to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "endsAt",
  max_uses as "maxUses", per_customer as "perCustomer", first_order_only as "firstOrderOnly", emails, combines,
  active, uses, version, created_by as "createdBy"`;

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
  byCode: async (db: DbOrTx, code: string) =>
    rowsOf<AdminDiscount>(
      await db.execute(sql`select ${COLS} from discount_code where code = ${code.toUpperCase()}`),
    )[0] ?? null,
  codeTaken: async (db: DbOrTx, code: string, except: number | null) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`select id from discount_code where code = ${code} and id <> ${except ?? 0}`),
    ).length > 0,
  /** The store's categories, to check a code's and to widen each to the categories under it. */
  categories: async (db: DbOrTx) =>
    rowsOf<{ id: number; parentId: number | null }>(
      await db.execute(sql`select id, parent_id as "parentId" from category`),
    ),
  insert: async (tx: DbOrTx, d: DiscountInput, by: string) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into discount_code (code, name, kind, percent_bp, amount_cents, min_subtotal_cents,
        applies_to, category_ids, starts_at, ends_at, max_uses, per_customer, first_order_only, emails, combines, active,
        created_by)
        values (${d.code}, ${d.name}, ${d.kind}, ${d.percentBp}, ${d.amountCents}, ${d.minSubtotalCents},
          ${arr(d.appliesTo, 'text')}, ${arr(d.categoryIds, 'int')}, ${d.startsAt}, ${d.endsAt}, ${d.maxUses},
          ${d.perCustomer}, ${d.firstOrderOnly}, ${arr(d.emails, 'text')}, ${d.combines}, ${d.active}, ${by})
        returning id`),
    )[0]!.id,
  update: (tx: DbOrTx, id: number, d: DiscountInput) =>
    tx.execute(sql`update discount_code set code = ${d.code}, name = ${d.name}, kind = ${d.kind},
      percent_bp = ${d.percentBp}, amount_cents = ${d.amountCents}, min_subtotal_cents = ${d.minSubtotalCents},
      applies_to = ${arr(d.appliesTo, 'text')}, category_ids = ${arr(d.categoryIds, 'int')}, starts_at = ${d.startsAt},
      ends_at = ${d.endsAt}, max_uses = ${d.maxUses}, per_customer = ${d.perCustomer},
      first_order_only = ${d.firstOrderOnly}, emails = ${arr(d.emails, 'text')}, combines = ${d.combines},
      active = ${d.active}, version = version + 1 where id = ${id}`),
};
