import { and, asc, count, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { wishlist, wishlistItem } from './schema.ts';
import type { Owner } from '../cart/index.ts';

export type WishRow = typeof wishlistItem.$inferSelect;
export type NewWish = Pick<WishRow, 'kind' | 'refId' | 'configuration' | 'itemKey'>;

const ownerWhere = (owner: Owner) =>
  owner.userId ? eq(wishlist.userId, owner.userId) : owner.sessionId ? eq(wishlist.sessionId, owner.sessionId) : null;

export const wishlistRepository = {
  find: async (db: DbOrTx, owner: Owner) => {
    const where = ownerWhere(owner);
    if (!where) return null;
    return (
      (await db.select({ id: wishlist.id, shareToken: wishlist.shareToken }).from(wishlist).where(where).limit(1))[0] ??
      null
    );
  },

  /** The owner's list, created on first save and locked for this transaction (the cap is counted under the lock). */
  ensureLocked: async (db: DbOrTx, owner: Owner, shareToken: string) => {
    const values = owner.userId ? { userId: owner.userId, shareToken } : { sessionId: owner.sessionId!, shareToken };
    const [row] = await db
      .insert(wishlist)
      .values(values)
      .onConflictDoUpdate({
        target: owner.userId ? wishlist.userId : wishlist.sessionId,
        set: { updatedAt: sql`now()` },
      })
      .returning({ id: wishlist.id });
    return row!.id;
  },

  byShareToken: async (db: DbOrTx, token: string) =>
    rowsOf<{ id: number; ownerName: string | null }>(
      await db.execute(sql`select w.id, u.first_name as "ownerName" from wishlist w
        left join app_user_view u on u.id = w.user_id where w.share_token = ${token} limit 1`),
    )[0] ?? null,

  items: (db: DbOrTx, listId: number) =>
    db.select().from(wishlistItem).where(eq(wishlistItem.wishlistId, listId)).orderBy(asc(wishlistItem.id)),

  count: async (db: DbOrTx, listId: number) =>
    (await db.select({ n: count() }).from(wishlistItem).where(eq(wishlistItem.wishlistId, listId)))[0]!.n,

  /** Adds the item unless the list holds it already; true when it was new. */
  add: async (db: DbOrTx, listId: number, w: NewWish) =>
    (
      await db
        .insert(wishlistItem)
        .values({ wishlistId: listId, ...w })
        .onConflictDoNothing({ target: [wishlistItem.wishlistId, wishlistItem.itemKey] })
        .returning({ id: wishlistItem.id })
    ).length > 0,

  remove: async (db: DbOrTx, listId: number, id: number) =>
    (
      await db
        .delete(wishlistItem)
        .where(and(eq(wishlistItem.wishlistId, listId), eq(wishlistItem.id, id)))
        .returning({ id: wishlistItem.id })
    ).length > 0,

  drop: (db: DbOrTx, listId: number) => db.delete(wishlist).where(eq(wishlist.id, listId)),

  newShareToken: (db: DbOrTx, listId: number, token: string) =>
    db.update(wishlist).set({ shareToken: token }).where(eq(wishlist.id, listId)),
};
