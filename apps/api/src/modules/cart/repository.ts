import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { named } from '../../db/named-statements.ts';
import { cart, cartLine } from './schema.ts';
import type { EngravingOffer } from '@facet/contracts/engraving';

export type CartLineRow = typeof cartLine.$inferSelect;
export interface Owner {
  userId: number | null;
  sessionId: string | null;
}

// The statements of every cart read and add, named: parsed and planned once, not on every request.
type EnsuredRow = { cartId: number; codes: string[] } & Partial<Record<keyof CartLineRow, unknown>>;
const ENSURE_WITH_LINES = (owner: 'user_id' | 'session_id') => `
  with c as (insert into cart (${owner}) values ($1) on conflict (${owner}) do update set updated_at = now() returning id, discount_codes)
  select c.id as "cartId", c.discount_codes as codes, l.id, l.kind, l.ref_id as "refId", l.configuration, l.line_key as "lineKey",
    l.quantity, l.engraving, l.created_at as "createdAt"
  from c left join cart_line l on l.cart_id = c.id order by l.id`;
// The whole add of a line that holds no one-of-a-kind stone, as one statement: the cart (made on
// first use), its lines before the add, and the line added — unless the cart already holds so many
// that this add would pass $7 (then nothing is added; the caller says why from the lines).
type AddedRow = EnsuredRow & { savedId: number | null; savedQuantity: number | null };
const ADD_LINE = (owner: 'user_id' | 'session_id') => `
  with c as (insert into cart (${owner}) values ($1) on conflict (${owner}) do update set updated_at = now() returning id, discount_codes),
  old as (select l.* from cart_line l join c on l.cart_id = c.id),
  up as (
    insert into cart_line (cart_id, kind, ref_id, configuration, line_key, quantity, engraving)
    select c.id, $2, $3, $4, $5, $6, $8 from c
    where coalesce((select quantity from old where line_key = $5), 0) + $6 <= $7
    on conflict (cart_id, line_key) do update set quantity = least(cart_line.quantity + excluded.quantity, $7)
    returning id, quantity)
  select c.id as "cartId", c.discount_codes as codes, (select id from up) as "savedId", (select quantity from up) as "savedQuantity",
    o.id, o.kind, o.ref_id as "refId", o.configuration, o.line_key as "lineKey", o.quantity, o.engraving, o.created_at as "createdAt"
  from c left join old o on true order by o.id`;
const CART_OF = (owner: 'user_id' | 'session_id') => `select id from cart where ${owner} = $1 limit 1`;
const CART_AND_CODE_OF = (owner: 'user_id' | 'session_id') =>
  `select id, discount_codes as codes from cart where ${owner} = $1 limit 1`;
const CART_LINES = `
  select id, cart_id as "cartId", kind, ref_id as "refId", configuration, line_key as "lineKey", quantity, engraving,
    created_at as "createdAt"
  from cart_line where cart_id = $1 order by id`;
/** Adds a line, or adds to the quantity of the same line, capped at $7. */
const UPSERT_LINE = `
  insert into cart_line (cart_id, kind, ref_id, configuration, line_key, quantity, engraving) values ($1, $2, $3, $4, $5, $6, $8)
  on conflict (cart_id, line_key) do update set quantity = least(cart_line.quantity + excluded.quantity, $7)
  returning id, quantity`;
const VARIANT_OF = `
  select p.id, p.sku, p.metal, coalesce(m.name, p.metal) as "metalName", p.finger_size as "fingerSize", p.length_in as "lengthIn",
    p.price_cents as "priceCents", g.id as "groupId", g.series, g.category_id as "categoryId", g.description, g.image, g.configurable,
    p.stock, g.stock_tracked as "stockTracked", g.engraving
  from product_view p join product_group_view g on g.id = p.group_id left join metal_rate_view m on m.quality = p.metal
  where p.id = $1 and p.active and g.published`;

interface NewLine {
  kind: CartLineRow['kind'];
  refId: number;
  configuration: CartLineRow['configuration'];
  lineKey: string;
  quantity: number;
  engraving: CartLineRow['engraving'];
  /** The most of it one cart may hold. */
  max: number;
}

/** The cart, its codes and its lines, from the rows of a statement that left-joins them. */
function ensured(rows: EnsuredRow[]): { cartId: number; codes: string[]; lines: CartLineRow[] } {
  const cartId = rows[0]!.cartId;
  return {
    cartId,
    codes: rows[0]!.codes,
    lines: rows
      .filter((r) => r.id != null)
      .map((r) => ({
        id: r.id as number,
        cartId,
        kind: r.kind as CartLineRow['kind'],
        refId: r.refId as number,
        configuration: (r.configuration ?? null) as CartLineRow['configuration'],
        lineKey: r.lineKey as string,
        quantity: r.quantity as number,
        engraving: (r.engraving ?? null) as CartLineRow['engraving'],
        createdAt: new Date(r.createdAt as string | Date),
      })),
  };
}

const CLEAR = `with lines as (delete from cart_line where cart_id = $1) update cart set discount_codes = '{}' where id = $1`;

export const cartRepository = {
  find: async (db: DbOrTx, owner: Owner) => {
    const rows = owner.userId
      ? await named<{ id: number }>(db, 'cart_of_user', CART_OF('user_id'), [owner.userId])
      : owner.sessionId
        ? await named<{ id: number }>(db, 'cart_of_session', CART_OF('session_id'), [owner.sessionId])
        : [];
    return rows[0]?.id ?? null;
  },

  /** The owner's cart and the discount codes on it, in one read (checkout needs both). */
  findWithCode: async (db: DbOrTx, owner: Owner) => {
    const rows = owner.userId
      ? await named<{ id: number; codes: string[] }>(db, 'cart_and_code_of_user', CART_AND_CODE_OF('user_id'), [
          owner.userId,
        ])
      : owner.sessionId
        ? await named<{ id: number; codes: string[] }>(db, 'cart_and_code_of_session', CART_AND_CODE_OF('session_id'), [
            owner.sessionId,
          ])
        : [];
    return rows[0] ?? null;
  },

  findBySession: async (db: DbOrTx, sessionId: string) =>
    (await db.select({ id: cart.id }).from(cart).where(eq(cart.sessionId, sessionId)).limit(1))[0]?.id ?? null,

  /** The owner's cart, created on first use (concurrent first adds meet on the unique key). */
  ensure: async (db: DbOrTx, owner: Owner) => {
    const values = owner.userId ? { userId: owner.userId } : { sessionId: owner.sessionId! };
    const target = owner.userId ? cart.userId : cart.sessionId;
    const [row] = await db
      .insert(cart)
      .values(values)
      .onConflictDoUpdate({ target, set: { updatedAt: sql`now()` } })
      .returning({ id: cart.id });
    return row!.id;
  },

  /** ensure() and lines() in one named statement: the cart (made on first use), its codes and its lines, oldest first. */
  ensureWithLines: async (
    db: DbOrTx,
    owner: Owner,
  ): Promise<{ cartId: number; codes: string[]; lines: CartLineRow[] }> => {
    const rows = owner.userId
      ? await named<EnsuredRow>(db, 'cart_ensure_user', ENSURE_WITH_LINES('user_id'), [owner.userId])
      : await named<EnsuredRow>(db, 'cart_ensure_session', ENSURE_WITH_LINES('session_id'), [owner.sessionId]);
    return ensured(rows);
  },

  /**
   * Adds a line that holds no one-of-a-kind stone (nothing to check against the other lines but its
   * own quantity) in one statement, without a transaction: the cap is kept by the statement itself.
   * `saved` is null when the cart already holds so many that the add would pass `max`.
   */
  addLine: async (db: DbOrTx, owner: Owner, l: NewLine) => {
    const values = [
      owner.userId ?? owner.sessionId,
      l.kind,
      l.refId,
      l.configuration,
      l.lineKey,
      l.quantity,
      l.max,
      l.engraving,
    ];
    const rows = owner.userId
      ? await named<AddedRow>(db, 'cart_add_user', ADD_LINE('user_id'), values)
      : await named<AddedRow>(db, 'cart_add_session', ADD_LINE('session_id'), values);
    const { savedId, savedQuantity } = rows[0]!;
    return { ...ensured(rows), saved: savedId === null ? null : { id: savedId, quantity: savedQuantity! } };
  },

  lines: (db: DbOrTx, cartId: number) => named<CartLineRow>(db, 'cart_lines', CART_LINES, [cartId]),

  setDiscountCodes: (db: DbOrTx, cartId: number, codes: string[]) =>
    db
      .update(cart)
      .set({ discountCodes: codes, updatedAt: sql`now()` })
      .where(eq(cart.id, cartId)),

  line: async (db: DbOrTx, cartId: number, id: number) =>
    (
      await db
        .select()
        .from(cartLine)
        .where(and(eq(cartLine.cartId, cartId), eq(cartLine.id, id)))
        .limit(1)
    )[0] ?? null,

  /** Adds a line, or adds to the quantity of the same line (capped). */
  upsertLine: async (db: DbOrTx, cartId: number, l: NewLine) => {
    const [row] = await named<{ id: number; quantity: number }>(db, 'cart_line_upsert', UPSERT_LINE, [
      cartId,
      l.kind,
      l.refId,
      l.configuration,
      l.lineKey,
      l.quantity,
      l.max,
      l.engraving,
    ]);
    return row!;
  },

  setQuantity: async (db: DbOrTx, cartId: number, id: number, quantity: number) =>
    (
      await db
        .update(cartLine)
        .set({ quantity })
        .where(and(eq(cartLine.cartId, cartId), eq(cartLine.id, id)))
        .returning({ id: cartLine.id })
    ).length === 1,

  removeLine: async (db: DbOrTx, cartId: number, id: number) =>
    (
      await db
        .delete(cartLine)
        .where(and(eq(cartLine.cartId, cartId), eq(cartLine.id, id)))
        .returning({ id: cartLine.id })
    ).length === 1,

  /** After an order: its lines and the codes entered for it go (a code is for the order it was typed for). */
  clear: async (db: DbOrTx, cartId: number) => {
    // One statement, one round trip: the lines and the codes together.
    await named(db, 'cart_clear', CLEAR, [cartId]);
  },
  drop: async (db: DbOrTx, cartId: number) => {
    await db.delete(cart).where(eq(cart.id, cartId));
  },
};

export interface VariantRow {
  id: number;
  sku: string;
  metal: string;
  metalName: string;
  fingerSize: number | null;
  lengthIn: number | null;
  priceCents: number;
  groupId: number;
  series: string;
  categoryId: number;
  description: string;
  image: import('@facet/contracts/catalog').ImageSpec;
  configurable: boolean;
  stock: number;
  /** Sold from what is on hand: no more than `stock` can be bought. */
  stockTracked: boolean;
  engraving: EngravingOffer | null;
}
/** What a design offers to engrave (null: nothing, or no such design on sale). */
export const engravingOf = async (db: DbOrTx, groupId: number) =>
  (
    await named<{ engraving: EngravingOffer | null }>(
      db,
      'cart_engraving_of',
      `select engraving from product_group_view where id = $1 and published`,
      [groupId],
    )
  )[0]?.engraving ?? null;
export const variantOf = async (db: DbOrTx, productId: number) =>
  (await named<VariantRow>(db, 'cart_variant_of', VARIANT_OF, [productId]))[0] ?? null;

/** A variant by its SKU as staff type it (any case). */
export const variantIdBySku = async (db: DbOrTx, sku: string) =>
  (
    await named<{ id: number }>(db, 'cart_variant_by_sku', 'select id from product where upper(sku) = upper($1)', [sku])
  )[0]?.id ?? null;
