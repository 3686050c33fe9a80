import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDatabase } from './test/build-test-app.ts';
import { freePort, stopped } from './test/processes.ts';
import { orderBody } from './test/checkout.ts';

// An upgrade that adds a migration runs while the previous release still serves (expand, then
// contract: docs/operations.md). The previous release is the code as it was just before the newest
// migration was added, taken from git; it serves on a database the new release then migrates under
// it, and both take orders.

const base = process.env.DATABASE_URL;
if (!base) throw new Error('The upgrade suite needs DATABASE_URL (a PostgreSQL server); .ci/run provides one.');
const root = path.resolve(import.meta.dirname, '../../..');
if (!existsSync(path.join(root, 'apps/web/build/server/index.js')))
  throw new Error('The upgrade suite serves the storefront: run "npm run build" first.');

const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/**
 * The tree of `commit` in a directory of its own, using this checkout's installed packages (the
 * workspace links point at that tree's own packages, so the old code runs with its own contracts).
 */
function checkOut(commit: string, into: string) {
  mkdirSync(into, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${root}" archive "${commit}" apps packages package.json | tar -x -C "${into}"`]);
  mkdirSync(path.join(into, 'node_modules', '@facet'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '@facet') continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(into, 'node_modules', entry));
  }
  symlinkSync(path.join(into, 'apps/api'), path.join(into, 'node_modules/@facet/api'));
  symlinkSync(path.join(into, 'apps/web'), path.join(into, 'node_modules/@facet/web'));
  symlinkSync(path.join(into, 'packages/contracts'), path.join(into, 'node_modules/@facet/contracts'));
  for (const ws of ['apps/api', 'apps/web'])
    if (existsSync(path.join(root, ws, 'node_modules')))
      symlinkSync(path.join(root, ws, 'node_modules'), path.join(into, ws, 'node_modules'));
}

interface Store {
  child: ChildProcess;
  url: string;
  out: () => string;
}
const running: Store[] = [];

function startStore(tree: string, env: NodeJS.ProcessEnv, port: number) {
  return new Promise<Store>((resolve, reject) => {
    let out = '';
    const child = spawn(process.execPath, [path.join(tree, 'apps/api/src/server.ts')], {
      cwd: tree,
      env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const store = { child, url: `http://127.0.0.1:${port}`, out: () => out };
    running.push(store);
    const read = (d: Buffer) => {
      out += d;
      if (out.includes('Facet is open at')) resolve(store);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`store (${tree}) exited ${code}: ${out}`)));
  });
}

/** Adds a piece to a new cart and orders it through `store`; the answer's status and order number. */
async function order(store: Store, piece: number, email: string) {
  const session = { 'content-type': 'application/json', 'x-session-id': randomUUID(), origin: store.url };
  const added = await fetch(`${store.url}/api/cart/items`, {
    method: 'POST',
    headers: session,
    body: JSON.stringify({ kind: 'product', id: piece }),
  });
  expect(added.status, await added.clone().text()).toBe(200);
  const placed = await fetch(`${store.url}/api/order`, {
    method: 'POST',
    headers: { ...session, 'idempotency-key': randomUUID() },
    body: JSON.stringify(orderBody(email)),
  });
  const text = await placed.text();
  expect(placed.status, text).toBe(200);
  return (JSON.parse(text) as { data: { number: string } }).data.number;
}

let work: string;
let dbUrl: string;
let drop: () => Promise<void>;
let previous: string;
let newest: string;

beforeAll(async () => {
  // The newest migration, and the release just before it was added.
  newest = git('log', '-1', '--format=%H', '--diff-filter=A', '--', 'apps/api/drizzle/*.sql');
  previous = git('rev-parse', `${newest}^`);
  work = mkdtempSync(path.join(os.tmpdir(), 'facet-upgrade-'));
  checkOut(previous, path.join(work, 'previous'));
  const db = await throwawayDatabase(base, 'facet_upgrade');
  dbUrl = db.url;
  drop = db.drop;
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map(({ child }) => stopped(child)));
  await drop?.();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('an upgrade with a migration', () => {
  it('the previous release keeps taking orders while the new one migrates the database under it', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: dbUrl,
      SECRET_KEY: randomBytes(32).toString('base64'),
      CONCURRENCY: '1',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SEED_SCALE: '0.05',
      SHUTDOWN_DRAIN_MS: '0',
      // Both releases draw pages from the one storefront build here; what is tested is their API.
      WEB_BUILD_DIR: path.join(root, 'apps/web/build'),
    };
    // The previous release makes the database as it knew it.
    const old = await startStore(
      path.join(work, 'previous'),
      { ...env, DATA_DIR: path.join(work, 'a') },
      await freePort(),
    );
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const migrations = async () =>
        Number((await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n);
      const before = await migrations();
      const [piece] = (
        await client.query<{ id: number }>(
          `select p.id from product p join product_group g on g.id = p.group_id
            where not g.configurable and not g.stock_tracked order by p.id limit 1`,
        )
      ).rows;
      const first = await order(old, piece!.id, 'before-upgrade@example.com');
      // The new release starts beside it and applies its migrations while the old one serves.
      const fresh = await startStore(root, { ...env, DATA_DIR: path.join(work, 'b') }, await freePort());
      expect(await migrations(), `migrations added after ${previous.slice(0, 7)}`).toBeGreaterThan(before);
      // The old release, now on the new schema, still takes an order; so does the new one.
      const during = await order(old, piece!.id, 'during-upgrade@example.com');
      const after = await order(fresh, piece!.id, 'after-upgrade@example.com');
      const orders = (
        await client.query<{ number: string; subtotal: number; lines: number }>(
          `select o.number, o.subtotal_cents as subtotal,
             (select coalesce(sum(l.line_total_cents), 0)::int from order_line l where l.order_id = o.id) as lines
           from customer_order o where o.number = any($1) order by o.id`,
          [[first, during, after]],
        )
      ).rows;
      expect(orders.map((o) => o.number)).toEqual([first, during, after]);
      for (const o of orders) expect(o.lines, o.number).toBe(o.subtotal);
    } finally {
      await client.end();
    }
  }, 240_000);
});
