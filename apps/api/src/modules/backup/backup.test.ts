import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../../config.ts';
import { openDatabase, rowsOf, type Database } from '../../db/client.ts';
import { buildTestApp, throwawayDatabase, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/accounts.ts';
import { placeDiamondOrder } from '../../test/staff.ts';
import { readBackup } from './format.ts';
import { restoreStore } from './restore.ts';
import { makeBackup } from './service.ts';

// A store is backed up while shoppers buy, and restored into an empty place: every order and
// account made before the backup comes back, none made after, and a bad file changes nothing.

let t: TestApp;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-backup-'));
const drops: Array<() => Promise<void>> = [];
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ORDER_MAX: '100000', RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
  for (const drop of drops) await drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Where a restore goes: a new DATA_DIR, or (CI's PostgreSQL run) a new empty database. */
async function target(name: string): Promise<Config> {
  if (t.database.kind === 'postgres') {
    const db = await throwawayDatabase(process.env.DATABASE_URL!, 'facet_restore');
    drops.push(db.drop);
    return loadConfig({ DATABASE_URL: db.url, DATA_DIR: path.join(tmp, name), LOG_LEVEL: 'silent' });
  }
  return loadConfig({ DATA_DIR: path.join(tmp, name), LOG_LEVEL: 'silent' });
}
async function opened<T>(config: Config, fn: (d: Database) => Promise<T>): Promise<T> {
  const d = await openDatabase(config);
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}
const orderNumbers = async (d: Database) =>
  new Set(rowsOf<{ number: string }>(await d.db.execute(sql`select number from customer_order`)).map((r) => r.number));
const emails = async (d: Database) =>
  new Set(rowsOf<{ email: string }>(await d.db.execute(sql`select email from app_user`)).map((r) => r.email));

describe('backup and restore', () => {
  let file: string;
  const before: string[] = [];
  const after: string[] = [];

  it('a backup taken while orders are placed restores every order and account made before it, and none after', async () => {
    for (let i = 0; i < 3; i++) before.push((await placeDiamondOrder(t)).number);
    await signUp(t, 'before.backup@example.com');
    file = path.join(tmp, 'store.backup');
    // Shoppers keep buying while the backup runs.
    let buying = true;
    const shopper = (async () => {
      while (buying) await placeDiamondOrder(t).catch(() => null);
    })();
    await new Promise((r) => setTimeout(r, 20));
    const header = await makeBackup(t.database, file);
    buying = false;
    await shopper;
    for (let i = 0; i < 2; i++) after.push((await placeDiamondOrder(t)).number);
    await signUp(t, 'after.backup@example.com');

    expect(header.tables.customer_order).toBeGreaterThanOrEqual(3);
    const config = await target('restored');
    const restored = await restoreStore(config, file, { replace: false });
    expect(restored.keptAside).toBeNull();
    await opened(config, async (d) => {
      await d.migrate();
      const numbers = await orderNumbers(d);
      for (const n of before) expect(numbers).toContain(n);
      for (const n of after) expect(numbers).not.toContain(n);
      expect(numbers.size).toBe(header.tables.customer_order);
      // One snapshot: every order restored has its lines and its timeline.
      const [broken] = rowsOf<{ n: number }>(
        await d.db.execute(sql`
          select count(*)::int as n from customer_order o
          where not exists (select 1 from order_line l where l.order_id = o.id)
             or not exists (select 1 from order_event e where e.order_id = o.id)`),
      );
      expect(broken!.n).toBe(0);
      const people = await emails(d);
      expect(people).toContain('before.backup@example.com');
      expect(people).not.toContain('after.backup@example.com');
      // The sequences come back too: the next order does not collide with a restored one.
      const [next] = rowsOf<{ ok: boolean }>(
        await d.db.execute(
          sql`select nextval(pg_get_serial_sequence('customer_order', 'id')) > (select max(id) from customer_order) as ok`,
        ),
      );
      expect(next!.ok).toBe(true);
    });
  });

  it('refuses a truncated or damaged file and leaves the target untouched', async () => {
    const cut = path.join(tmp, 'cut.backup');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const config = await target('untouched');
    await expect(restoreStore(config, cut, { replace: false })).rejects.toThrow(/cut short.*Nothing was changed/);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 10]! ^= 0xff;
    fs.writeFileSync(cut, flipped);
    await expect(restoreStore(config, cut, { replace: false })).rejects.toThrow(/damaged/);
    fs.writeFileSync(cut, 'hello');
    await expect(restoreStore(config, cut, { replace: false })).rejects.toThrow(/not a Facet backup/);
    if (t.database.kind === 'pglite') expect(fs.existsSync(path.join(config.DATA_DIR, 'pglite'))).toBe(false);
    else await opened(config, async (d) => expect(await orderNumbers(d).catch(() => 'no tables')).toBe('no tables'));
  });

  it('refuses a backup from a newer release, naming what to do', async () => {
    const { header, offset } = await readBackup(file);
    const newer = {
      ...header,
      schema: { ...header.schema, migrations: 99, lastWhen: header.schema.lastWhen + 1e9, tag: '0099_future' },
    };
    const body = fs.readFileSync(file).subarray(offset);
    const future = path.join(tmp, 'future.backup');
    fs.writeFileSync(future, Buffer.concat([Buffer.from(`FACET BACKUP 1\n${JSON.stringify(newer)}\n`), body]));
    await expect(restoreStore(await target('future'), future, { replace: false })).rejects.toThrow(/newer release/);
  });

  it('refuses a target that holds a store unless told --replace; then keeps the old one aside', async () => {
    if (t.database.kind === 'postgres') return; // PostgreSQL: restore into a new database (docs/operations.md)
    const config = await target('restored');
    const orders = await opened(config, orderNumbers);
    await expect(restoreStore(config, file, { replace: false })).rejects.toThrow(/already holds a store/);
    expect(await opened(config, orderNumbers)).toEqual(orders);
    const again = await restoreStore(config, file, { replace: true });
    expect(again.keptAside).toMatch(/pglite\.before-restore-/);
    expect(fs.existsSync(again.keptAside!)).toBe(true);
    expect((await opened(config, orderNumbers)).size).toBe(again.header.tables.customer_order);
  });
});
