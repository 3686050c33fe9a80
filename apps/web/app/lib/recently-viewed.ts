import { useSyncExternalStore } from 'react';

// The last pieces and stones a shopper looked at, kept in this browser only (no account, nothing
// sent). No price is kept: a price remembered from last week could be untrue today; the item's
// page says the price.

const KEY = 'facet.recently-viewed';
export const RECENT_MAX = 12;

export interface RecentItem {
  href: string;
  title: string;
  image: string;
}

const EMPTY: RecentItem[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: RecentItem[] = EMPTY;

const isItem = (v: unknown): v is RecentItem =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RecentItem).href === 'string' &&
  (v as RecentItem).href.startsWith('/') &&
  typeof (v as RecentItem).title === 'string' &&
  typeof (v as RecentItem).image === 'string';

function stored(): string | null | undefined {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return undefined;
  }
}

function read(): RecentItem[] {
  const raw = stored();
  if (raw === undefined) return EMPTY;
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cached = Array.isArray(parsed) ? parsed.filter(isItem).slice(0, RECENT_MAX) : EMPTY;
  } catch {
    cached = EMPTY;
  }
  return cached;
}

/** Puts an item first (once), keeping the newest RECENT_MAX. */
export function rememberViewed(item: RecentItem) {
  const next = [item, ...read().filter((i) => i.href !== item.href)].slice(0, RECENT_MAX);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full store: the list is a convenience.
    return;
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The list, newest first; empty on the server and before hydration (so the markup matches). */
export const useRecentlyViewed = () => useSyncExternalStore(subscribe, read, () => EMPTY);
