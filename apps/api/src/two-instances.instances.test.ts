import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { openDatabase, rowsOf, type Database } from './db/client.ts';
import { startSmtp, type TestSmtp } from './test/smtp.ts';
import { throwawayDatabase } from './test/build-test-app.ts';
import { addStaff } from './modules/staff/service.ts';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { importProductFeed, importWaitingDesigns } from './modules/feeds/import-products.ts';
import { setCategoryMapping } from './modules/feeds/category-mappings.ts';
import { postgresMediaStore } from './modules/media-store/index.ts';
import { sendCartReminders, sendDateNotes } from './modules/reminders/index.ts';
import { StoreSettingsCopy } from './modules/settings/index.ts';
import type { MailOutbox } from './modules/mail/index.ts';

// Two API processes on one PostgreSQL database, as behind a load balancer: every write made
// through one is seen by the other within a second; sessions, carts, throttles and the outbox
// hold whichever instance a request lands on. Needs DATABASE_URL (CI starts a server).

const base = process.env.DATABASE_URL;
if (!base) throw new Error('The two-instance suite needs DATABASE_URL (a PostgreSQL server); .ci/run provides one.');

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}
let a: Instance, b: Instance;
let c: Instance | undefined;
let baseEnv: Record<string, string>;
let database: Database;
let smtp: TestSmtp;
let dropDatabase: () => Promise<void>;
// A webhook receiver the instances may post to over http (FEED_FETCH_ALLOW), counting what arrives.
const hooksGot: Array<{ eventId: string; body: string }> = [];
let hooks: Server;

async function start(env: Record<string, string>): Promise<Instance> {
  let out = '';
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'test/instance.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /LISTENING (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`instance exited ${code}: ${out}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => out };
}

beforeAll(async () => {
  const { url: dbUrl, drop } = await throwawayDatabase(base, 'facet_two');
  dropDatabase = drop;
  smtp = await startSmtp();
  hooks = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hooksGot.push({ eventId: String(req.headers['facet-event-id']), body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  const env = {
    FEED_FETCH_ALLOW: `127.0.0.1:${(hooks.address() as AddressInfo).port}`,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'silent',
    SEED_SCALE: '0.05',
    NODE_ENV: 'test',
    SMTP_URL: smtp.url,
    MAIL_RETRY_BASE_MS: '100',
    RATE_LIMIT_AUTH_MAX: '6',
    RATE_LIMIT_FORM_MAX: '1000',
    RATE_LIMIT_MAX: '100000',
    PUBLIC_URL: 'http://store.example',
    // Both instances look for instalments due twice a second: they race for every one.
    PLAN_SWEEP_MS: '500',
    // A's worker looks for left carts twice a second (the test process races it, see below).
    REMINDER_SWEEP_MS: '500',
  };
  // Both start at once on an empty database: one migrates and seeds, the other waits and finds it done.
  // B takes no background jobs, so the import test knows which instance runs an import.
  baseEnv = env;
  [a, b] = await Promise.all([start(env), start({ ...env, JOB_WORKERS: '0' })]);
  database = await openDatabase(loadConfig({ DATABASE_URL: dbUrl, LOG_LEVEL: 'silent' }));
  expect((await q<{ n: number }>(sql`select count(*)::int as n from category`))[0]!.n).toBeGreaterThan(0);
  expect(
    (
      await q<{ n: number }>(
        sql`select count(*)::int as n from (select serial from diamond group by serial having count(*) > 1) d`,
      )
    )[0]!.n,
  ).toBe(0);
}, 180_000);

afterAll(async () => {
  await new Promise((r) => hooks?.close(r));
  for (const i of [a, b, c])
    if (i && i.child.exitCode === null && i.child.signalCode === null) {
      i.child.kill('SIGTERM');
      await new Promise((r) => i.child.once('exit', r));
    }
  await smtp?.close();
  await database?.close();
  await dropDatabase?.();
});

const call = async (i: Instance, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${i.url}/api${p}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
/** Polls `check` until it holds, for at most `ms`; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

/** The owner's back-office session, signed in once for the tests that need it (sign-ins are limited). */
let owner: Promise<{ cookie: string; origin: string }> | undefined;
const ownerSession = () =>
  (owner ??= (async () => {
    await addStaff(
      database.db,
      { email: 'twin.owner@facet.test', role: 'owner', password: 'Loupe-and-Tweezers-42' },
      null,
    );
    const origin = 'http://store.example';
    const login = await fetch(`${a.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'twin.owner@facet.test', password: 'Loupe-and-Tweezers-42' }),
    });
    return { cookie: login.headers.get('set-cookie')!.split(';')[0]!, origin };
  })());

async function signUp(i: Instance, email: string) {
  const reg = await call(i, 'POST', '/user/register', {
    firstName: 'Twin',
    lastName: 'Test',
    email,
    password: 'Brilliant$Cut2026',
  });
  expect(reg.status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && /verification code/.test(m.subject));
  const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;
  // Verified on the other instance: the ticket is in PostgreSQL, not in a process.
  const ver = await call(
    i === a ? b : a,
    'POST',
    '/user/verify-otp',
    { otp: code },
    { authorization: `Bearer ${reg.body.data.token}` },
  );
  expect(ver.status).toBe(200);
  return ver.body.data.token as string;
}

/** A guest buys one diamond through instance `i`: answers the order's answer. */
async function buyDiamond(i: Instance, diamondId: number, email: string) {
  const s = randomUUID();
  expect((await call(i, 'POST', '/cart/items', { kind: 'diamond', id: diamondId }, { 'x-session-id': s })).status).toBe(
    200,
  );
  const placed = await call(
    i,
    'POST',
    '/order',
    {
      email,
      shippingMethod: 'standard',
      card: { name: 'T T', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      shippingAddress: {
        name: 'Twin Test',
        line1: '1 Main St',
        city: 'Albany',
        state: 'NY',
        zip: '12207',
        phone: '(518) 555-0100',
      },
    },
    { 'x-session-id': s, 'idempotency-key': randomUUID() },
  );
  expect(placed.status).toBe(200);
  return placed.body.data as { number: string };
}

describe('two API instances on one PostgreSQL', () => {
  it('a stone sold through one instance is gone from the other within 1 s (search, detail, cached answers)', async () => {
    const [d] = await q<{ id: number; shape: string }>(
      sql`select id, shape from diamond where status = 'available' order by price_cents desc limit 1`,
    );
    const search = `/diamond?shape=${d!.shape}&sort=price-desc`;
    // B has the stone in its cache and index.
    expect((await call(b, 'GET', search)).body.data.diamonds.some((x: { id: number }) => x.id === d!.id)).toBe(true);
    expect((await call(b, 'GET', `/product/diamond?id=${d!.id}`)).body.data.status).toBe('available');
    await buyDiamond(a, d!.id, 'twin@example.com');
    const ms = await within(1_000, async () => {
      const detail = await call(b, 'GET', `/product/diamond?id=${d!.id}`);
      const list = await call(b, 'GET', search);
      return detail.body.data.status === 'sold' && !list.body.data.diamonds.some((x: { id: number }) => x.id === d!.id);
    });
    expect(ms).toBeLessThan(1_000);
  });

  it('staff sessions hold on either instance, and a cancellation on one puts the stone back on sale on the other within 1 s', async () => {
    const [d] = await q<{ id: number; shape: string }>(
      sql`select id, shape from diamond where status = 'available' order by price_cents desc limit 1`,
    );
    const { number } = await buyDiamond(a, d!.id, 'twin.cancel@example.com');
    const origin = { origin: 'http://store.example' };
    // The owner's one session: sign-ins from this machine are limited (RATE_LIMIT_AUTH_MAX).
    const { cookie } = await ownerSession();
    // Signed in on A, served by B: the session is in PostgreSQL.
    const order = await call(b, 'GET', `/admin/orders/${number}`, undefined, { cookie });
    expect(order.status).toBe(200);
    const search = `/diamond?shape=${d!.shape}&sort=price-desc`;
    expect((await call(b, 'GET', `/product/diamond?id=${d!.id}`)).body.data.status).toBe('sold');
    const cancel = await call(
      b,
      'POST',
      `/admin/orders/${number}/cancel`,
      { version: order.body.data.version, reason: 'Customer changed their mind', refund: true },
      { cookie, ...origin },
    );
    expect(cancel.status).toBe(200);
    const ms = await within(1_000, async () => {
      const detail = await call(a, 'GET', `/product/diamond?id=${d!.id}`);
      const list = await call(a, 'GET', search);
      return (
        detail.body.data.status === 'available' && list.body.data.diamonds.some((x: { id: number }) => x.id === d!.id)
      );
    });
    expect(ms).toBeLessThan(1_000);
  });

  it('a price changed in the database (a staff edit, an import) shows on both instances within 1 s', async () => {
    const [p] = await q<{ group_id: number; id: number; price_cents: number }>(
      sql`select group_id, id, price_cents from product where group_id in (select id from product_group where not configurable) order by id limit 1`,
    );
    const url = `/product/product?groupId=${p!.group_id}&productId=${p!.id}`;
    for (const i of [a, b]) expect((await call(i, 'GET', url)).status).toBe(200);
    const [d] = await q<{ id: number; price_cents: number }>(
      sql`select id, price_cents from diamond where status = 'available' order by id limit 1`,
    );
    for (const i of [a, b])
      expect((await call(i, 'GET', `/product/diamond?id=${d!.id}`)).body.data.priceCents).toBe(d!.price_cents);
    await database.db.execute(sql`update product set price_cents = price_cents + 12345 where id = ${p!.id}`);
    await database.db.execute(sql`update diamond set price_cents = price_cents + 100 where id = ${d!.id}`);
    await within(1_000, async () => {
      for (const i of [a, b]) {
        const detail = (await call(i, 'GET', url)).body.data;
        const variant = detail.variants.find((v: { id: number }) => v.id === p!.id);
        if (variant.priceCents !== p!.price_cents + 12345) return false;
        if ((await call(i, 'GET', `/product/diamond?id=${d!.id}`)).body.data.priceCents !== d!.price_cents + 100)
          return false;
      }
      return true;
    });
  });

  it('a staff edit and unpublish on one instance reach the listing, suggestions and page of the other within 1 s', async () => {
    const [g] = await q<{ id: number; category_id: number; description: string }>(
      sql`select id, category_id, description from product_group where published order by featured desc, id limit 1`,
    );
    const listing = `/category/${g!.category_id}?pageSize=96`;
    const onListing = async (i: Instance, name: string) => {
      const d = (await call(i, 'GET', listing)).body.data;
      return d.products.some(
        (p: { groupId: number; GroupDescription: string }) => p.groupId === g!.id && p.GroupDescription === name,
      );
    };
    expect(await onListing(b, g!.description)).toBe(true);
    const origin = { origin: 'http://store.example' };
    // The owner's one session: sign-ins from this machine are limited (RATE_LIMIT_AUTH_MAX).
    const { cookie } = await ownerSession();
    const { version } = (await call(a, 'GET', `/admin/products/${g!.id}`, undefined, { cookie })).body.data;
    const name = 'Twin Instance Heirloom Band';
    const edit = await call(
      a,
      'PATCH',
      `/admin/products/${g!.id}`,
      { version, description: name },
      { cookie, ...origin },
    );
    expect(edit.status).toBe(200);
    const shown = await within(1_000, async () => {
      const suggest = (await call(b, 'GET', `/stuller/fetch-auto-complete?q=${encodeURIComponent('Twin Instance')}`))
        .body.data;
      const page = (await call(b, 'GET', `/product/product?groupId=${g!.id}`)).body.data;
      return (
        (await onListing(b, name)) &&
        page.GroupDescription === name &&
        suggest.some((x: { Id: number }) => x.Id === g!.id)
      );
    });
    expect(shown).toBeLessThan(1_000);

    const off = await call(
      a,
      'PATCH',
      `/admin/products/${g!.id}`,
      { version: version + 1, published: false },
      { cookie, ...origin },
    );
    expect(off.status).toBe(200);
    const gone = await within(1_000, async () => {
      const page = await call(b, 'GET', `/product/product?groupId=${g!.id}`);
      return page.status === 404 && !(await onListing(b, name));
    });
    expect(gone).toBeLessThan(1_000);
    await call(
      a,
      'PATCH',
      `/admin/products/${g!.id}`,
      { version: version + 2, published: true },
      { cookie, ...origin },
    );
  });

  it('a design placed first in its category and into a collection on one instance is listed so on the other within 1 s', async () => {
    const [home] = await q<{ id: number }>(
      sql`select category_id as id from product_group where published group by category_id having count(*) >= 3 order by category_id limit 1`,
    );
    const [last] = await q<{ id: number }>(
      sql`select id from product_group where published and category_id = ${home!.id} order by featured, id desc limit 1`,
    );
    const [other] = await q<{ id: number }>(
      sql`select id from category where id <> ${home!.id} and parent_id is not null and not hidden order by id limit 1`,
    );
    const ids = async (i: Instance, category: number) =>
      (await call(i, 'GET', `/category/${category}?pageSize=96`)).body.data.products.map(
        (p: { groupId: number }) => p.groupId,
      );
    expect((await ids(b, home!.id))[0]).not.toBe(last!.id);
    const { cookie, origin } = await ownerSession();
    for (const category of [home!.id, other!.id]) {
      const put = await call(
        a,
        'PUT',
        `/admin/categories/${category}/arrangement`,
        { groupIds: [last!.id] },
        { cookie, origin },
      );
      expect(put.status).toBe(200);
    }
    const shown = await within(1_000, async () => {
      const [first] = await ids(b, home!.id);
      return first === last!.id && (await ids(b, other!.id)).includes(last!.id);
    });
    expect(shown).toBeLessThan(1_000);
  });

  it('a ring and a diamond made by hand on one instance, and a category hidden there, reach the other within 1 s', async () => {
    const origin = { origin: 'http://store.example' };
    // The owner's one session: sign-ins from this machine are limited (RATE_LIMIT_AUTH_MAX).
    const { cookie } = await ownerSession();
    const staff = { cookie, ...origin };
    const [cat] = await q<{ id: number }>(sql`select id from category where parent_id is not null order by id limit 1`);
    const name = `Twin Made Signet ${randomUUID().slice(0, 6)}`;
    const made = await call(
      a,
      'POST',
      '/admin/products',
      {
        name,
        longDescription: 'A signet ring made by hand in the back office of one instance of the store.',
        categoryId: cat!.id,
        kind: 'ring',
        metals: ['14KY', 'PLAT'],
        sizes: [7],
        pricing: { mode: 'fixed', priceCents: 150_000 },
        stock: { mode: 'on-hand', quantity: 2, shipsInDays: 2 },
      },
      staff,
    );
    expect(made.status).toBe(201);
    const p = made.body.data;
    await call(a, 'PATCH', `/admin/products/${p.id}`, { version: p.version, published: true }, staff);
    const diamond = await call(
      a,
      'POST',
      '/admin/stones/diamonds',
      {
        origin: 'lab',
        shape: 'Pear',
        carat: 2.02,
        color: 'D',
        clarity: 'VS2',
        cut: 'Excellent',
        polish: 'Excellent',
        symmetry: 'Excellent',
        fluorescence: 'None',
        lengthMm: 11.2,
        widthMm: 7.1,
        depthMm: 4.4,
        depthPct: 62,
        tablePct: 58,
        lab: 'IGI',
        certificate: `LG${Date.now().toString().slice(-9)}`,
        priceCents: 310_000,
        costCents: null,
        videoUrl: null,
        memoFrom: null,
        status: 'available',
        holdReason: null,
      },
      staff,
    );
    expect(diamond.status).toBe(201);
    const serial = diamond.body.data.serial as string;
    const seen = await within(1_000, async () => {
      const listing = (await call(b, 'GET', `/category/${cat!.id}?pageSize=96&sort=newest`)).body.data;
      const search = (await call(b, 'POST', '/product/search-product', { data: name, page: 1, pageSize: 10 })).body
        .data;
      const stones = (await call(b, 'GET', '/diamond?origin=lab&shape=Pear&caratMin=2.02&caratMax=2.02&pageSize=96'))
        .body.data;
      const sitemap = JSON.stringify(
        (await call(b, 'GET', '/sitemap/entries?kind=products&file=1&offset=0&limit=5000')).body.data,
      );
      return (
        listing.products.some((x: { groupId: number }) => x.groupId === p.id) &&
        search.products.some((x: { groupId: number }) => x.groupId === p.id) &&
        stones.diamonds.some((d: { serial: string }) => d.serial === serial) &&
        sitemap.includes(`/${p.id}/`)
      );
    });
    expect(seen).toBeLessThan(1_000);

    const category = (await call(a, 'GET', `/admin/categories`, undefined, { cookie })).body.data.categories.find(
      (c: { id: number }) => c.id === cat!.id,
    );
    const hid = await call(
      a,
      'PATCH',
      `/admin/categories/${cat!.id}`,
      { version: category.version, hidden: true },
      staff,
    );
    expect(hid.status).toBe(200);
    const hidden = await within(1_000, async () => {
      const menu = JSON.stringify((await call(b, 'GET', '/menu')).body.data);
      return (
        (await call(b, 'GET', `/category/${cat!.id}`)).status === 404 && !menu.includes(`"categoryId":${cat!.id},`)
      );
    });
    expect(hidden).toBeLessThan(1_000);
    await call(a, 'PATCH', `/admin/categories/${cat!.id}`, { version: category.version + 1, hidden: false }, staff);
  });

  it('a stone’s photograph and report uploaded through one instance show on the other’s page within 1 s; the files are served by both', async () => {
    const staff = await ownerSession();
    const [d] = await q<{ id: number }>(
      sql`select id from diamond where status = 'available' and lab not in ('GIA', 'IGI') order by id desc limit 1`,
    );
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#e6ecf0' } })
      .jpeg()
      .toBuffer();
    form.append('alt', 'Twin photograph');
    form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'twin.jpg');
    const up = await fetch(`${a.url}/api/admin/stones/diamond/${d!.id}/photos`, {
      method: 'POST',
      headers: staff,
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n% twin report\n%%EOF\n');
    const report = await fetch(`${a.url}/api/admin/stones/diamond/${d!.id}/report?filename=twin.pdf`, {
      method: 'PUT',
      headers: { ...staff, 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(report.status).toBe(200);
    const page = async () => (await call(b, 'GET', `/product/diamond?id=${d!.id}`)).body.data;
    expect(
      await within(1_000, async () => {
        const p = await page();
        return p.photos.some((x: { alt: string }) => x.alt === 'Twin photograph') && p.report?.kind === 'document';
      }),
    ).toBeLessThan(1_000);
    const shown = (await page()).photos.find((x: { alt: string }) => x.alt === 'Twin photograph');
    for (const i of [a, b]) {
      const avif = await fetch(`${i.url}${shown.srcSet.avif.split(' ')[0]}`);
      expect(avif.headers.get('content-type')).toBe('image/avif');
      expect(Buffer.from(await (await fetch(`${i.url}/api/media/report/diamond-${d!.id}.pdf`)).arrayBuffer())).toEqual(
        pdf,
      );
    }
  });

  it('a return asked through one instance is worked through the other; the stone it sends back is on sale on both within 1 s', async () => {
    const [d] = await q<{ id: number }>(
      sql`select id from diamond where status = 'available' order by price_cents desc limit 1 offset 3`,
    );
    const placed = (await buyDiamond(a, d!.id, 'twin.return@example.com')) as { number: string; accessToken: string };
    // Signed in once (the sign-in limit is the suite's), served by B.
    const staff = await ownerSession();
    for (const status of ['in_production', 'ready_to_ship', 'shipped', 'delivered']) {
      const o = await call(b, 'GET', `/admin/orders/${placed.number}`, undefined, staff);
      const res = await call(
        b,
        'POST',
        `/admin/orders/${placed.number}/status`,
        {
          version: o.body.data.version,
          status,
          ...(status === 'shipped' ? { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : {}),
        },
        staff,
      );
      expect(res.status).toBe(200);
    }
    const token = `?token=${encodeURIComponent(placed.accessToken)}`;
    const asked = await call(a, 'POST', `/order/${placed.number}/returns${token}`, {
      lines: [{ line: 0, quantity: 1 }],
      reason: 'changed-mind',
      resolution: 'refund',
    });
    expect(asked.status).toBe(201);
    const rma = asked.body.data.returns[0].number as string;
    expect(
      await within(1_000, async () =>
        (await call(b, 'GET', '/admin/returns', undefined, staff)).body.data.rows.some(
          (r: { number: string }) => r.number === rma,
        ),
      ),
    ).toBeLessThan(1_000);
    const step = async (path: string, body: object) => {
      const now = await call(b, 'GET', `/admin/returns/${rma}`, undefined, staff);
      const res = await call(
        b,
        'POST',
        `/admin/returns/${rma}/${path}`,
        { version: now.body.data.version, ...body },
        staff,
      );
      expect(res.status).toBe(200);
    };
    await step('approve', { message: 'Send it back insured with the label we e-mail.' });
    expect(
      await within(
        1_000,
        async () =>
          ((await call(a, 'GET', `/order/${placed.number}/returns${token}`)).body.data.returns[0].status as string) ===
          'approved',
      ),
    ).toBeLessThan(1_000);
    await step('receive', {});
    await step('inspect', { condition: 'as-expected', restock: true, note: '' });
    const ms = await within(1_000, async () => {
      const detail = await call(a, 'GET', `/product/diamond?id=${d!.id}`);
      return detail.body.data.status === 'available';
    });
    expect(ms).toBeLessThan(1_000);
  });

  it('a quote sent through one instance holds its diamond on the other within 1 s; withdrawn there, it is on sale on both within 1 s', async () => {
    const session = await ownerSession();
    const staff = { cookie: session.cookie, origin: session.origin };
    const [d] = await q<{ id: number; serial: string }>(
      sql`select id, serial from diamond where status = 'available' and supplier_id is null order by id desc limit 1`,
    );
    const made = await call(
      a,
      'POST',
      '/admin/quotes',
      {
        email: 'twin.quote@example.com',
        address: {
          name: 'Twin Test',
          line1: '1 Main St',
          city: 'Albany',
          state: 'NY',
          zip: '12207',
          phone: '5185550100',
        },
        lines: [{ kind: 'stone', ref: d!.serial }],
        deposit: { kind: 'percent', percent: 30 },
        expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
      staff,
    );
    expect(made.status).toBe(201);
    const number = made.body.data.number as string;
    expect((await call(b, 'GET', `/product/diamond?id=${d!.id}`)).body.data.status).toBe('available');
    expect((await call(a, 'POST', `/admin/quotes/${number}/action`, { action: 'send' }, staff)).status).toBe(200);
    const held = await within(
      1_000,
      async () => (await call(b, 'GET', `/product/diamond?id=${d!.id}`)).body.data.status === 'held',
    );
    expect(held).toBeLessThan(1_000);
    // A shopper on B cannot take it.
    expect(
      (await call(b, 'POST', '/cart/items', { kind: 'diamond', id: d!.id }, { 'x-session-id': randomUUID() })).status,
    ).toBe(409);
    expect((await call(b, 'POST', `/admin/quotes/${number}/action`, { action: 'withdraw' }, staff)).status).toBe(200);
    const freed = await within(
      1_000,
      async () => (await call(a, 'GET', `/product/diamond?id=${d!.id}`)).body.data.status === 'available',
    );
    expect(freed).toBeLessThan(1_000);
  });

  it('a layaway instalment falling due is charged once, with both instances sweeping for it', async () => {
    const [d] = await q<{ id: number }>(
      sql`select id from diamond where status = 'available' and supplier_id is null and price_cents >= 150000
        order by id desc limit 1 offset 2`,
    );
    const session = randomUUID();
    expect(
      (await call(a, 'POST', '/cart/items', { kind: 'diamond', id: d!.id }, { 'x-session-id': session })).status,
    ).toBe(200);
    const placed = await call(
      b,
      'POST',
      '/order',
      {
        email: 'twin.layaway@example.com',
        shippingAddress: {
          name: 'Twin Layaway',
          company: '',
          line1: '1 Main St',
          line2: '',
          city: 'Albany',
          state: 'NY',
          zip: '12207',
          country: 'US',
          phone: '5185550100',
        },
        shippingMethod: 'standard',
        card: { name: 'Twin Layaway', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
        plan: 'layaway',
      },
      { 'x-session-id': session, 'idempotency-key': randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const number = placed.body.data.number as string;
    const first = placed.body.data.plan.instalments[0].amountCents as number;
    // Its first day comes (yesterday, on the store's calendar): both instances see it due.
    await database.db.execute(
      sql`update order_instalment set due_on = to_char(now() - interval '1 day', 'YYYY-MM-DD')
        where seq = 1 and order_id = (select id from customer_order where number = ${number})`,
    );
    const paid = async () =>
      (
        await q<{ n: number; cents: number }>(
          sql`select count(*)::int as n, coalesce(sum(p.amount_cents), 0)::int as cents from order_payment p
            join customer_order o on o.id = p.order_id where o.number = ${number} and p.kind = 'instalment'`,
        )
      )[0]!;
    await within(5_000, async () => (await paid()).n > 0);
    // Several more sweeps by both: still one charge, and the order's total paid says so.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await paid()).toEqual({ n: 1, cents: first });
    const [o] = await q<{ paid: number }>(sql`select paid_cents as paid from customer_order where number = ${number}`);
    expect(o!.paid).toBe(placed.body.data.plan.depositCents + first);
  });

  it('a left cart’s reminder is e-mailed once with passes racing on two processes; an unsubscribe on one is honoured by the other', async () => {
    // The test process runs passes too, as a second worker on the same database, while A's runs.
    const config = loadConfig({
      DATABASE_URL: process.env.DATABASE_URL!,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://store.example',
    });
    const deps = {
      db: database.db,
      config,
      settings: await StoreSettingsCopy.load(database.db, config),
      outbox: { kick: async () => {} } as unknown as MailOutbox,
    };
    const leftCart = async (email: string, offset: number) => {
      const session = randomUUID();
      const [d] = await q<{ id: number }>(
        sql`select id from diamond where status = 'available' order by id desc limit 1 offset ${offset}`,
      );
      expect(
        (await call(b, 'POST', '/cart/items', { kind: 'diamond', id: d!.id }, { 'x-session-id': session })).status,
      ).toBe(200);
      expect(
        (await call(b, 'PUT', '/cart/contact', { email, consent: true }, { 'x-session-id': session })).status,
      ).toBe(200);
      await database.db.execute(
        sql`update cart set updated_at = now() - interval '2 hours' where session_id = ${session}`,
      );
      await database.db.execute(
        sql`update cart_line set created_at = now() - interval '2 hours' where cart_id = (select id from cart where session_id = ${session})`,
      );
    };
    await leftCart('twin.left@example.com', 7);
    await Promise.all(Array.from({ length: 4 }, () => sendCartReminders(deps)));
    const mail = await smtp.waitFor((m) => m.to.includes('twin.left@example.com'));
    expect(mail.subject).toMatch(/Your cart at .+ is waiting/);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.received.filter((m) => m.to.includes('twin.left@example.com'))).toHaveLength(1);

    // The mail program's one-click unsubscribe lands on B; A, sweeping, writes nothing more to it.
    const oneClick = /\/api\/unsubscribe\/[^>\s]+/.exec(mail.raw)?.[0];
    expect(oneClick, 'List-Unsubscribe header').toBeTruthy();
    const res = await fetch(`${b.url}${oneClick}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    await leftCart('twin.left@example.com', 8);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(smtp.received.filter((m) => m.to.includes('twin.left@example.com'))).toHaveLength(1);
    expect(
      (
        await q<{ n: number }>(sql`select count(*)::int as n from cart_reminder where email = 'twin.left@example.com'`)
      )[0]!.n,
    ).toBe(1);

    // A note before a date: A's worker and four passes here, one e-mail.
    const token = await signUp(b, 'twin.dates@example.com');
    const auth = { authorization: `Bearer ${token}` };
    expect((await call(a, 'PUT', '/user/preferences', { marketing: true }, auth)).status).toBe(200);
    const [soon] = await q<{ day: string }>(
      sql`select to_char((now() at time zone ${config.STORE_TIMEZONE})::date + 14, 'YYYY-MM-DD') as day`,
    );
    const [, month, day] = soon!.day.split('-').map(Number);
    expect((await call(b, 'PUT', '/user/record', { dates: [{ kind: 'anniversary', month, day }] }, auth)).status).toBe(
      200,
    );
    await Promise.all(Array.from({ length: 4 }, () => sendDateNotes(deps)));
    await smtp.waitFor((m) => m.to.includes('twin.dates@example.com') && /anniversary/i.test(m.subject));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(
      smtp.received.filter((m) => m.to.includes('twin.dates@example.com') && /anniversary/i.test(m.subject)),
    ).toHaveLength(1);
  });

  it('the owner changes the free-shipping threshold and a shipping price on one instance; the other charges it within 1 s', async () => {
    const session = await ownerSession();
    const cookie = session.cookie;
    const origin = { origin: session.origin };
    const now = (await call(a, 'GET', '/admin/settings', undefined, { cookie })).body.data;
    const settings = {
      ...now.settings,
      freeShippingOverCents: 123_400,
      shipping: { ...now.settings.shipping, standard: { ...now.settings.shipping.standard, cents: 1_975 } },
    };
    const saved = await call(a, 'PUT', '/admin/settings', { version: now.version, settings }, { cookie, ...origin });
    expect(saved.status).toBe(200);
    const visitor = randomUUID();
    const seen = await within(1_000, async () => {
      const cart = (await call(b, 'GET', '/cart', undefined, { 'x-session-id': visitor })).body.data;
      const standard = cart.shippingOptions.find((o: { method: string }) => o.method === 'standard');
      return cart.freeShippingOverCents === 123_400 && standard.cents === 1_975;
    });
    expect(seen).toBeLessThan(1_000);
    // A policy sentence saved through A is what B serves within 1 s (twin.owner may edit pages too),
    // though B keeps the page's answer from a read before the save.
    expect((await call(b, 'GET', '/content/policies/return-policy')).status).toBe(200);
    const source = (await call(a, 'GET', '/admin/content/policies/return-policy', undefined, { cookie })).body.data;
    const page = {
      version: source.version,
      title: source.title,
      description: source.description,
      date: null,
      body: `${source.body}\n\nTwin instances honour returns within {{returnDays}} days.`,
    };
    expect((await call(a, 'PUT', '/admin/content/policies/return-policy', page, { cookie, ...origin })).status).toBe(
      200,
    );
    const read = await within(1_000, async () =>
      ((await call(b, 'GET', '/content/policies/return-policy')).body.data.html as string).includes(
        'Twin instances honour returns within',
      ),
    );
    expect(read).toBeLessThan(1_000);
    // Put it back for the tests after this one.
    const again = (await call(a, 'GET', '/admin/settings', undefined, { cookie })).body.data;
    expect(
      (
        await call(
          a,
          'PUT',
          '/admin/settings',
          { version: again.version, settings: now.settings },
          { cookie, ...origin },
        )
      ).status,
    ).toBe(200);
  });

  it('a sale made on one instance starts and ends on time on both, within 1 s of each moment', async () => {
    const origin = { origin: 'http://store.example' };
    // The owner's one session: sign-ins from this machine are limited (RATE_LIMIT_AUTH_MAX).
    const { cookie } = await ownerSession();
    const [g] = await q<{ id: number; productId: number; series: string }>(sql`
      select g.id, g.default_product_id as "productId", g.series from product_group g
      where g.published and not g.configurable order by g.id limit 1`);
    const api = `/product/product?groupId=${g!.id}&productId=${g!.productId}`;
    // Kept pages are dropped with kept answers (the storefront's cache follows the answer cache):
    // the cluster suite watches the pages themselves.
    const onSale = async (i: Instance) =>
      (await call(i, 'GET', api)).body.data.variants.find((v: { id: number }) => v.id === g!.productId).wasCents !==
      undefined;
    // Both instances keep the answer and the page before the sale starts.
    for (const i of [a, b]) expect(await onSale(i)).toBe(false);
    const startsAt = Date.now() + 2_500;
    const made = await call(
      a,
      'POST',
      '/admin/sales',
      {
        name: 'Twin sale',
        percent: 10,
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 2_500).toISOString(),
        categoryIds: [],
        designs: [g!.series],
        metals: [],
        active: true,
      },
      { cookie, ...origin },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await new Promise((r) => setTimeout(r, 1_000));
    for (const i of [a, b]) expect(await onSale(i)).toBe(false);
    await new Promise((r) => setTimeout(r, startsAt - Date.now()));
    for (const i of [a, b]) expect(await within(1_000, () => onSale(i))).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, Math.max(0, startsAt + 2_500 - Date.now())));
    for (const i of [a, b]) expect(await within(1_000, async () => !(await onSale(i)))).toBeLessThan(1_000);
  });

  it('a product feed imported beside the running store (as the CLI does) is listed and suggested on both instances within 1 s', async () => {
    const feed = readFileSync(path.resolve(import.meta.dirname, '../../../samples/feeds/stuller-products.json'));
    const open = () => Readable.from([feed]);
    const first = await importProductFeed(database.db, open, {
      media: postgresMediaStore(database.db),
      supplier: 'TWINP',
      dryRun: false,
    });
    expect(first).toMatchObject({ waiting: 2, added: 0 });
    const group = 'Round Solitaire Engagement Ring Mounting';
    await setCategoryMapping(database.db, { id: null, email: 'cli@facet.test' }, 'TWINP', {
      groupDescription: group,
      categoryId: 1501,
    });
    const placed = await importWaitingDesigns(database.db, {
      media: postgresMediaStore(database.db),
      supplier: 'TWINP',
      dryRun: false,
    });
    expect(placed).toMatchObject({ added: 1 });
    const listed = (i: Instance) =>
      call(i, 'GET', '/category/1501?pageSize=96&sort=newest').then((r) =>
        r.body.data.products.some(
          (p: { GroupDescription: string; priceCents: number }) => p.GroupDescription === group,
        ),
      );
    const shown = await within(1_000, async () => {
      const suggest = (
        await call(b, 'GET', `/stuller/fetch-auto-complete?q=${encodeURIComponent('Round Solitaire Engagement')}`)
      ).body.data;
      return (
        (await listed(a)) &&
        (await listed(b)) &&
        suggest.some((x: { Text?: string; Description?: string }) => JSON.stringify(x).includes(group))
      );
    });
    expect(shown).toBeLessThan(1_000);
  });

  it('sessions, sign-out and carts work whichever instance a request lands on', async () => {
    const token = await signUp(a, 'twin-session@example.com');
    const auth = { authorization: `Bearer ${token}` };
    expect((await call(b, 'GET', '/user', undefined, auth)).status).toBe(200);
    const [d] = await q<{ id: number }>(sql`select id from diamond where status = 'available' order by id limit 1`);
    expect((await call(a, 'POST', '/cart/items', { kind: 'diamond', id: d!.id }, auth)).status).toBe(200);
    expect((await call(b, 'GET', '/cart', undefined, auth)).body.data.count).toBe(1);
    const visitor = randomUUID();
    await call(
      b,
      'POST',
      '/cart/items',
      {
        kind: 'product',
        id: (
          await q<{ id: number }>(
            sql`select id from product where group_id in (select id from product_group where not configurable) order by id limit 1`,
          )
        )[0]!.id,
      },
      { 'x-session-id': visitor },
    );
    expect((await call(a, 'GET', '/cart', undefined, { 'x-session-id': visitor })).body.data.count).toBe(1);
    expect((await call(b, 'POST', '/user/logout', undefined, auth)).status).toBe(200);
    expect((await call(a, 'GET', '/user', undefined, auth)).status).toBe(401);
  });

  it('a wishlist, an appointment and a saved search hold across instances; the alert job runs once for both', async () => {
    const visitor = { 'x-session-id': randomUUID() };
    const [d1, d2] = await q<{ id: number }>(
      sql`select id from diamond where status = 'available' order by id desc limit 2`,
    );
    expect((await call(a, 'POST', '/wishlist/items', { kind: 'diamond', id: d1!.id }, visitor)).status).toBe(200);
    expect((await call(b, 'GET', '/wishlist', undefined, visitor)).body.data.count).toBe(1);

    // Both instances asked for one time at once: one booking, and the time is gone from both.
    const slots = (await call(b, 'GET', '/appointments/slots')).body.data;
    const time = slots.days[0].slots[0].startsAt as string;
    const booking = (email: string) => ({
      startsAt: time,
      kind: 'video',
      name: 'Twin Test',
      email,
      reason: 'Custom design',
    });
    const answers = await Promise.all([
      call(a, 'POST', '/appointments', booking('twin-a@example.com')),
      call(b, 'POST', '/appointments', booking('twin-b@example.com')),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    for (const i of [a, b]) {
      const free = (await call(i, 'GET', '/appointments/slots')).body.data.days.flatMap(
        (d: { slots: Array<{ startsAt: string }> }) => d.slots.map((x) => x.startsAt),
      );
      expect(free).not.toContain(time);
    }

    // A saved search through B; a matching stone's price cut (a staff edit, an import) is matched by
    // A's worker (B runs no jobs), once, and told in one digest.
    const token = await signUp(b, 'twin-alerts@example.com');
    const [stone] = await q<{ shape: string; carat: number; price: number }>(
      sql`select shape, carat_points as carat, price_cents as price from diamond where id = ${d2!.id}`,
    );
    const query = `shape=${stone!.shape}&caratMin=${stone!.carat / 100}&caratMax=${stone!.carat / 100}`;
    expect((await call(b, 'POST', '/saved-searches', { query }, { authorization: `Bearer ${token}` })).status).toBe(
      200,
    );
    await database.db.execute(sql`update diamond set price_cents = price_cents - 1000 where id = ${d2!.id}`);
    const mail = await smtp.waitFor((m) => m.to.includes('twin-alerts@example.com') && /Price cut/.test(m.subject));
    expect(mail.text).toContain(`/${d2!.id}/${d2!.id}`);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(
      smtp.received.filter((m) => m.to.includes('twin-alerts@example.com') && /Price cut/.test(m.subject)),
    ).toHaveLength(1);
  });

  it('the sign-in limit is one ceiling across both instances', async () => {
    const tries = [];
    for (let n = 0; n < 6; n++)
      tries.push(
        (await call(n % 2 ? b : a, 'POST', '/user/forget-password', { email: `nobody${n}@example.com` })).status,
      );
    expect(tries.every((s) => s === 200)).toBe(true);
    expect((await call(a, 'POST', '/user/forget-password', { email: 'x@example.com' })).status).toBe(429);
    expect((await call(b, 'POST', '/user/forget-password', { email: 'x@example.com' })).status).toBe(429);
  });

  it('the outbox sends each e-mail exactly once with both instances delivering', async () => {
    const before = smtp.received.length;
    const subjects = Array.from({ length: 24 }, (_, n) => `Twin message ${n} ${randomUUID().slice(0, 6)}`);
    await Promise.all(
      subjects.map((subject, n) =>
        call(n % 2 ? a : b, 'POST', '/contact-us', {
          name: 'Twin Test',
          // Its own sender each: the receipt carries none of the visitor's words, so it is known by its address.
          email: `twin${n}@example.com`,
          subject,
          message: 'Hello from one of two instances.',
        }),
      ),
    );
    // Each post writes two mails (store + receipt); wait for all, then a little longer for duplicates.
    // Only these posts' mails are counted: an earlier test's may still be on their way.
    const ours = () =>
      smtp.received
        .slice(before)
        .filter((m) => subjects.some((s, n) => m.subject.includes(s) || m.to.includes(`twin${n}@example.com`)));
    await within(15_000, async () => ours().length >= subjects.length * 2);
    await new Promise((r) => setTimeout(r, 1_500));
    const got = ours();
    expect(got.length).toBe(subjects.length * 2);
    subjects.forEach((s, n) => {
      expect(got.filter((m) => m.subject.includes(s)).length, s).toBe(1);
      expect(got.filter((m) => m.to.includes(`twin${n}@example.com`)).length, `receipt ${n}`).toBe(1);
    });
    const unsent = await q<{ n: number }>(sql`select count(*)::int as n from outbox_mail where sent_at is null`);
    expect(unsent[0]!.n).toBe(0);
  });

  it('each webhook event is posted once, with both instances sending', async () => {
    const origin = 'http://store.example';
    // The owner's one session: sign-ins from this machine are limited (RATE_LIMIT_AUTH_MAX).
    const { cookie } = await ownerSession();
    const made = await fetch(`${a.url}/api/admin/webhooks`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://${baseEnv.FEED_FETCH_ALLOW}/hook`, events: ['product.changed'] }),
    });
    expect(made.status).toBe(201);
    // Thirty designs changed in one write: thirty events, and both instances are told at once.
    await q(
      sql`update product_group set description = description where id in (select id from product_group order by id limit 30)`,
    );
    await within(15_000, async () => hooksGot.length >= 30);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(hooksGot).toHaveLength(30);
    expect(new Set(hooksGot.map((h) => h.eventId)).size).toBe(30);
    const left = await q<{ n: number }>(
      sql`select count(*)::int as n from webhook_delivery where state <> 'delivered'`,
    );
    expect(left[0]!.n).toBe(0);
  });

  // Last: it kills instance A.
  it('a feed uploaded through one instance is imported by a worker, and when its instance dies another takes it up and finishes it', async () => {
    const origin = 'http://store.example';
    // The owner's one session: sign-ins from this machine are limited (RATE_LIMIT_AUTH_MAX).
    const { cookie } = await ownerSession();
    const admin = (method: string, p: string, body?: Buffer | object) =>
      fetch(`${b.url}/api/admin${p}`, {
        method,
        headers: {
          cookie,
          origin,
          ...(body === undefined
            ? {}
            : { 'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json' }),
        },
        body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
      });
    const rows = 60_000;
    const lines = [
      'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence,Lab,Certificate #,Measurements,Depth %,Table %,Price Per Carat',
    ];
    for (let i = 0; i < rows; i++)
      lines.push(
        `TW${i},Round,${(0.5 + (i % 200) / 100).toFixed(2)},G,VS1,EX,EX,EX,None,GIA,${3_100_000_000 + i},6.4x6.4x4.0,61.5,57,5000`,
      );
    const file = Buffer.from(lines.join('\n'));
    // Uploaded through B (which takes no jobs): A's worker runs it.
    const created = await admin('POST', '/imports', {
      supplier: 'TWIN',
      kind: 'diamonds',
      dryRun: false,
      full: false,
      fileName: 'twin.csv',
      fileBytes: file.length,
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const PIECE = 4 * 1024 * 1024;
    for (let seq = 0; seq * PIECE < file.length; seq++)
      expect(
        (await admin('PUT', `/imports/${id}/pieces/${seq}`, file.subarray(seq * PIECE, (seq + 1) * PIECE))).status,
      ).toBe(204);
    expect((await admin('POST', `/imports/${id}/start`)).status).toBe(202);
    const run = async () =>
      (
        await q<{ state: string; rows_done: number }>(sql`select state, rows_done from import_run where id = ${id}`)
      )[0]!;
    await within(30_000, async () => (await run()).rows_done > 0);

    // A dies mid-import (no graceful stop: no chance to hand the job back).
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    expect((await run()).state).toBe('running');
    // A new instance (a restart) takes the job up once A's heartbeat is missed, and finishes it.
    c = await start(baseEnv);
    await within(150_000, async () => (await run()).state === 'done');
    const [report] = await q<{ report: { rows: number; rowsWithErrors: number } }>(
      sql`select report from import_run where id = ${id}`,
    );
    expect(report!.report).toMatchObject({ rows, rowsWithErrors: 0 });
    const [stones] = await q<{ n: number }>(
      sql`select count(*)::int as n from diamond d join supplier s on s.id = d.supplier_id where s.code = 'TWIN' and d.status = 'available'`,
    );
    expect(stones!.n).toBe(rows);
    // The storefront of the instance that took no part shows them.
    const listed = await call(b, 'GET', '/diamond?shape=Round&caratMin=0.5&caratMax=2.5&pageSize=1');
    expect(listed.status).toBe(200);
  }, 300_000);
});
