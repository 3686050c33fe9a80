import type { Db } from './client.ts';

/**
 * One copy per database, loaded once; a failed load is tried again on the next call. `reload`
 * builds a new copy in the background and swaps it in when ready (the old one answers meanwhile),
 * called when the product tables change (see catalogue-changes.ts). Reloads may finish out of
 * order (PostgreSQL answers them on different connections): only the newest one started is
 * swapped in, so an older, slower read never replaces what a later change made.
 */
export function perDatabase<T>(load: (db: Db) => Promise<T>, opts: { reloadAtMostEveryMs?: number } = {}) {
  const cache = new WeakMap<Db, Promise<T>>();
  const started = new WeakMap<Db, number>();
  const lastReload = new WeakMap<Db, number>();
  const waiting = new WeakSet<Db>();
  const get = (db: Db) => {
    let p = cache.get(db);
    if (!p) {
      p = load(db);
      cache.set(db, p);
      p.catch(() => cache.delete(db));
    }
    return p;
  };
  get.reload = async (db: Db): Promise<void> => {
    if (!cache.has(db)) return;
    // A copy that is dear to build and may lag (the spelling vocabulary) is rebuilt at most once
    // per interval: changes inside one wait for a single rebuild at its end.
    const every = opts.reloadAtMostEveryMs;
    if (every) {
      const wait = (lastReload.get(db) ?? -Infinity) + every - Date.now();
      if (wait > 0) {
        if (waiting.has(db)) return;
        waiting.add(db);
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
        waiting.delete(db);
      }
      lastReload.set(db, Date.now());
    }
    const mine = (started.get(db) ?? 0) + 1;
    started.set(db, mine);
    const next = load(db);
    await next;
    if (started.get(db) === mine) cache.set(db, next);
  };
  return get;
}
