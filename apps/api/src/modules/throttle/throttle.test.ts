import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rowsOf } from '../../db/client.ts';
import { localThrottle, sharedThrottle, type Throttle } from './service.ts';
import { throttleRepository } from './repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(async () => {
  await t.close();
});

/** Ends a key's window, as if its time had passed. */
type Ender = (key: string) => Promise<void>;

// One contract, two homes: PostgreSQL (shared by every instance) and this process (embedded database).
const contract = (name: string, make: () => { throttle: Throttle; end: Ender }) =>
  describe(name, () => {
    it('counts hits in one window, starts a new one when it ends, and counts every concurrent hit', async () => {
      const { throttle, end } = make();
      expect((await throttle.hit('k1', 60_000)).hits).toBe(1);
      const second = await throttle.hit('k1', 60_000);
      expect(second.hits).toBe(2);
      expect(second.ttlMs).toBeGreaterThan(55_000);
      expect((await throttle.read('k1')).hits).toBe(2);
      const all = await Promise.all(Array.from({ length: 20 }, () => throttle.hit('k2', 60_000)));
      expect(all.map((w) => w.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      await end('k1');
      expect((await throttle.read('k1')).hits).toBe(0);
      expect((await throttle.hit('k1', 60_000)).hits).toBe(1);
      await throttle.clear('k1');
      expect((await throttle.read('k1')).hits).toBe(0);
    });
  });

contract('shared throttle (PostgreSQL)', () => ({
  throttle: sharedThrottle(t.database),
  end: async (key) => {
    await t.database.db.execute(sql`update rate_counter set reset_at = now() - interval '1 second' where key = ${key}`);
  },
}));

contract('local throttle (one process)', () => {
  let skew = 0;
  return {
    throttle: localThrottle(() => Date.now() + skew),
    end: async () => {
      skew += 61_000;
    },
  };
});

describe('shared throttle sweep', () => {
  it('drops windows that ended, keeps live ones', async () => {
    const db = t.database.db;
    const throttle = sharedThrottle(t.database);
    await throttle.hit('old', 60_000);
    await throttle.hit('live', 60_000);
    await db.execute(sql`update rate_counter set reset_at = now() - interval '2 minutes' where key = 'old'`);
    await throttleRepository.sweep(db);
    const keys = rowsOf<{ key: string }>(
      await db.execute(sql`select key from rate_counter where key in ('old', 'live')`),
    ).map((r) => r.key);
    expect(keys).toEqual(['live']);
  });
});
