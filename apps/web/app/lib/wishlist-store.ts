import { useEffect, useSyncExternalStore } from 'react';
import { wishKey } from '@facet/contracts/wish-key';
import type { WishItem, Wishlist } from '@facet/contracts/wishlist';
import { callApi } from '~/lib/client-api.ts';
import { onLogin } from '~/lib/after-login.ts';
import { getToken } from '~/lib/session.ts';

// Client state for the wishlist: the server's list (priced by the server) and the keys of what it
// holds, so every heart on a page knows whether it is filled.
interface WishState {
  wishlist: Wishlist | null;
  keys: ReadonlySet<string>;
  loaded: boolean;
}
const EMPTY: WishState = { wishlist: null, keys: new Set(), loaded: false };
let state: WishState = EMPTY;
const listeners = new Set<() => void>();

// A visitor who never saved anything has no list: remember that, so their pages skip the request.
const HINT = 'facet-wishlist';
const hint = (n?: number) => {
  try {
    if (n === undefined) return window.localStorage.getItem(HINT) !== null;
    if (n > 0) window.localStorage.setItem(HINT, String(n));
    else window.localStorage.removeItem(HINT);
  } catch {
    /* storage blocked: the list is fetched each time */
  }
  return true;
};

function set(wishlist: Wishlist) {
  state = { wishlist, keys: new Set(wishlist.items.map((i) => i.key)), loaded: true };
  hint(wishlist.count);
  listeners.forEach((l) => l());
}

export function useWishlist(): WishState {
  const s = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => EMPTY,
  );
  useEffect(() => {
    void loadWishlist();
  }, []);
  return s;
}

let inflight: Promise<void> | null = null;
/** Reads the list once per page load (again with `force`, e.g. after sign-in merged the visitor's). */
export function loadWishlist(force = false): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  if (inflight) return inflight;
  if (!force && state.loaded) return Promise.resolve();
  if (!force && !getToken() && !hint()) {
    state = { ...EMPTY, loaded: true };
    listeners.forEach((l) => l());
    return Promise.resolve();
  }
  inflight = callApi<Wishlist>('/wishlist')
    .then(set)
    .catch((err) => console.error(err))
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

export const isSaved = (s: WishState, item: WishItem) => s.keys.has(wishKey(item));

export async function saveWish(item: WishItem): Promise<Wishlist> {
  const w = await callApi<Wishlist>('/wishlist/items', { method: 'POST', body: item });
  set(w);
  return w;
}
export async function removeWish(id: number): Promise<Wishlist> {
  const w = await callApi<Wishlist>(`/wishlist/items/${id}`, { method: 'DELETE' });
  set(w);
  return w;
}
/** Removes the saved item that is `item` (a heart clicked again). */
export async function unsaveWish(item: WishItem): Promise<Wishlist | null> {
  const entry = state.wishlist?.items.find((i) => i.key === wishKey(item));
  return entry ? removeWish(entry.id) : null;
}
export async function renewShareLink(): Promise<Wishlist> {
  const w = await callApi<Wishlist>('/wishlist/share', { method: 'POST' });
  set(w);
  return w;
}

// The visitor's list joins the account's at sign-in: read it again.
if (typeof window !== 'undefined') onLogin(() => loadWishlist(true));
