import type { Database } from '../../db/client.ts';
import { throttleRepository as repo, type Window } from './repository.ts';

export type { Window };

/** Fixed-window counters: sign-in, codes, resets, forms and orders per client; failed sign-ins per account. */
export interface Throttle {
  /** Counts a hit in the key's current window (or starts one); answers the count and time left. */
  hit(key: string, windowMs: number): Promise<Window>;
  read(key: string): Promise<Window>;
  clear(key: string): Promise<void>;
  /** Drops ended windows now and then; answers how to stop. */
  startSweeper(everyMs?: number): () => void;
}

/**
 * Counters in PostgreSQL, one statement per call, so every API instance enforces one ceiling
 * (docs/decisions/009-shared-state-across-instances.md).
 */
export function sharedThrottle(database: Database): Throttle {
  const { db } = database;
  return {
    hit: (key, windowMs) => repo.hit(database, key, windowMs),
    read: (key) => repo.read(database, key),
    clear: (key) => repo.clear(db, key),
    startSweeper: (everyMs = 10 * 60_000) => {
      const timer = setInterval(() => {
        repo.sweep(db).catch(() => {});
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

/**
 * Counters in this process. For the embedded database only: PGlite lives inside exactly one
 * process, so there is no other instance to share with, and a statement per hit would cost that
 * single-threaded database more than the rest of a cheap request.
 */
export function localThrottle(now: () => number = Date.now): Throttle {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    return w && w.endsAt > now() ? w : undefined;
  };
  return {
    hit: async (key, windowMs) => {
      let w = live(key);
      if (!w) windows.set(key, (w = { hits: 0, endsAt: now() + windowMs }));
      w.hits++;
      return { hits: w.hits, ttlMs: w.endsAt - now() };
    },
    read: async (key) => {
      const w = live(key);
      return w ? { hits: w.hits, ttlMs: w.endsAt - now() } : { hits: 0, ttlMs: 0 };
    },
    clear: async (key) => {
      windows.delete(key);
    },
    startSweeper: (everyMs = 60_000) => {
      const timer = setInterval(() => {
        for (const [k, w] of windows) if (w.endsAt <= now()) windows.delete(k);
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export const throttleFor = (database: Database): Throttle =>
  database.kind === 'postgres' ? sharedThrottle(database) : localThrottle();
