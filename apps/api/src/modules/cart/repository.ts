import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { cart, cartLine } from '../../db/schema/commerce.ts';

export type CartLineRow = typeof cartLine.$inferSelect;
export interface Owner {
  userId: number | null;
  sessionId: string | null;
}

export const cartRepository = {
  find: async (db: DbOrTx, owner: Owner) => {
    const where = owner.userId
      ? eq(cart.userId, owner.userId)
      : owner.sessionId
        ? eq(cart.sessionId, owner.sessionId)
        : null;
    if (!where) return null;
    return (await db.select({ id: cart.id }).from(cart).where(where).limit(1))[0]?.id ?? null;
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

  /** ensure() and lines() in one statement: the cart (made on first use) and its lines, oldest first. */
  ensureWithLines: async (db: DbOrTx, owner: Owner): Promise<{ cartId: number; lines: CartLineRow[] }> => {
    const insert = owner.userId
      ? sql`insert into cart (user_id) values (${owner.userId}) on conflict (user_id) do update set updated_at = now() returning id`
      : sql`insert into cart (session_id) values (${owner.sessionId}) on conflict (session_id) do update set updated_at = now() returning id`;
    const rows = rowsOf<{ cartId: number } & Partial<Record<keyof CartLineRow, unknown>>>(
      await db.execute(sql`
      with c as (${insert})
      select c.id as "cartId", l.id, l.kind, l.ref_id as "refId", l.configuration, l.line_key as "lineKey",
        l.quantity, l.created_at as "createdAt"
      from c left join cart_line l on l.cart_id = c.id order by l.id`),
    );
    const cartId = rows[0]!.cartId;
    return {
      cartId,
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
          createdAt: new Date(r.createdAt as string | Date),
        })),
    };
  },

  lines: (db: DbOrTx, cartId: number) =>
    db.select().from(cartLine).where(eq(cartLine.cartId, cartId)).orderBy(asc(cartLine.id)),

  line: async (db: DbOrTx, cartId: number, id: number) =>
    (
      await db
        .select()
        .from(cartLine)
        .where(and(eq(cartLine.cartId, cartId), eq(cartLine.id, id)))
        .limit(1)
    )[0] ?? null,

  /** Adds a line, or adds to the quantity of the same line (capped). */
  upsertLine: async (
    db: DbOrTx,
    cartId: number,
    l: {
      kind: CartLineRow['kind'];
      refId: number;
      configuration: CartLineRow['configuration'];
      lineKey: string;
      quantity: number;
      max: number;
    },
  ) => {
    const [row] = await db
      .insert(cartLine)
      .values({
        cartId,
        kind: l.kind,
        refId: l.refId,
        configuration: l.configuration,
        lineKey: l.lineKey,
        quantity: l.quantity,
      })
      .onConflictDoUpdate({
        target: [cartLine.cartId, cartLine.lineKey],
        set: { quantity: sql`least(${cartLine.quantity} + excluded.quantity, ${l.max})` },
      })
      .returning({ id: cartLine.id, quantity: cartLine.quantity });
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

  clear: async (db: DbOrTx, cartId: number) => {
    await db.delete(cartLine).where(eq(cartLine.cartId, cartId));
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
  image: import('../../db/schema/products.ts').ImageSpec;
  configurable: boolean;
}
export const variantOf = async (db: DbOrTx, productId: number) =>
  (
    (await db.execute(sql`
    select p.id, p.sku, p.metal, coalesce(m.name, p.metal) as "metalName", p.finger_size as "fingerSize", p.length_in as "lengthIn", p.price_cents as "priceCents",
      g.id as "groupId", g.series, g.category_id as "categoryId", g.description, g.image, g.configurable
    from product p join product_group g on g.id = p.group_id left join metal_rate m on m.quality = p.metal
    where p.id = ${productId} and p.active and g.published`)) as unknown as { rows: VariantRow[] }
  ).rows[0] ?? null;
