import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDatabase } from './test/build-test-app.ts';
import { freePort, stopped } from './test/processes.ts';
import { orderBody } from './test/checkout.ts';

// The repository's Varnish configuration (deploy/varnish/facet.vcl, Varnish 7 with the xkey module
// from Debian) in front of two store processes on one PostgreSQL database, as a store on a busy
// weekend runs: pages and public answers come from Varnish, the instances purge it by tag when what
// a page shows changes, and nothing of one shopper's ever reaches another.

const base = process.env.DATABASE_URL;
if (!base) throw new Error('The Varnish suite needs DATABASE_URL (a PostgreSQL server); .ci/run provides one.');
const root = path.resolve(import.meta.dirname, '../../..');
if (!existsSync(path.join(root, 'apps/web/build/server/index.js')))
  throw new Error('The Varnish suite serves the storefront: run "npm run build" first.');
const VARNISHD = '/usr/sbin/varnishd';
if (!existsSync(VARNISHD))
  throw new Error(
    'The Varnish suite needs Varnish 7 and its modules: apt install varnish varnish-modules (.ci/run does).',
  );

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}
/** A request to Varnish; `from` picks the local address it comes from (loopback has them all). */
const request = (
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      url,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: false, localAddress: opts.from },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.end(opts.body);
  });

let front: string;
let env: NodeJS.ProcessEnv;
let ports: number[] = [];
const instances: Array<{ child: ChildProcess; url: string; out: () => string }> = [];
let varnish: ChildProcess;
let varnishOut = '';
let work: string;
let dropDatabase: () => Promise<void>;
let dbUrl: string;
const get = (p: string, headers: Record<string, string> = {}) => request(`${front}${p}`, { headers });

/** Starts the store on `port` (again, after a restart) and resolves once it says it is open. */
function startInstance(port: number) {
  return new Promise<void>((resolve, reject) => {
    let out = '';
    const child = spawn(process.execPath, [path.join(root, 'apps/api/src/server.ts')], {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const at = ports.indexOf(port);
    instances[at] = { child, url: `http://127.0.0.1:${port}`, out: () => out };
    const read = (d: Buffer) => {
      out += d;
      if (out.includes('Facet is open at')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`store exited ${code}: ${out}`)));
  });
}

beforeAll(async () => {
  const db = await throwawayDatabase(base, 'facet_varnish');
  dropDatabase = db.drop;
  dbUrl = db.url;
  work = mkdtempSync(path.join(os.tmpdir(), 'facet-varnish-'));
  const [frontPort, one, two] = [await freePort(), await freePort(), await freePort()];
  front = `http://127.0.0.1:${frontPort}`;
  env = {
    ...process.env,
    DATABASE_URL: db.url,
    DATA_DIR: work,
    SECRET_KEY: randomBytes(32).toString('base64'),
    CONCURRENCY: '1',
    HOST: '127.0.0.1',
    PUBLIC_URL: front,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_SCALE: '0.05',
    // Long enough for Varnish's probe (every 250 ms, out after three misses of four) to see "not
    // ready"; a slow answer on a busy machine (up to 2 s) is not a miss.
    SHUTDOWN_DRAIN_MS: '2000',
    TRUST_PROXY: '1',
    CACHE_PURGE_URLS: `${front}/`,
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_ORDER_MAX: '1000',
    PAGE_RATE_LIMIT_MAX: '100000',
  };
  // Both start at once on an empty database: one migrates and seeds, the other waits for it.
  ports = [one, two];
  await Promise.all(ports.map((port) => startInstance(port)));
  // The site's part of the configuration: these two instances, and who may purge (this machine's
  // 127.0.0.1, where the instances send from; the test also knocks from 127.0.0.2, which may not).
  writeFileSync(
    path.join(work, 'facet-backends.vcl'),
    `import directors;
probe ready { .url = "/api/health"; .interval = 250ms; .timeout = 2s; .window = 4; .threshold = 2; .initial = 2; }
backend one { .host = "127.0.0.1"; .port = "${one}"; .probe = ready; }
backend two { .host = "127.0.0.1"; .port = "${two}"; .probe = ready; }
acl facet_purgers { "127.0.0.1"; }
sub vcl_init { new facet = directors.round_robin(); facet.add_backend(one); facet.add_backend(two); }
sub facet_backend { set req.backend_hint = facet.backend(); }
`,
  );
  // -j none: no privilege separation, so it runs as whoever runs the tests (root in CI, or not).
  varnish = spawn(
    VARNISHD,
    [
      '-F',
      '-j',
      'none',
      '-n',
      path.join(work, 'varnish'),
      '-a',
      `127.0.0.1:${frontPort}`,
      '-T',
      'none',
      '-f',
      path.join(root, 'deploy/varnish/facet.vcl'),
      '-p',
      `vcl_path=${work}`,
      '-s',
      'malloc,256m',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  varnish.stdout!.on('data', (d) => (varnishOut += d));
  varnish.stderr!.on('data', (d) => (varnishOut += d));
  for (let waited = 0; (await get('/api/ping').catch(() => null))?.status !== 200; waited += 200) {
    if (waited > 30_000 || varnish.exitCode !== null) throw new Error(`Varnish did not start: ${varnishOut}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 240_000);

afterAll(async () => {
  varnish?.kill('SIGTERM');
  await Promise.all(instances.map(({ child }) => stopped(child)));
  await dropDatabase?.();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

/** Same-site links on a page that a crawler follows (the store's pages, not its files). */
const linksOf = (html: string) =>
  [...html.matchAll(/href="(\/[^"#]*)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .filter((href) => !/^\/(assets|api|favicon|dev|admin|account|login|register|cart|checkout)/.test(href));

describe('Varnish in front of two instances', () => {
  it('the configuration compiles as shipped, with the model list of instances', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-vcl-'));
    try {
      writeFileSync(
        path.join(dir, 'facet-backends.vcl'),
        readFileSync(path.join(root, 'deploy/varnish/backends.example.vcl'), 'utf8'),
      );
      const r = spawnSync(VARNISHD, [
        '-C',
        '-j',
        'none',
        '-n',
        path.join(dir, 'n'),
        '-f',
        path.join(root, 'deploy/varnish/facet.vcl'),
        '-p',
        `vcl_path=${dir}`,
      ]);
      expect(r.status, r.stderr.toString()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a second crawl from its cache', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    const pages = [
      '/',
      ...new Set([
        ...linksOf(home.text),
        '/diamonds',
        '/notable-gemstones/shop-by-stone-type',
        '/search?q=ring',
        '/return-policy',
        '/shipping-policy',
      ]),
    ].slice(0, 60);
    // A product and a diamond page, found as a shopper finds them.
    const products = JSON.parse((await get('/api/category/1301?pageSize=3')).text) as {
      data: { products: Array<{ href: string }> };
    };
    const stones = JSON.parse((await get('/api/diamond?origin=natural&sort=price-asc&pageSize=3')).text) as {
      data: { diamonds: Array<{ id: number; serial: string }> };
    };
    pages.push(
      ...products.data.products.map((p) => p.href),
      ...stones.data.diamonds.map((d) => `/diamond/${encodeURIComponent(d.serial)}/1700/${d.id}/${d.id}`),
      '/api/menu',
      '/api/category/1301?pageSize=3',
    );
    expect(pages.length).toBeGreaterThan(20);
    const crawl = async () => {
      const answers: Answer[] = [];
      for (const p of pages) answers.push(await get(p, { 'accept-encoding': 'gzip' }));
      return answers;
    };
    const first = await crawl();
    expect(first.filter((a) => a.status !== 200).map((a, i) => [pages[i], a.status])).toEqual([]);
    const second = await crawl();
    const hits = second.filter((a) => a.headers['x-cache'] === 'hit').length;
    expect(
      hits / second.length,
      second.map((a, i) => `${pages[i]} ${a.headers['x-cache']}`).join('\n'),
    ).toBeGreaterThanOrEqual(0.9);
    // The tags are the cache's own: a visitor never sees them.
    for (const a of second) expect(a.headers.xkey ?? a.headers['surrogate-key']).toBeUndefined();
    // A link from a campaign is the same kept page.
    const tagged = await get(`${products.data.products[0]!.href}?utm_source=mail&utm_campaign=holiday&gclid=x1`);
    expect(tagged.headers['x-cache']).toBe('hit');
  }, 120_000);

  it('shows a sold diamond within a second, and keeps what the sale did not change', async () => {
    const list = JSON.parse((await get('/api/diamond?origin=lab&sort=price-asc&pageSize=1')).text) as {
      data: { diamonds: Array<{ id: number; serial: string }> };
    };
    const d = list.data.diamonds[0]!;
    const page = `/diamond/${encodeURIComponent(d.serial)}/1700/${d.id}/${d.id}`;
    const policy = '/return-policy';
    await get(page);
    await get(policy);
    const kept = await get(page);
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.text).not.toContain('This diamond has been sold.');

    const session = { 'content-type': 'application/json', 'x-session-id': randomUUID(), origin: front };
    const added = await request(`${front}/api/cart/items`, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ kind: 'diamond', id: d.id }),
    });
    expect(added.status, added.text).toBe(200);
    const order = await request(`${front}/api/order`, {
      method: 'POST',
      headers: { ...session, 'idempotency-key': randomUUID() },
      body: JSON.stringify(orderBody('varnish@example.com')),
    });
    expect(order.status, order.text).toBe(200);
    const sold = Date.now();
    await expect
      .poll(async () => (await get(page)).text.includes('This diamond has been sold.'), {
        timeout: 1_000,
        interval: 50,
      })
      .toBe(true);
    expect(Date.now() - sold).toBeLessThan(1_000);
    // Purged by the stone's tags: a page that does not show stones stays kept.
    await new Promise((r) => setTimeout(r, 700));
    expect((await get(policy)).headers['x-cache']).toBe('hit');
  }, 60_000);

  it('never gives one shopper what is another’s', async () => {
    const list = JSON.parse((await get('/api/category/1301?pageSize=2')).text) as {
      data: { products: Array<{ id: number; groupId: number; href: string }> };
    };
    const shoppers = [randomUUID(), randomUUID()];
    const stones = JSON.parse((await get('/api/diamond?origin=natural&sort=price-desc&pageSize=2')).text) as {
      data: { diamonds: Array<{ id: number }> };
    };
    for (const [i, sid] of shoppers.entries()) {
      const r = await request(`${front}/api/cart/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': sid, origin: front },
        body: JSON.stringify({ kind: 'diamond', id: stones.data.diamonds[i]!.id }),
      });
      expect(r.status, r.text).toBe(200);
    }
    // Each asks for the cart many times, at once with the other.
    const asks = await Promise.all(
      Array.from({ length: 10 }, (_, n) => shoppers[n % 2]!).map(async (sid) => ({
        sid,
        answer: await get('/api/cart', { 'x-session-id': sid }),
      })),
    );
    for (const { sid, answer } of asks) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-cache']).toBe('pass');
      const mine = stones.data.diamonds[shoppers.indexOf(sid)]!.id;
      const theirs = stones.data.diamonds[1 - shoppers.indexOf(sid)]!.id;
      expect(answer.text).toContain(`"key":"diamond:${mine}"`);
      expect(answer.text).not.toContain(`"key":"diamond:${theirs}"`);
    }
    // A page with a per-answer nonce (the cart page) is never kept, nor is anything that sets a cookie.
    const cartPage = await get('/cart');
    expect(cartPage.headers['x-cache']).toBe('pass');
    expect(list.data.products.length).toBeGreaterThan(0);
  }, 60_000);

  it('takes purges only from the instances', async () => {
    const refused = await request(`${front}/`, { method: 'PURGE', headers: { xkey: 'store' }, from: '127.0.0.2' });
    expect(refused.status).toBe(403);
    await get('/shipping-policy');
    expect((await get('/shipping-policy')).headers['x-cache']).toBe('hit');
    const purged = await request(`${front}/`, { method: 'PURGE', headers: { xkey: 'store' } });
    expect(purged.status).toBe(200);
    expect((await get('/shipping-policy')).headers['x-cache']).toBe('miss');
    expect(varnishOut).not.toMatch(/Panic/);
  });

  it('restarts one instance, then the other, under shoppers browsing, adding to carts and ordering: nothing fails, no order is lost', async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const pieces = (
      await client.query<{ id: number }>(
        `select p.id from product p join product_group g on g.id = p.group_id
          where not g.configurable and not g.stock_tracked order by p.id limit 5`,
      )
    ).rows.map((r) => r.id);
    expect(pieces.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const placed: string[] = [];
    let requests = 0;
    let running = true;
    // One request as a shopper's browser makes it: a failure is any 5xx or a request that got no answer.
    const ask = async (what: string, url: string, opts: Parameters<typeof request>[1] = {}) => {
      requests++;
      try {
        const a = await request(`${front}${url}`, opts);
        if (a.status >= 500) failures.push(`${what} ${url}: ${a.status} ${a.text.slice(0, 120)}`);
        return a;
      } catch (err) {
        failures.push(`${what} ${url}: ${(err as Error).message}`);
        return null;
      }
    };
    const shopper = async (n: number) => {
      for (let round = 0; running; round++) {
        const session = { 'content-type': 'application/json', 'x-session-id': randomUUID(), origin: front };
        await ask('page', '/shipping-policy');
        // A page no one asked for before goes to an instance, not the cache.
        await ask('page', `/search?q=ring+${n}x${round}`);
        await ask('answer', `/api/category/1301?pageSize=3&page=${1 + (round % 3)}`);
        const added = await ask('add to cart', '/api/cart/items', {
          method: 'POST',
          headers: session,
          body: JSON.stringify({ kind: 'product', id: pieces[round % pieces.length] }),
        });
        await ask('cart', '/api/cart', { headers: { 'x-session-id': session['x-session-id'] } });
        if (added?.status !== 200 || round % 2) continue;
        const order = await ask('order', '/api/order', {
          method: 'POST',
          headers: { ...session, 'idempotency-key': randomUUID() },
          body: JSON.stringify(orderBody(`rolling-${n}-${round}@example.com`)),
        });
        if (order?.status === 200) placed.push((JSON.parse(order.text) as { data: { number: string } }).data.number);
        else if (order) failures.push(`order: ${order.status} ${order.text.slice(0, 200)}`);
      }
    };
    const shoppers = [0, 1, 2, 3].map(shopper);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const restarts: string[] = [];
    try {
      await sleep(1_500);
      // One instance at a time, as a rolling upgrade does: stopped (it drains), started again, then the next.
      for (const at of [0, 1]) {
        const before = requests;
        const exit = stopped(instances[at]!.child);
        // Not ready from the moment it starts draining, while it still answers.
        await expect
          .poll(async () => (await request(`${instances[at]!.url}/api/health`)).status, {
            timeout: 1_500,
            interval: 50,
          })
          .toBe(503);
        expect(await exit).toBe(0);
        await startInstance(ports[at]!);
        // Varnish takes it back once two probes in a row find it ready.
        await sleep(1_500);
        restarts.push(`instance ${at + 1}: ${requests - before} requests while it restarted`);
      }
      await sleep(1_000);
    } finally {
      running = false;
      await Promise.all(shoppers);
    }
    try {
      expect(failures, restarts.join('; ')).toEqual([]);
      expect(requests).toBeGreaterThan(200);
      expect(placed.length).toBeGreaterThan(10);
      // Every order answered is in the database whole: its lines add up to its subtotal and its
      // payment to its total.
      const orders = (
        await client.query<{ number: string; subtotal: number; lines: number; total: number; paid: number }>(
          `select o.number, o.subtotal_cents as subtotal, o.total_cents as total, o.paid_cents as paid,
             (select coalesce(sum(l.line_total_cents), 0)::int from order_line l where l.order_id = o.id) as lines
           from customer_order o where o.number = any($1)`,
          [placed],
        )
      ).rows;
      expect(orders.map((o) => o.number).sort()).toEqual([...placed].sort());
      for (const o of orders) {
        expect(o.lines, o.number).toBe(o.subtotal);
        expect(o.paid, o.number).toBe(o.total);
      }
    } finally {
      await client.end();
    }
  }, 180_000);

  it('never hands out the instances’ figures, though they answer this machine', async () => {
    expect((await request(`${front}/metrics`)).status).toBe(404);
    expect((await request(`${front}/metrics?x=1`)).status).toBe(404);
  });
});
