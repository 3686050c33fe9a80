import type { Db } from '../../db/client.ts';
import { rollupsRepository as repo } from './repository.ts';

// The sales figures kept per store day, so a year's report sums ~365 rows per group instead of
// every line of the year twice. Triggers (migration 0079) mark the UTC days a change touches, in
// the change's own transaction; a report first works out again the store days those overlap, then
// reads. A different store time zone counts every day again.

/** Consecutive days as spans [from, to] (ISO dates, sorted). */
export function spansOf(days: string[]): Array<{ from: string; to: string }> {
  const spans: Array<{ from: string; to: string }> = [];
  for (const d of days) {
    const last = spans.at(-1);
    if (last && Date.parse(d) - Date.parse(last.to) <= 86_400_000) last.to = d;
    else spans.push({ from: d, to: d });
  }
  return spans;
}

/**
 * Brings the kept days up to date before a report reads them: the days marked since (the marks
 * taken are those committed when it starts; a change committing meanwhile leaves its own mark for
 * the next report), or every day when the store's time zone is not the one they were counted in.
 * One instance at a time; a report waiting for another's finds little or nothing left to do.
 */
export async function refreshRollups(db: Db, tz: string) {
  await db.transaction(async (tx) => {
    await repo.begin(tx);
    const kept = await repo.keptZone(tx);
    // Taken whatever happens next: a full count covers them too.
    const marked = await repo.takeMarkedDays(tx, tz);
    if (kept === tz) {
      for (const span of spansOf(marked)) await repo.build(tx, { tz, ...span });
      return;
    }
    await repo.clear(tx);
    const all = await repo.allDays(tx, tz);
    if (all) await repo.build(tx, { tz, ...all });
    await repo.keepZone(tx, tz);
  });
}
