import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { importDiamondFeed } from './import-diamonds.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { CARAT_POINTS_ANY, COST_CENTS_ANY } from '@facet/contracts/admin-feeds';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HEADER =
  'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence,Lab,Certificate #,Measurements,Depth %,Table %,Price Per Carat,Availability';
const line = (stock: string, o: { carat?: string; color?: string; ppc?: number; avail?: string } = {}) =>
  `${stock},Round,${o.carat ?? '1.00'},${o.color ?? 'G'},VS1,EX,EX,EX,None,GIA,${(2_100_000_000 + Number(stock.replace(/\D/g, ''))).toString()},6.4x6.4x4.0,61.5,57,${o.ppc ?? 6000},${o.avail ?? 'G'}`;
const feed =
  (...rows: string[]) =>
  () =>
    Readable.from([Buffer.from([HEADER, ...rows].join('\n'))]);
const run = (rows: string[], o: { dryRun?: boolean; full?: boolean; supplier?: string } = {}) =>
  importDiamondFeed(t.database.db, feed(...rows), {
    supplier: o.supplier ?? 'ACME',
    dryRun: o.dryRun ?? false,
    full: o.full ?? false,
    batchSize: 2,
  });
const stone = async (stock: string, supplier = 'ACME') =>
  rowsOf<{ status: string; price: number; cost: number; color: string; serial: string; hold: string | null }>(
    await t.database.db
      .execute(sql`select d.status, d.price_cents as price, d.cost_cents as cost, d.color, d.serial, d.hold_reason as hold
      from diamond d join supplier s on s.id = d.supplier_id where s.code = ${supplier} and d.supplier_stock = ${stock}`),
  )[0];

describe('importing a supplier’s diamond feed', () => {
  it('a dry run reports and writes nothing; apply lists the stones priced by the markup; the same file again changes nothing', async () => {
    const rows = [line('S1'), line('S2', { ppc: 9000 }), line('S3', { color: 'Q' }), line('S4', { avail: 'NA' })];
    const dry = await run(rows, { dryRun: true });
    expect(dry).toMatchObject({ rows: 4, stones: 2, rowsWithErrors: 1, unlisted: 1, added: 2, dryRun: true });
    expect(await stone('S1')).toBeUndefined();

    const applied = await run(rows);
    expect(applied).toMatchObject({ added: 2, unchanged: 0 });
    // 6,000 × 1.00 ct = $6,000 cost; natural 1–3 ct × 1.3 = $7,800, a price ending in 0.
    expect(await stone('S1')).toMatchObject({ status: 'available', cost: 600_000, price: 780_000, serial: 'ACME-S1' });
    const [{ id }] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from diamond where serial = 'ACME-S1'`),
    ) as [{ id: number }];
    const detail = await t.app.inject({ method: 'GET', url: `/api/product/diamond?id=${id}` });
    expect(detail.json().data).toMatchObject({ serial: 'ACME-S1', priceCents: 780_000, status: 'available' });
    expect(detail.body, 'no cost in any storefront answer').not.toMatch(/cost|600000/i);
    await expect
      .poll(
        async () => {
          const d = (
            await t.app.inject({
              method: 'GET',
              url: '/api/diamond?shape=Round&caratMin=1&caratMax=1&priceMin=7800&priceMax=7800&pageSize=96',
            })
          ).json().data;
          return d.diamonds.map((x: { serial: string }) => x.serial);
        },
        { timeout: 3000 },
      )
      .toContain('ACME-S1');

    const again = await run(rows);
    expect(again).toMatchObject({ added: 0, priceChanged: 0, gradeChanged: 0, unchanged: 2, withdrawn: 0 });
  });

  it('price and grade changes are applied; stones that are sold or reserved are never touched, only listed', async () => {
    await run([line('P1'), line('P2'), line('P3')]);
    await t.database.db.execute(
      sql`update diamond set status = 'sold' where supplier_stock = 'P2' and supplier_id = (select id from supplier where code = 'ACME')`,
    );
    const r = await run([line('P1', { ppc: 7000 }), line('P2', { ppc: 1000 }), line('P3', { color: 'H' })]);
    expect(r).toMatchObject({ priceChanged: 1, gradeChanged: 1, lockedCount: 1 });
    expect(r.locked).toEqual([{ stock: 'P2', status: 'sold' }]);
    expect(await stone('P1')).toMatchObject({ cost: 700_000, price: 910_000 });
    expect(await stone('P2')).toMatchObject({ status: 'sold', cost: 600_000 });
    expect(await stone('P3')).toMatchObject({ color: 'H' });
  });

  it('a full feed withdraws what it no longer names; a delta does not; a stone that comes back is listed again', async () => {
    await run([line('W1'), line('W2'), line('W3')], { supplier: 'FULL' });
    const delta = await run([line('W1')], { supplier: 'FULL' });
    expect(delta.withdrawn).toBe(0);
    expect((await stone('W2', 'FULL'))!.status).toBe('available');

    const dry = await run([line('W1'), 'W2,Blob,1,G,VS1,EX,EX,EX,None,GIA,1,x,1,1,1,G'], {
      supplier: 'FULL',
      full: true,
      dryRun: true,
    });
    expect(dry.withdrawn, 'W3 only: W2 is named (with an error), so it stays').toBe(1);
    expect((await stone('W3', 'FULL'))!.status).toBe('available');
    await run([line('W1'), line('W2')], { supplier: 'FULL', full: true });
    expect(await stone('W3', 'FULL')).toMatchObject({ status: 'withdrawn', hold: 'feed:FULL' });

    const back = await run([line('W1'), line('W2'), line('W3')], { supplier: 'FULL', full: true });
    expect(back).toMatchObject({ withdrawn: 0 });
    expect(await stone('W3', 'FULL')).toMatchObject({ status: 'available', hold: null });
    // Marked NA by the supplier: off sale even in a delta feed.
    await run([line('W1', { avail: 'NA' })], { supplier: 'FULL' });
    expect((await stone('W1', 'FULL'))!.status).toBe('withdrawn');
  });
});

describe('markup rules in the back office', () => {
  const everyStone = {
    origin: 'any',
    caratMin: 0,
    caratMax: CARAT_POINTS_ANY,
    costMinCents: 0,
    costMaxCents: COST_CENTS_ANY,
  };
  it('previews on real stones, then saves and reprices the supplier stones on sale (not the sold ones)', async () => {
    await run([line('M1'), line('M2')], { supplier: 'MARK' });
    await t.database.db.execute(
      sql`update diamond set status = 'sold' where supplier_stock = 'M2' and supplier_id = (select id from supplier where code = 'MARK')`,
    );
    const manager = (await staffSession(t, 'manager')).cookie;
    const current = (await adminCall(t, manager, 'GET', '/markup-rules')).json().data.rules;
    expect(current.at(-1)).toMatchObject({ origin: 'any', multiplier: 1.4 });

    const rules = [{ ...everyStone, multiplier: 2, rounding: 'end-9' }];
    const preview = (await adminCall(t, manager, 'POST', '/markup-rules/preview', { rules })).json().data;
    const m1 = preview.find((p: { serial: string }) => p.serial === 'MARK-M1');
    expect(m1).toMatchObject({ costCents: 600_000, priceCents: 780_000, afterCents: 1_200_900 });
    expect((await stone('M1', 'MARK'))!.price, 'a preview saves nothing').toBe(780_000);

    const saved = await adminCall(t, manager, 'PUT', '/markup-rules', { rules });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.repriced).toBeGreaterThanOrEqual(1);
    expect((await stone('M1', 'MARK'))!.price).toBe(1_200_900);
    expect((await stone('M2', 'MARK'))!.price, 'sold at its price').toBe(780_000);
  });

  it('refuses rules that would sell under cost or leave stones without a price', async () => {
    const manager = (await staffSession(t, 'manager')).cookie;
    const under = await adminCall(t, manager, 'PUT', '/markup-rules', {
      rules: [{ ...everyStone, multiplier: 0.9, rounding: 'dollar' }],
    });
    expect(under.statusCode).toBe(400);
    expect(under.body).toMatch(/below 1 sells under cost/);
    const gap = await adminCall(t, manager, 'PUT', '/markup-rules', {
      rules: [{ ...everyStone, origin: 'lab', multiplier: 2, rounding: 'dollar' }],
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.body).toMatch(/last rule must cover every stone/);
  });
});
