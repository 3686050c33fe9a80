import { describe, expect, it, vi } from 'vitest';
import type { Db } from './client.ts';
import { perDatabase } from './per-database.ts';

describe('a copy per database', () => {
  it('keeps the newest reload when an older one finishes after it (publish right after unpublish)', async () => {
    const db = {} as Db;
    const pending: Array<(v: string) => void> = [];
    let loads = 0;
    const copy = perDatabase(() => {
      loads++;
      if (loads === 1) return Promise.resolve('first');
      return new Promise<string>((resolve) => pending.push(resolve));
    });
    expect(await copy(db)).toBe('first');
    const older = copy.reload(db); // read before the publish
    const newer = copy.reload(db); // read after it
    pending[1]!('after publish');
    await newer;
    expect(await copy(db)).toBe('after publish');
    pending[0]!('before publish');
    await older;
    expect(await copy(db)).toBe('after publish');
  });

  it('rebuilds a dear copy at most once an interval: a burst of changes gets one rebuild at its end', async () => {
    vi.useFakeTimers();
    try {
      const db = {} as Db;
      let loads = 0;
      const copy = perDatabase(async () => ++loads, { reloadAtMostEveryMs: 60_000 });
      expect(await copy(db)).toBe(1);
      await copy.reload(db); // the first change rebuilds at once
      expect(await copy(db)).toBe(2);
      const burst = [copy.reload(db), copy.reload(db), copy.reload(db)];
      await vi.advanceTimersByTimeAsync(59_000);
      expect(loads, 'nothing rebuilt inside the interval').toBe(2);
      await vi.advanceTimersByTimeAsync(1_000);
      await Promise.all(burst);
      expect(loads, 'one rebuild for the whole burst').toBe(3);
      expect(await copy(db)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
