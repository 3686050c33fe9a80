import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { importDiamondFeed } from '../feeds/index.ts';

// A diamond the store bought itself, entered by hand: on sale at once, priced by hand or by the
// markup rules, and never changed by a supplier's feed.

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

let report = 7_300_000_000;
const stone = (extra: object = {}) => ({
  origin: 'natural',
  shape: 'Oval',
  carat: 1.73,
  color: 'F',
  clarity: 'VS1',
  cut: 'Excellent',
  polish: 'Excellent',
  symmetry: 'Very Good',
  fluorescence: 'Faint',
  lengthMm: 9.61,
  widthMm: 6.52,
  depthMm: 4.05,
  depthPct: 62.1,
  tablePct: 58,
  lab: 'GIA',
  certificate: String(report++),
  priceCents: 1_234_500,
  costCents: 900_000,
  videoUrl: null,
  memoFrom: 'Haddad & Sons, 47th St',
  status: 'available',
  holdReason: null,
  ...extra,
});
const add = (body: object) => adminCall(t, manager, 'POST', '/stones/diamonds', body);
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}` });
const searchSerials = async (q: string) =>
  (await get(`/diamond?${q}&pageSize=96`)).json().data.diamonds.map((d: { serial: string }) => d.serial);

describe('a diamond by hand', () => {
  it('is on sale at once: its page, the diamond search and the sitemap; its cost is never shown', async () => {
    const res = await add(stone());
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d.serial).toMatch(/^NDH\d+$/);
    expect(d).toMatchObject({ retailCents: 1_234_500, currentStatus: 'available', supplier: null });
    const page = await get(`/product/diamond?id=${d.id}`);
    expect(page.json().data).toMatchObject({
      serial: d.serial,
      priceCents: 1_234_500,
      carat: 1.73,
      certificate: d.stone.certificate,
    });
    expect(page.body).not.toMatch(/900000|Haddad/);
    await expect
      .poll(() => searchSerials('shape=Oval&caratMin=1.73&caratMax=1.73&priceMin=12345&priceMax=12345'), {
        timeout: 2000,
      })
      .toContain(d.serial);
    const sitemap = (await get('/sitemap/entries?kind=diamonds&file=1&offset=0&limit=5000')).json().data;
    expect(JSON.stringify(sitemap)).toContain(`/${d.id}/${d.id}`);
  });

  it('priced by the markup rules from its cost when no price is given', async () => {
    const res = await add(
      stone({ priceCents: null, costCents: 600_000, carat: 1, lengthMm: 6.4, widthMm: 6.4, shape: 'Round' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    // The seeded rules: natural 1–3 ct × 1.3, a price ending in 0 ($7,800).
    expect(d.retailCents).toBe(780_000);
    expect(d.stone.priceCents).toBeNull();
  });

  it('refuses mistakes with a reason and keeps nothing; a report already listed is refused', async () => {
    const count = async () =>
      (await rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from diamond`)))[0]!.n;
    const before = await count();
    for (const [body, field] of [
      [stone({ carat: 0 }), 'carat'],
      [stone({ color: 'Z' }), 'color'],
      [stone({ certificate: '12' }), 'certificate'],
      [stone({ priceCents: null, costCents: null }), 'priceCents'],
      [stone({ status: 'held', holdReason: '' }), 'holdReason'],
      [stone({ videoUrl: 'javascript:alert(1)' }), 'videoUrl'],
    ] as const) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    const first = (await add(stone())).json().data;
    const twice = await add(stone({ certificate: first.stone.certificate }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain(first.serial);
    expect(await count()).toBe(before + 1);
  });

  it('held by hand stays off sale; an edit from a stale page is refused; edits are audited', async () => {
    const held = (await add(stone({ status: 'held', holdReason: 'Shown to Mrs Patel on Friday' }))).json().data;
    expect(held.currentStatus).toBe('held');
    expect((await get(`/product/diamond?id=${held.id}`)).json().data.status, 'not for sale').toBe('held');

    const edit = (version: string, s: object) =>
      adminCall(t, manager, 'PUT', `/stones/diamonds/${held.id}`, { version, stone: s });
    const ok = await edit(held.version, {
      ...held.stone,
      status: 'available',
      holdReason: null,
      priceCents: 1_199_000,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ currentStatus: 'available', retailCents: 1_199_000 });
    const stale = await edit(held.version, { ...held.stone, priceCents: 999_000 });
    expect(stale.statusCode).toBe(409);
    const owner = (await staffSession(t, 'owner')).cookie;
    const audit = (await adminCall(t, owner, 'GET', '/audit?entity=diamond')).json().data.rows;
    expect(audit[0]).toMatchObject({ action: 'stone.edit', entityId: held.serial });
    expect(audit[0].after.priceCents).toBe(1_199_000);
  });

  it('a supplier feed never touches it, even one listing the same report as a full feed', async () => {
    const mine = (await add(stone({ shape: 'Round', carat: 1.01, lengthMm: 6.4, widthMm: 6.4 }))).json().data;
    const header =
      'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence,Lab,Certificate #,Measurements,Depth %,Table %,Price Per Carat,Availability';
    const row = `Z1,Round,1.01,H,SI1,EX,EX,EX,None,GIA,${mine.stone.certificate},6.4x6.4x4.0,61.5,57,3000,G`;
    await importDiamondFeed(t.database.db, () => Readable.from([Buffer.from(`${header}\n${row}`)]), {
      supplier: 'HANDTEST',
      dryRun: false,
      full: true,
      batchSize: 10,
    });
    const after = (await adminCall(t, manager, 'GET', `/stones/diamonds/${mine.id}`)).json().data;
    expect(after.stone).toEqual(mine.stone);
    expect(after).toMatchObject({ currentStatus: 'available', retailCents: mine.retailCents, version: mine.version });
  });

  it('a supplier stone cannot be edited here (its feed would undo it)', async () => {
    const [feedStone] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from diamond where supplier_id is not null and status = 'available' limit 1`,
      ),
    );
    if (!feedStone) return expect(feedStone, 'the previous test listed a supplier stone').toBeDefined();
    const d = (await adminCall(t, manager, 'GET', `/stones/diamonds/${feedStone.id}`)).json().data;
    const res = await adminCall(t, manager, 'PUT', `/stones/diamonds/${feedStone.id}`, {
      version: d.version,
      stone: { ...d.stone, priceCents: d.retailCents, memoFrom: null, status: 'available', holdReason: null },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/HANDTEST/);
  });
});
