import { createHash, createHmac, randomBytes } from 'node:crypto';
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
import { readBackup, type BackupHeader } from './format.ts';
import { restoreStore } from './restore.ts';
import { backupKey, makeBackup } from './service.ts';

/** A header as this release writes it, signed with `key` (as a store holding that key would). */
const signedHead = (header: BackupHeader, key: Buffer) => {
  const head = `FACET BACKUP 2\n${JSON.stringify(header)}\n`;
  return Buffer.from(
    `${head}HMAC-SHA256 ${createHmac('sha256', key).update(head, 'latin1').digest('hex')}\n`,
    'latin1',
  );
};

// A store is backed up while shoppers buy, and restored into an empty place: every order and
// account made before the backup comes back, none made after, and a bad file changes nothing.

let t: TestApp;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-backup-'));
const drops: Array<() => Promise<void>> = [];
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ORDER_MAX: '100000', RATE_LIMIT_MAX: '100000', SECRET_KEY: STORE_KEY });
});
afterAll(async () => {
  await t.close();
  for (const drop of drops) await drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The store's secret key: the machine it is restored on has it too (SECRET_KEY, or its secret.key). */
const STORE_KEY = 'backup-test-store-secret-key-0123456789';

/** Where a restore goes: a new DATA_DIR, or (CI's PostgreSQL run) a new empty database; with the store's key unless told. */
async function target(name: string, key: string | null = STORE_KEY): Promise<Config> {
  const own = { DATA_DIR: path.join(tmp, name), LOG_LEVEL: 'silent' as const, ...(key ? { SECRET_KEY: key } : {}) };
  if (t.database.kind === 'postgres') {
    const db = await throwawayDatabase(process.env.DATABASE_URL!, 'facet_restore');
    drops.push(db.drop);
    return loadConfig({ DATABASE_URL: db.url, ...own });
  }
  return loadConfig(own);
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
    let backingUp = false;
    let boughtDuring = 0;
    const shopper = (async () => {
      while (buying) {
        const placed = await placeDiamondOrder(t).catch(() => null);
        if (placed && backingUp) boughtDuring++;
        // Orders arrive over the network, each its own turn of the event loop (inject alone never yields).
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 20));
    backingUp = true;
    const finished: string[] = [];
    const backup = makeBackup(t.database, file, backupKey(t.config)).then((h) => {
      finished.push('backup');
      return h;
    });
    // A shopper checks out while it runs: the order does not wait for it (on the embedded engine
    // the backup reads a copy; PostgreSQL's pg_dump holds nobody up).
    await new Promise((r) => setTimeout(r, 30));
    // It buys from the other end of the stock than the busy shopper, who would otherwise take the
    // same diamond first, again and again.
    await placeDiamondOrder(t, undefined, {}, 'oldest');
    finished.push('order');
    const header = await backup;
    backingUp = false;
    buying = false;
    expect(finished).toEqual(['order', 'backup']);
    expect(boughtDuring).toBeGreaterThanOrEqual(1);
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
    const key = backupKey(t.config);
    const { header, offset } = await readBackup(file, { key });
    const newer = {
      ...header,
      schema: { ...header.schema, migrations: 99, lastWhen: header.schema.lastWhen + 1e9, tag: '0099_future' },
    };
    const body = fs.readFileSync(file).subarray(offset);
    const future = path.join(tmp, 'future.backup');
    fs.writeFileSync(future, Buffer.concat([signedHead(newer, key), body]));
    await expect(restoreStore(await target('future'), future, { replace: false })).rejects.toThrow(/newer release/);
  });

  it('refuses an edited backup whose checksum was recomputed, one made by another store, and restores only with the store’s key', async () => {
    const bytes = fs.readFileSync(file);
    const { header, offset } = await readBackup(file, { key: backupKey(t.config) });
    // An edit to the body, its size and SHA-256 recomputed into the header as anyone could.
    const body = Buffer.from(bytes.subarray(offset));
    body[body.length - 20]! ^= 0x01;
    const edited = { ...header, sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length };
    const oldHmacLine = bytes.subarray(0, offset).toString('latin1').split('\n')[2]!;
    const forged = path.join(tmp, 'forged.backup');
    fs.writeFileSync(
      forged,
      Buffer.concat([Buffer.from(`FACET BACKUP 2\n${JSON.stringify(edited)}\n${oldHmacLine}\n`), body]),
    );
    await expect(restoreStore(await target('forged'), forged, { replace: false })).rejects.toThrow(
      /not made by this store .* or it was changed after it was made\. Nothing was changed/,
    );
    // Signed by another store's key: refused the same way.
    const other = path.join(tmp, 'other.backup');
    fs.writeFileSync(other, Buffer.concat([signedHead(edited, randomBytes(32)), body]));
    await expect(restoreStore(await target('other'), other, { replace: false })).rejects.toThrow(
      /not made by this store/,
    );
    // A machine without the store's key is told what to bring, and is left as it was (no key made).
    const keyless = await target('keyless', null);
    await expect(restoreStore(keyless, file, { replace: false })).rejects.toThrow(
      /put the store's secret\.key in DATA_DIR/,
    );
    expect(fs.existsSync(path.join(keyless.DATA_DIR, 'secret.key'))).toBe(false);
    // An earlier release's unsigned file only when asked for by name.
    const unsigned = path.join(tmp, 'unsigned.backup');
    fs.writeFileSync(
      unsigned,
      Buffer.concat([
        Buffer.from(`FACET BACKUP 1\n${JSON.stringify({ ...header, format: 1 })}\n`),
        bytes.subarray(offset),
      ]),
    );
    await expect(restoreStore(await target('unsigned'), unsigned, { replace: false })).rejects.toThrow(/--unsigned/);
    const taken = await restoreStore(await target('unsigned-ok'), unsigned, { replace: false, acceptUnsigned: true });
    expect(taken.header.tables).toEqual(header.tables);
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
