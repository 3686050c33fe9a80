import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rowsOf } from '../../db/client.ts';
import { throttle } from './service.ts';
import { throttleRepository } from './repository.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({}, { seed: false }); });
afterAll(async () => { await t.close(); });

describe('shared throttle windows', () => {
  it('counts hits in one window, starts a new one when it ends, and concurrent hits are all counted', async () => {
    const db = t.database.db;
    expect((await throttle.hit(db, 'k1', 60_000)).hits).toBe(1);
    const second = await throttle.hit(db, 'k1', 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(55_000);
    expect((await throttle.read(db, 'k1')).hits).toBe(2);
    const all = await Promise.all(Array.from({ length: 20 }, () => throttle.hit(db, 'k2', 60_000)));
    expect(all.map((w) => w.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // The window ends: the next hit starts again at 1.
    await db.execute(sql`update rate_counter set reset_at = now() - interval '1 second' where key = 'k1'`);
    expect((await throttle.read(db, 'k1')).hits).toBe(0);
    expect((await throttle.hit(db, 'k1', 60_000)).hits).toBe(1);
    await throttle.clear(db, 'k1');
    expect((await throttle.read(db, 'k1')).hits).toBe(0);
  });

  it('sweeps windows that ended, keeps live ones', async () => {
    const db = t.database.db;
    await throttle.hit(db, 'old', 60_000);
    await throttle.hit(db, 'live', 60_000);
    await db.execute(sql`update rate_counter set reset_at = now() - interval '2 minutes' where key = 'old'`);
    await throttleRepository.sweep(db);
    const keys = rowsOf<{ key: string }>(await db.execute(sql`select key from rate_counter where key in ('old', 'live')`)).map((r) => r.key);
    expect(keys).toEqual(['live']);
  });
});
