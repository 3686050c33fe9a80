import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/server.ts';

// The owner's commands, as the README gives them, on a running store: `npm run backup -- <file>`
// while shoppers buy, and `npm run restore -- <file>` into an empty data directory.
const root = path.resolve(import.meta.dirname, '../../../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'facet-backup-e2e-'));
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

const npmRun = (args: string[], env: Record<string, string>) =>
  new Promise<{ status: number; out: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (status) => resolve({ status: status ?? 1, out }));
  });

/** A guest buys the next loose diamond on sale: answers the order's number and its access token. */
async function buyDiamond(url: string, offset: number) {
  const list = await (await fetch(`${url}/api/diamond?pageSize=1&page=${1 + offset}`)).json();
  const id = list.data.diamonds[0].id as number;
  const session = randomUUID();
  const add = await fetch(`${url}/api/cart/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': session },
    body: JSON.stringify({ kind: 'diamond', id }),
  });
  if (!add.ok) return null;
  const res = await fetch(`${url}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': session, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      email: `buyer.${session.slice(0, 8)}@example.com`,
      shippingAddress: {
        name: 'Ada King',
        company: '',
        line1: '12 Bleecker St',
        line2: '',
        city: 'New York',
        state: 'NY',
        zip: '10012',
        country: 'US',
        phone: '(212) 555-0188',
      },
      shippingMethod: 'standard',
      card: { name: 'Ada King', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
    }),
  });
  if (!res.ok) return null;
  const data = (await res.json()).data;
  return { number: data.number as string, token: data.accessToken as string };
}
const orderVisible = async (url: string, o: { number: string; token: string }) =>
  (await fetch(`${url}/api/order/${o.number}`, { headers: { 'x-order-token': o.token } })).status;

test('backup while shoppers buy, restore into an empty data directory: every order before, none after', async () => {
  test.setTimeout(240_000);
  let store: OwnServer | null = await startOwnServer({ RATE_LIMIT_ORDER_MAX: '10000' }, { keepData: true });
  const before = [];
  for (let i = 0; i < 3; i++) before.push((await buyDiamond(store.url, i))!);
  // Shoppers keep buying while the backup is made.
  let buying = true;
  const during: Array<{ number: string; token: string } | null> = [];
  const shoppers = (async () => {
    for (let i = 10; buying; i++) during.push(await buyDiamond(store!.url, i));
  })();
  const file = path.join(work, 'store.backup');
  const backup = await npmRun(['backup', '--', file], { DATA_DIR: store.dataDir });
  buying = false;
  await shoppers;
  expect(backup.out).toContain('Backed up the running store');
  expect(backup.status).toBe(0);
  const after = [(await buyDiamond(store.url, 40))!, (await buyDiamond(store.url, 41))!];
  for (const o of [...before, ...after]) expect(o).toBeTruthy();
  const liveData = store.dataDir;
  await store.stop();
  store = null;

  // A cut-short copy is refused, and the empty directory it was aimed at stays empty.
  const bytes = readFileSync(file);
  const cut = path.join(work, 'cut.backup');
  writeFileSync(cut, bytes.subarray(0, bytes.length - 1000));
  const empty = mkdtempSync(path.join(work, 'empty-'));
  // A backup is signed with the store's secret key: it travels with the backups (docs/operations.md).
  copyFileSync(path.join(liveData, 'secret.key'), path.join(empty, 'secret.key'));
  const refused = await npmRun(['restore', '--', cut], { DATA_DIR: empty });
  expect(refused.status).toBe(1);
  expect(refused.out).toMatch(/cut short.*Nothing was changed/);
  expect(readdirSync(empty).filter((f) => f !== 'secret.key')).toEqual([]);

  // A data directory that holds a store is refused without --replace, and left as it was.
  const busy = await npmRun(['restore', '--', file], { DATA_DIR: liveData });
  expect(busy.status).toBe(1);
  expect(busy.out).toMatch(/already holds a store/);

  const restoredDir = mkdtempSync(path.join(work, 'restored-'));
  // Without the store's key the restore is refused and says what to bring; with it, it goes ahead.
  const keyless = await npmRun(['restore', '--', file], { DATA_DIR: restoredDir });
  expect(keyless.status).toBe(1);
  expect(keyless.out).toMatch(/put the store's secret\.key in DATA_DIR/);
  copyFileSync(path.join(liveData, 'secret.key'), path.join(restoredDir, 'secret.key'));
  const restore = await npmRun(['restore', '--', file], { DATA_DIR: restoredDir });
  expect(restore.out).toContain('Restored the backup');
  expect(restore.status).toBe(0);
  const restored = await startOwnServer({}, { dataDir: restoredDir });
  try {
    for (const o of before) expect(await orderVisible(restored.url, o)).toBe(200);
    for (const o of after) expect(await orderVisible(restored.url, o)).toBe(404);
    // An order placed during the backup is there whole or not at all.
    for (const o of during.filter((x) => x !== null)) expect([200, 404]).toContain(await orderVisible(restored.url, o));
    // And the restored store sells: the next order gets a number of its own.
    const next = await buyDiamond(restored.url, 60);
    expect(next).toBeTruthy();
    expect([...before, ...after].map((o) => o.number)).not.toContain(next!.number);
  } finally {
    await restored.stop();
    rmSync(liveData, { recursive: true, force: true });
  }
});
