import { randomBytes } from 'node:crypto';
import {
  WISHLIST_FULL,
  WISHLIST_MAX,
  wishKey,
  type SharedWishlist,
  type WishEntry,
  type WishItem,
  type Wishlist,
} from '@facet/contracts/wishlist';
import type { Db, DbOrTx } from '../../db/client.ts';
import { NotFound, Unprocessable, Validation } from '../../errors.ts';
import { priceChoice, type Owner, type PricedLine } from '../cart/index.ts';
import { wishlistRepository as repo, type NewWish, type WishRow } from './repository.ts';

const NOT_SAVED = 'This piece is no longer in your wishlist.';
const newToken = () => randomBytes(32).toString('base64url');

const rowOf = (item: WishItem): NewWish => ({
  kind: item.kind,
  refId: item.kind === 'configured' ? item.configuration.groupId : item.id,
  configuration: item.kind === 'configured' ? item.configuration : null,
  itemKey: wishKey(item),
});
const itemOf = (row: WishRow): WishItem =>
  row.kind === 'configured'
    ? { kind: 'configured', configuration: row.configuration! }
    : { kind: row.kind, id: row.refId };

const price = (db: DbOrTx, row: Pick<WishRow, 'id' | 'kind' | 'refId' | 'configuration' | 'itemKey'>) =>
  priceChoice(db, {
    id: row.id,
    kind: row.kind,
    refId: row.refId,
    configuration: row.configuration,
    lineKey: row.itemKey,
  });

function entryOf(row: WishRow, p: PricedLine): WishEntry {
  return {
    id: row.id,
    kind: row.kind,
    key: row.itemKey,
    item: itemOf(row),
    title: p.title,
    details: p.details,
    image: p.image,
    href: p.href,
    // A piece that cannot be priced yet (made to order, stones still to choose) shows no price rather than a wrong one.
    priceCents: p.gone || p.incomplete ? null : p.unitPriceCents,
    available: p.available,
    message: p.message,
    gone: !!p.gone,
    addedAt: row.createdAt.toISOString(),
  };
}

async function entries(db: DbOrTx, listId: number): Promise<WishEntry[]> {
  const rows = await repo.items(db, listId);
  const priced = await Promise.all(rows.map((r) => price(db, r)));
  // Newest first: the piece just saved is at the top.
  return rows.map((r, i) => entryOf(r, priced[i]!)).reverse();
}

export async function getWishlist(db: Db, owner: Owner): Promise<Wishlist> {
  const list = await repo.find(db, owner);
  const items = list ? await entries(db, list.id) : [];
  return { items, count: items.length, max: WISHLIST_MAX, shareToken: list?.shareToken ?? null };
}

/**
 * Saves a piece: checked against today's catalogue first, so an unknown id, a sold stone or a
 * ring that cannot be made is refused and nothing is written. Saving it again changes nothing.
 */
export async function saveItem(db: Db, owner: Owner, item: WishItem): Promise<Wishlist> {
  if (!owner.userId && !owner.sessionId)
    throw new Unprocessable('A wishlist needs the X-Session-Id header (the swag-session id).');
  const row = rowOf(item);
  const p = await price(db, { id: 0, ...row });
  if (p.gone === 'missing')
    throw new NotFound(
      item.kind === 'diamond' || item.kind === 'gemstone'
        ? `We could not find that ${item.kind}. It may have been sold.`
        : 'We could not find that piece. It may have left the collection.',
    );
  if (p.gone) throw new Validation(p.message ?? 'This piece cannot be saved.');
  await db.transaction(async (tx) => {
    const listId = await repo.ensureLocked(tx, owner, newToken());
    if (
      (await repo.count(tx, listId)) >= WISHLIST_MAX &&
      !(await repo.items(tx, listId)).some((r) => r.itemKey === row.itemKey)
    )
      throw new Unprocessable(WISHLIST_FULL);
    await repo.add(tx, listId, row);
  });
  return getWishlist(db, owner);
}

export async function removeItem(db: Db, owner: Owner, id: number): Promise<Wishlist> {
  const list = await repo.find(db, owner);
  if (!list || !(await repo.remove(db, list.id, id))) throw new NotFound(NOT_SAVED);
  return getWishlist(db, owner);
}

/** A new share link; the old one stops working. */
export async function renewShareLink(db: Db, owner: Owner): Promise<Wishlist> {
  const list = await repo.find(db, owner);
  if (!list) throw new NotFound('Save a piece first: then there is a list to share.');
  await repo.newShareToken(db, list.id, newToken());
  return getWishlist(db, owner);
}

const SHARE_GONE = 'This wishlist link is no longer valid. Ask for a new one.';
export async function sharedWishlist(db: Db, token: string): Promise<SharedWishlist> {
  const list = await repo.byShareToken(db, token);
  if (!list) throw new NotFound(SHARE_GONE);
  return { items: await entries(db, list.id), ownerName: list.ownerName };
}

/**
 * At sign-in the visitor's saved pieces join the account's list (no duplicates, up to the cap);
 * the visitor's list is then gone. Like the cart, only on the request that proved the password or code.
 */
export async function claimVisitorWishlist(db: Db, userId: number, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  const visitor = await repo.find(db, { userId: null, sessionId });
  if (!visitor) return;
  await db.transaction(async (tx) => {
    const listId = await repo.ensureLocked(tx, { userId, sessionId: null }, newToken());
    let room = WISHLIST_MAX - (await repo.count(tx, listId));
    for (const r of await repo.items(tx, visitor.id)) {
      if (room <= 0) break;
      if (
        await repo.add(tx, listId, { kind: r.kind, refId: r.refId, configuration: r.configuration, itemKey: r.itemKey })
      )
        room--;
    }
    await repo.drop(tx, visitor.id);
  });
}
