import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { CategoryMappings, ImportRun, ProductImportReportAnswer } from '@facet/contracts/admin-feeds';
import { rowsOf } from '../../db/client.ts';
import { CATEGORY } from '@facet/contracts/categories';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { checkProductFeed } from './product-feed.ts';
import { importProductFeed } from './import-products.ts';

// A supplier's product feed (Stuller's products API shape): checked product by product, groups
// with no category wait off the storefront until the manager places them, variants priced by the
// markup rules, images fetched under the SSRF rules and stored as the store's own photographs.

const sample = readFileSync(path.resolve(import.meta.dirname, '../../../../../samples/feeds/stuller-products.json'));
const feed = (products: unknown[], nextPage: string | null = null) =>
  Buffer.from(JSON.stringify({ Products: products, NextPage: nextPage }));
const open = (b: Buffer) => () => Readable.from([b]);

const product = (sku: string, o: Record<string, unknown> = {}) => ({
  SKU: sku,
  Series: sku.split(':')[0],
  GroupDescription: 'Bezel Pendant Mounting',
  Price: { Value: 100, CurrencyCode: 'USD' },
  Status: 'Available',
  OnHand: 3,
  Weight: 1.5,
  WeightUnitOfMeasure: 'GRAMS',
  DescriptiveElementGroup: { DescriptiveElements: [{ Name: 'Quality', Value: '14K Yellow' }] },
  ...o,
});

let png: Buffer;
const imageServer = http.createServer((req, res) => {
  if (req.url?.startsWith('/img/')) {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png);
  } else if (req.url?.startsWith('/redirect')) {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    res.end();
  } else {
    res.writeHead(404);
    res.end();
  }
});
let t: TestApp;
let manager: string;
let base: string;
beforeAll(async () => {
  png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#d4af37' } })
    .png()
    .toBuffer();
  await new Promise<void>((r) => imageServer.listen(0, '127.0.0.1', r));
  const port = (imageServer.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ FEED_FETCH_ALLOW: `127.0.0.1:${port}` }, { jobWorkers: true });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(async () => {
  await t.close();
  imageServer.close();
});

const fetchAllow = () => t.app.config.FEED_FETCH_ALLOW;
const design = async (supplier: string, series: string) =>
  rowsOf<{ id: number; published: boolean; heldReason: string | null; categoryId: number; photos: number }>(
    await t.database.db
      .execute(sql`select g.id, g.published, g.held_reason as "heldReason", g.category_id as "categoryId",
      (select count(*)::int from product_photo p where p.group_id = g.id) as photos
      from product_group g join supplier s on s.id = g.supplier_id where s.code = ${supplier} and g.supplier_series = ${series}`),
  )[0] ?? null;

describe('product feed: checking', () => {
  it('refuses each bad product on its own line, keeps the good ones, and refuses both copies of a repeated SKU', async () => {
    const check = await checkProductFeed(
      open(
        feed([
          product('100:1'),
          product('100:2', {
            DescriptiveElementGroup: { DescriptiveElements: [{ Name: 'Quality', Value: '10K Green' }] },
          }),
          product('100:3', { Price: { Value: 0 } }),
          product('100:4', { Status: 'Sleeping' }),
          product('100:5', { Images: [{ FullUrl: 'file:///etc/passwd' }] }),
          product('200:1'),
          product('200:1', {
            DescriptiveElementGroup: { DescriptiveElements: [{ Name: 'Quality', Value: '14K White' }] },
          }),
          product('300:1', { Weight: 2, WeightUnitOfMeasure: 'DWT' }),
        ]),
      ),
    );
    expect(check.products).toBe(8);
    expect(check.rowsWithErrors).toBe(6);
    expect(check.errors.map((e) => [e.line, e.column, e.reason])).toEqual([
      [2, 'Quality', 'metal quality "10K Green" is not one the store sells'],
      [3, 'Price.Value', 'price must be above 0'],
      [4, 'Status', 'unknown status'],
      [5, 'Images', 'image addresses must be http or https URLs'],
      [6, 'SKU', 'SKU 200:1 appears 2 times in this file'],
      [7, 'SKU', 'SKU 200:1 appears 2 times in this file'],
    ]);
    expect(check.designs.map((d) => [d.series, d.variants.map((v) => v.sku)])).toEqual([
      ['100', ['100:1']],
      ['300', ['300:1']],
    ]);
    // Pennyweights become grams.
    expect(check.designs[1]!.variants[0]!.weightG).toBe(3.1);
  });

  it('reads pages one after another and arrays of pages; a file that is not JSON is unusable', async () => {
    const two = Buffer.concat([feed([product('1:1')], 'p2'), Buffer.from('\n'), feed([product('2:1')])]);
    expect((await checkProductFeed(open(two))).designs).toHaveLength(2);
    const array = Buffer.from(JSON.stringify([{ Products: [product('1:1')] }, { Products: [product('2:1')] }]));
    expect((await checkProductFeed(open(array))).products).toBe(2);
    await expect(checkProductFeed(open(Buffer.from('SKU,Price\n1,2\n')))).rejects.toThrow(/not a product feed in JSON/);
    await expect(checkProductFeed(open(Buffer.from('{"NextPage":null}')))).rejects.toThrow(/No products/);
  });
});

describe('product feed: into the catalogue', () => {
  it('keeps new groups off the storefront until the manager places them; then lists them priced by the markup rules', async () => {
    const dry = await importProductFeed(t.database.db, open(sample), {
      media: t.app.media,
      supplier: 'STUL',
      dryRun: true,
    });
    expect(dry).toMatchObject({ products: 6, rowsWithErrors: 1, designs: 2, waiting: 2, added: 0 });
    expect(dry.errors[0]).toMatchObject({
      line: 6,
      reason: 'metal quality "Sterling Silver" is not one the store sells',
    });

    const first = await importProductFeed(t.database.db, open(sample), {
      media: t.app.media,
      supplier: 'STUL',
      dryRun: false,
    });
    expect(first).toMatchObject({ designs: 2, waiting: 2, added: 0 });
    expect(first.unmapped).toEqual([
      { groupDescription: 'Round Solitaire Engagement Ring Mounting', designs: 1 },
      { groupDescription: 'Lobster Clasp', designs: 1 },
    ]);
    expect(await design('STUL', '122804')).toBeNull();

    const list = (await adminCall(t, manager, 'GET', '/supplier-categories')).json().data as CategoryMappings;
    expect(
      list.mappings.filter((m) => m.supplier === 'STUL').map((m) => [m.groupDescription, m.categoryId, m.waiting]),
    ).toEqual([
      ['Lobster Clasp', null, 1],
      ['Round Solitaire Engagement Ring Mounting', null, 1],
    ]);
    const placed = await adminCall(t, manager, 'PUT', '/suppliers/STUL/categories', {
      groupDescription: 'Round Solitaire Engagement Ring Mounting',
      categoryId: CATEGORY.ringMountings,
    });
    expect(placed.statusCode).toBe(200);
    const runId = placed.json().data.runId as string;
    await expect
      .poll(async () => ((await adminCall(t, manager, 'GET', `/imports/${runId}`)).json().data as ImportRun).state, {
        timeout: 20_000,
      })
      .toBe('done');
    const ring = (await design('STUL', '122804'))!;
    expect(ring).toMatchObject({ published: true, categoryId: CATEGORY.ringMountings });

    // The shopper's product page: cost × 2, up to a price ending in 9; no cost anywhere in the answer.
    const page = await t.app.inject({ url: `/api/product/product?groupId=${ring.id}` });
    expect(page.statusCode).toBe(200);
    const detail = page.json().data;
    expect(
      detail.variants.map((v: { priceCents: number }) => v.priceCents).sort((a: number, b: number) => a - b),
    ).toEqual([82_900, 82_900, 258_900]);
    expect(page.body).not.toMatch(/cost/i);
    expect(detail.GroupDescription ?? detail.description).toMatch(/Round Solitaire Engagement Ring Mounting/);
    // The clasp's group still waits.
    expect(await design('STUL', '650210')).toBeNull();

    // The same file again changes nothing; a new price changes one design.
    const again = await importProductFeed(t.database.db, open(sample), {
      media: t.app.media,
      supplier: 'STUL',
      dryRun: false,
    });
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 1, waiting: 1 });
    const dearer = Buffer.from(sample.toString('utf8').replace('"Value": 412.35', '"Value": 450.00'));
    const changed = await importProductFeed(t.database.db, open(dearer), {
      media: t.app.media,
      supplier: 'STUL',
      dryRun: false,
    });
    expect(changed).toMatchObject({ changed: 1, unchanged: 0 });
  });

  it('fetches images once and stores them; refuses images at loopback or metadata addresses and keeps the design unpublished with why', async () => {
    await adminCall(t, manager, 'GET', '/suppliers');
    const good = product('500:1', {
      GroupDescription: 'Bezel Pendant Mounting',
      Images: [{ FullUrl: `${base}/img/500.png` }],
    });
    const loopback = product('501:1', {
      GroupDescription: 'Bezel Pendant Mounting',
      Images: [{ FullUrl: 'http://127.0.0.1:9/secret.png' }],
    });
    const metadata = product('502:1', {
      GroupDescription: 'Bezel Pendant Mounting',
      Images: [{ FullUrl: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' }],
    });
    const redirected = product('503:1', {
      GroupDescription: 'Bezel Pendant Mounting',
      Images: [{ FullUrl: `${base}/redirect` }],
    });
    const file = feed([good, loopback, metadata, redirected]);
    await importProductFeed(t.database.db, open(file), {
      media: t.app.media,
      supplier: 'IMGS',
      dryRun: false,
      fetchAllow: fetchAllow(),
    });
    await adminCall(t, manager, 'PUT', '/suppliers/IMGS/categories', {
      groupDescription: 'Bezel Pendant Mounting',
      categoryId: CATEGORY.pendantMountings,
    });
    // Placing the group queued a run; import the file again to see the report of this file directly.
    let report: ProductImportReportAnswer | undefined;
    await expect
      .poll(
        async () => {
          const runs = (await adminCall(t, manager, 'GET', '/imports')).json().data.runs as ImportRun[];
          report = runs.find((r) => r.supplier === 'IMGS' && r.state === 'done')?.productReport ?? undefined;
          return report?.added;
        },
        { timeout: 20_000 },
      )
      .toBe(4);
    expect(report!.imagesFetched).toBe(1);
    expect(report!.imagesFailed).toBe(3);

    expect(await design('IMGS', '500')).toMatchObject({ published: true, heldReason: null, photos: 1 });
    const refused = [await design('IMGS', '501'), await design('IMGS', '502'), await design('IMGS', '503')];
    for (const d of refused) {
      expect(d).toMatchObject({ published: false, photos: 0 });
      expect(d!.heldReason).toMatch(/refused: .*(127\.0\.0\.1|169\.254\.169\.254).* private or local address/);
    }
    // The stored photograph is the store's WebP, not the supplier's bytes.
    const [photo] = rowsOf<{ key: string }>(
      await t.database.db.execute(
        sql`select p.key from product_photo p where p.group_id = ${(await design('IMGS', '500'))!.id}`,
      ),
    );
    const kept = await t.app.media.get(`photo/${photo!.key}/large.webp`);
    expect(kept!.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // Again: the image is not fetched a second time, and nothing changed.
    const again = await importProductFeed(t.database.db, open(feed([good])), {
      media: t.app.media,
      supplier: 'IMGS',
      dryRun: false,
      fetchAllow: fetchAllow(),
    });
    expect(again).toMatchObject({ imagesFetched: 0, unchanged: 1 });
  });

  it('refuses to place a group in a category that does not exist, and names a group the supplier never sent', async () => {
    const bad = await adminCall(t, manager, 'PUT', '/suppliers/STUL/categories', {
      groupDescription: 'Lobster Clasp',
      categoryId: 999_999,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('There is no such category.');
    const unknown = await adminCall(t, manager, 'PUT', '/suppliers/STUL/categories', {
      groupDescription: 'Tiara',
      categoryId: CATEGORY.clasps,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
