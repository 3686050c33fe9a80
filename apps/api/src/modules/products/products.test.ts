import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, photoUpload, staffSession } from '../../test/staff.ts';

let t: TestApp;
let manager: string;
let owner: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
  owner = (await staffSession(t, 'owner')).cookie;
});
afterAll(() => t.close());

/** A piece bought off the shelf (not made to order), with its category and a variant. */
const shelfPiece = async (offset: number) =>
  rowsOf<{ id: number; categoryId: number; description: string; variantId: number }>(
    await t.database.db
      .execute(sql`select g.id, g.category_id as "categoryId", g.description, g.default_product_id as "variantId"
      from product_group g where not g.configurable and g.published and g.default_product_id > 0 order by g.id limit 1 offset ${offset}`),
  )[0]!;
const get = async (url: string) => (await t.app.inject({ method: 'GET', url: `/api${url}` })).json();
const detail = async (id: number) => (await adminCall(t, manager, 'GET', `/products/${id}`)).json().data;
/** Every card of a category listing, page by page. */
const listing = async (categoryId: number) => {
  const cards: Array<{ groupId: number; image: string }> = [];
  for (let page = 1; ; page++) {
    const d = (await get(`/category/${categoryId}?pageSize=96&page=${page}`)).data;
    cards.push(...d.products);
    if (cards.length >= d.count) return cards;
  }
};
const listingIds = async (categoryId: number) => (await listing(categoryId)).map((c) => c.groupId);
const uploadPhoto = (id: number, body: Buffer, alt = '', cookie = manager, fields: Record<string, string> = {}) =>
  photoUpload(t, cookie, `/products/${id}/photos`, body, alt, fields);
const jpeg = (w: number, h: number, exif?: Record<string, Record<string, string>>) => {
  let img = sharp({ create: { width: w, height: h, channels: 3, background: '#c9b27c' } }).jpeg();
  if (exif) img = img.withExif(exif);
  return img.toBuffer();
};

describe('the catalogue as staff edit it', () => {
  it('lists and finds product groups by name, style number and SKU, drafts included', async () => {
    const g = await shelfPiece(0);
    const series = rowsOf<{ series: string; sku: string }>(
      await t.database.db.execute(sql`select g.series, v.sku from product_group g join product v on v.group_id = g.id
        where g.id = ${g.id} limit 1`),
    )[0]!;
    for (const q of [g.description.slice(0, 12), series.series, series.sku]) {
      const res = await adminCall(t, manager, 'GET', `/products?q=${encodeURIComponent(q)}&pageSize=48`);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().data.rows.map((r: { id: number }) => r.id),
        q,
      ).toContain(g.id);
    }
    const all = (await adminCall(t, manager, 'GET', '/products?pageSize=5&sort=price-desc')).json().data;
    const prices = all.rows.map((r: { minPriceCents: number }) => r.minPriceCents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(all.count).toBeGreaterThan(100);
    expect(all.categories.length).toBeGreaterThan(3);
  });

  it('an edit of name, description, attributes and price reaches listings, search, suggestions and the page', async () => {
    const g = await shelfPiece(1);
    const before = await detail(g.id);
    const name = `Aurelia Test Signet ${randomUUID().slice(0, 6)}`;
    const v = before.variants.find((x: { active: boolean }) => x.active);
    const res = await adminCall(t, manager, 'PATCH', `/products/${g.id}`, {
      version: before.version,
      description: name,
      longDescription: 'A signet ring with a polished oval face, cast and finished by hand in our workshop.',
      attributes: [...before.attributes, { label: 'Finish', value: 'Hand-engraved' }],
      variants: [{ id: v.id, priceCents: 1 }],
    });
    expect(res.statusCode, 'a price below a dollar is refused').toBe(400);
    expect((await detail(g.id)).description, 'nothing of a refused edit is kept').toBe(before.description);

    // Searches are kept between catalogue changes: one asked before the edit must not answer after it.
    const searchIds = async (data: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/product/search-product',
          payload: { data, page: 1, pageSize: 50 },
        })
      )
        .json()
        .data.products.map((p: { groupId: number }) => p.groupId);
    expect(await searchIds('hand-engraved')).not.toContain(g.id);

    const ok = await adminCall(t, manager, 'PATCH', `/products/${g.id}`, {
      version: before.version,
      description: name,
      attributes: [...before.attributes, { label: 'Finish', value: 'Hand-engraved' }],
      variants: [{ id: v.id, priceCents: 123_400 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ version: before.version + 1, description: name });

    const page = (await get(`/product/product?groupId=${g.id}&productId=${v.id}`)).data;
    expect(page.GroupDescription).toBe(name);
    expect(page.attributes).toContainEqual({ label: 'Finish', values: ['Hand-engraved'] });
    expect(page.variants.find((x: { id: number }) => x.id === v.id).priceCents).toBe(123_400);

    await expect
      .poll(async () => (await get(`/stuller/fetch-auto-complete?q=${encodeURIComponent(name)}`)).data, {
        timeout: 3000,
      })
      .toEqual([expect.objectContaining({ Id: g.id, GroupDescription: name })]);
    await expect.poll(async () => searchIds('hand-engraved'), { timeout: 3000 }).toContain(g.id);
    await expect
      .poll(
        async () => {
          const d = (
            await get(
              `/category/${g.categoryId}?pageSize=48&filters=${encodeURIComponent(JSON.stringify([{ label: 'Finish', options: ['Hand-engraved'], matchType: 'exact' }]))}`,
            )
          ).data;
          return d.products.map((p: { GroupDescription: string }) => p.GroupDescription);
        },
        { timeout: 3000 },
      )
      .toContain(name);

    const audit = (await adminCall(t, owner, 'GET', `/audit?entity=product_group`)).json().data.rows[0];
    expect(audit).toMatchObject({ action: 'product.edit', entityId: String(g.id) });
    expect(audit.before.description).toBe(before.description);
    expect(audit.after.variants).toEqual([{ sku: v.sku, priceCents: 123_400, listPriceCents: null, stock: v.stock }]);
  });

  it('a second editor with the old version gets 409 and the first edit stands', async () => {
    const g = await shelfPiece(2);
    const { version } = await detail(g.id);
    const first = await adminCall(t, manager, 'PATCH', `/products/${g.id}`, { version, description: 'First editor' });
    expect(first.statusCode).toBe(200);
    const second = await adminCall(t, manager, 'PATCH', `/products/${g.id}`, { version, description: 'Second editor' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/changed by someone else — reload/);
    expect((await detail(g.id)).description).toBe('First editor');
  });

  it('unpublishing takes a piece off every storefront surface and out of carts; publishing brings it back', async () => {
    const g = await shelfPiece(3);
    const session = randomUUID();
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': session },
      payload: { kind: 'product', id: g.variantId },
    });
    expect(add.statusCode).toBe(200);
    expect(await listingIds(g.categoryId)).toContain(g.id);

    const { version } = await detail(g.id);
    const off = await adminCall(t, manager, 'PATCH', `/products/${g.id}`, { version, published: false });
    expect(off.json().data.published).toBe(false);
    await expect.poll(() => listingIds(g.categoryId), { timeout: 3000 }).not.toContain(g.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/product?groupId=${g.id}` })).statusCode).toBe(404);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'x-session-id': session } })).json()
      .data;
    expect(cart.lines[0]).toMatchObject({ available: false });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': randomUUID() },
      payload: { kind: 'product', id: g.variantId },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    const drafts = (await adminCall(t, manager, 'GET', '/products?status=draft')).json().data.rows;
    expect(drafts.map((r: { id: number }) => r.id)).toContain(g.id);

    const on = await adminCall(t, manager, 'PATCH', `/products/${g.id}`, { version: version + 1, published: true });
    expect(on.statusCode).toBe(200);
    await expect.poll(() => listingIds(g.categoryId), { timeout: 3000 }).toContain(g.id);
    const actions = (await adminCall(t, owner, 'GET', '/audit?entity=product_group'))
      .json()
      .data.rows.map((r: { action: string }) => r.action);
    expect(actions.slice(0, 2)).toEqual(['product.publish', 'product.unpublish']);
  });

  it('a made-to-order design keeps its configurator prices: a hand price is refused', async () => {
    const [cfg] = rowsOf<{ id: number; variantId: number }>(
      await t.database.db.execute(
        sql`select g.id, (select v.id from product v where v.group_id = g.id limit 1) as "variantId" from product_group g where g.configurable limit 1`,
      ),
    );
    const { version } = await detail(cfg!.id);
    const res = await adminCall(t, manager, 'PATCH', `/products/${cfg!.id}`, {
      version,
      variants: [{ id: cfg!.variantId, priceCents: 50_000 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/made to order/);
  });
});

describe('product photographs', () => {
  it('re-encodes an upload as WebP without its metadata; the listing card and page show it', async () => {
    const g = await shelfPiece(4);
    const original = await jpeg(1200, 900, {
      IFD0: { Copyright: 'Workshop camera', Artist: 'Secret Photographer' },
    });
    expect((await sharp(original).metadata()).exif, 'the upload carries EXIF').toBeDefined();
    const res = await uploadPhoto(g.id, original, 'Signet on a linen cloth');
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().data.photos[0];
    expect(photo).toMatchObject({ alt: 'Signet on a linen cloth', width: 1200, height: 900 });

    for (const url of [photo.large, photo.small]) {
      const img = await t.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif, 'no EXIF survives').toBeUndefined();
      expect(img.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);
    }
    const page = (await get(`/product/product?groupId=${g.id}`)).data;
    expect(page.photos[0]).toMatchObject({ large: photo.large, alt: 'Signet on a linen cloth' });
    await expect
      .poll(async () => (await listing(g.categoryId)).find((p) => p.groupId === g.id)?.image, { timeout: 3000 })
      .toBe(photo.small);
  });

  it('refuses what is not a photograph, too small, too large; says why and keeps nothing', async () => {
    const g = await shelfPiece(5);
    const cases: Array<[Buffer, number, RegExp]> = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 400, /JPEG, PNG or WebP/],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(100)]), 400, /could not be read/],
      [await jpeg(500, 500), 400, /at least 600 pixels/],
      [Buffer.concat([await jpeg(800, 800), Buffer.alloc(11 * 1024 * 1024)]), 413, /larger than 10 MB/],
    ];
    for (const [body, status, message] of cases) {
      const res = await uploadPhoto(g.id, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await detail(g.id)).photos).toEqual([]);
  });

  it('orders photographs (cover first) and removes one; fulfilment staff may not', async () => {
    const g = await shelfPiece(6);
    await uploadPhoto(g.id, await jpeg(800, 800), 'First');
    const two = (await uploadPhoto(g.id, await jpeg(900, 900), 'Second')).json().data.photos;
    const keys = two.map((p: { key: string }) => p.key);
    const reordered = await adminCall(t, manager, 'PUT', `/products/${g.id}/photos`, { keys: [...keys].reverse() });
    expect(reordered.json().data.photos.map((p: { alt: string }) => p.alt)).toEqual(['Second', 'First']);
    const stale = await adminCall(t, manager, 'PUT', `/products/${g.id}/photos`, { keys: [keys[0]] });
    expect(stale.statusCode).toBe(409);

    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect((await uploadPhoto(g.id, await jpeg(800, 800), '', fulfilment)).statusCode).toBe(403);
    expect((await adminCall(t, fulfilment, 'DELETE', `/products/${g.id}/photos/${keys[0]}`)).statusCode).toBe(403);

    const removed = await adminCall(t, manager, 'DELETE', `/products/${g.id}/photos/${keys[1]}`);
    expect(removed.json().data.photos.map((p: { alt: string }) => p.alt)).toEqual(['First']);
    expect((await t.app.inject({ method: 'GET', url: two[1].large })).statusCode).toBe(404);
  });

  it("ties a photograph to one of the design's metals (on upload or after); the page says which; other metals are refused", async () => {
    const g = rowsOf<{ id: number; metals: string[] }>(
      await t.database.db.execute(sql`select g.id, array_agg(distinct v.metal order by v.metal) as metals
        from product_group g join product v on v.group_id = g.id
        where not g.configurable and g.published group by g.id having count(distinct v.metal) > 1 order by g.id limit 1`),
    )[0]!;
    const [one, two] = g.metals as [string, string];
    const absent = ['14KW', '14KY', '14KR', '18KW', '18KY', '18KR', 'PLAT'].find((m) => !g.metals.includes(m))!;
    const res = await uploadPhoto(g.id, await jpeg(800, 800), 'On the hand', manager, { metal: two });
    expect(res.statusCode, res.body).toBe(200);
    const [photo] = res.json().data.photos;
    expect(photo).toMatchObject({ alt: 'On the hand', metal: two });
    const unknown = await uploadPhoto(g.id, await jpeg(800, 800), '', manager, { metal: absent });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: expect.stringMatching(/not made in/),
      errors: { metal: expect.any(String) },
    });

    const changed = await adminCall(t, manager, 'PATCH', `/products/${g.id}/photos/${photo.key}`, {
      alt: '',
      metal: one,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Words left empty fall back to the design's name, as on upload.
    expect(changed.json().data.photos).toEqual([expect.objectContaining({ key: photo.key, metal: one })]);
    expect(changed.json().data.photos[0].alt).not.toBe('');
    const refused = await adminCall(t, manager, 'PATCH', `/products/${g.id}/photos/${photo.key}`, {
      alt: 'x',
      metal: absent,
    });
    expect(refused.statusCode).toBe(400);
    const gone = await adminCall(t, manager, 'PATCH', `/products/${g.id}/photos/AAAAAAAAAAAAAAAA`, {
      alt: 'x',
      metal: null,
    });
    expect(gone.statusCode).toBe(404);
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect(
      (await adminCall(t, fulfilment, 'PATCH', `/products/${g.id}/photos/${photo.key}`, { alt: 'x', metal: null }))
        .statusCode,
    ).toBe(403);

    await expect
      .poll(async () => (await get(`/product/product?groupId=${g.id}`)).data.photos, { timeout: 3000 })
      .toEqual([expect.objectContaining({ large: photo.large, metal: one })]);
    const log = rowsOf<{ action: string }>(
      await t.database.db
        .execute(sql`select action from audit_log where entity = 'product_group' and entity_id = ${String(g.id)}
        and action like 'product.photo.%' order by id`),
    ).map((r) => r.action);
    expect(log).toEqual(['product.photo.add', 'product.photo.describe']);
  });

  it("a stone's photograph takes no metal", async () => {
    const stone = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from diamond order by id limit 1`),
    )[0]!;
    const res = await photoUpload(t, manager, `/stones/diamond/${stone.id}/photos`, await jpeg(800, 800), '', {
      metal: '14KW',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Unknown field: metal/);
  });
});
