import type { Db, DbOrTx } from '../../db/client.ts';
import { throttleRepository as repo, type Window } from './repository.ts';

export type { Window };

/**
 * Counters that must hold across API instances (docs/decisions/009-shared-state-across-instances.md):
 * each call is one statement on the shared rate_counter table.
 */
export const throttle = {
  hit: (db: DbOrTx, key: string, windowMs: number) => repo.hit(db, key, windowMs),
  read: (db: DbOrTx, key: string) => repo.read(db, key),
  clear: (db: DbOrTx, key: string) => repo.clear(db, key),
};

/** Sweeps ended windows now and then (every instance does; the delete is cheap and idempotent). */
export function startThrottleSweeper(db: Db, everyMs = 10 * 60_000): () => void {
  const timer = setInterval(() => { repo.sweep(db).catch(() => {}); }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
