import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ANY, PageTags, STORE, tagsForChange } from './cache-tags.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { rowsOf } from '../db/client.ts';
import { adminCall, staffSession } from '../test/staff.ts';

describe('what a change purges', () => {
  it('names the stones sold, and the lists they leave', () => {
    expect(tagsForChange('diamond:12,40')).toEqual(['stone-12', 'stone-40', 'stone-lists', ANY]);
    // Too many to name (an import): every stone's page, and the count the copy quotes.
    expect(tagsForChange('diamond')).toEqual(['stones', 'stone-count', ANY]);
    expect(tagsForChange('diamond:12,x;drop')).toEqual(['stone-12', 'stone-lists', ANY]);
  });

  it('a piece changed purges pieces; settings, menus, content and tables it does not know purge everything', () => {
    expect(tagsForChange('product_photo')).toEqual(['products', ANY]);
    expect(tagsForChange('metal_rate')).toEqual(['products', ANY]);
    for (const t of ['store_setting', 'menu_item', 'category', 'content_page', 'sale', '*', 'a_new_table'])
      expect(tagsForChange(t)).toEqual([STORE]);
  });

  it('a page is filed under what it read; one answer that named nothing files it under "any"', () => {
    const tagged = new PageTags();
    tagged.read('store products');
    tagged.read('store stone-count');
    expect(tagged.header()).toBe('store products stone-count');
    const careless = new PageTags();
    careless.read('store products');
    careless.read(undefined);
    expect(careless.header().split(' ')).toContain(ANY);
  });
});

describe('tags on the answers, purges on the shared cache', () => {
  let t: TestApp;
  let purges: string[] = [];
  let cache: http.Server;
  beforeAll(async () => {
    // A local server in Varnish's place: it records each PURGE's xkey header.
    cache = http.createServer((req, res) => {
      if (req.method === 'PURGE') purges.push(String(req.headers.xkey));
      res.end('ok');
    });
    await new Promise<void>((r) => cache.listen(0, '127.0.0.1', r));
    const port = (cache.address() as { port: number }).port;
    t = await buildTestApp({ CACHE_PURGE_URLS: `http://127.0.0.1:${port}/` });
  });
  afterAll(async () => {
    await t?.close();
    cache?.close();
  });

  it('every public answer a page reads names what it shows', async () => {
    const stone = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from diamond where status = 'available' limit 1`),
    )[0]!;
    const answers: Record<string, string> = {
      '/api/menu': 'store',
      '/api/catalogue/stats': 'store stone-count',
      '/api/category/1301?pageSize=2': 'store products',
      [`/api/product/diamond?id=${stone.id}`]: `store stones stone-${stone.id}`,
      '/api/diamond?pageSize=2': 'store stones stone-lists',
      '/api/product/type-notable-gemstone': 'store gemstones',
      '/api/melee': 'store melee',
      '/api/content/home': 'store',
      '/api/content/policies/return-policy': 'store',
    };
    for (const [url, named] of Object.entries(answers)) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.xkey, url).toBe(named);
      expect(res.headers['surrogate-key'], url).toBe(named);
    }
    // Private answers are never filed.
    const cart = await t.app.inject({ url: '/api/cart', headers: { 'x-session-id': crypto.randomUUID() } });
    expect(cart.headers.xkey).toBeUndefined();
  });

  it('a page render reads a kept answer exactly as a request got it, and never one kept before a write', async () => {
    const url = '/api/category/1301?pageSize=3';
    const res = await t.app.inject({ url });
    const kept = t.app.answerCache.peek(`GET ${url}`);
    expect(kept).toMatchObject({ text: res.body, tags: res.headers.xkey });
    // Nothing kept for an answer never asked for, and nothing after a write this instance heard of.
    expect(t.app.answerCache.peek('GET /api/category/1301?pageSize=4')).toBeNull();
    t.app.answerCache.invalidate(['products']);
    expect(t.app.answerCache.peek(`GET ${url}`)).toBeNull();
  });

  it('a stone sold is purged by its own tag, from the database notification, within the second', async () => {
    const stone = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from diamond where status = 'available' order by id limit 1`),
    )[0]!;
    purges = [];
    await t.database.db.execute(sql`update diamond set status = 'sold' where id = ${stone.id}`);
    await expect.poll(() => purges, { timeout: 1_000, interval: 20 }).toContain(`stone-${stone.id} stone-lists any`);
    // Once more a moment later, for a page whose render straddled the change.
    await expect.poll(() => purges.filter((p) => p.startsWith(`stone-${stone.id} `)).length).toBe(2);
    expect(purges.join(' ')).not.toMatch(/\bstore\b/);
  });

  it('a quote that names no stone, sent and withdrawn, purges no stone page', async () => {
    const { cookie } = await staffSession(t, 'manager');
    const made = await adminCall(t, cookie, 'POST', '/quotes', {
      email: 'purge@example.com',
      address: {
        name: 'Ada King',
        line1: '12 Mercer Street',
        city: 'New York',
        state: 'NY',
        zip: '10013',
        phone: '2125550123',
      },
      lines: [{ kind: 'custom', title: 'Design fee', priceCents: 100_000 }],
      deposit: { kind: 'percent', percent: 30 },
      expiresOn: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    });
    const number = made.json().data.number as string;
    purges = [];
    expect((await adminCall(t, cookie, 'POST', `/quotes/${number}/action`, { action: 'send' })).statusCode).toBe(200);
    expect((await adminCall(t, cookie, 'POST', `/quotes/${number}/action`, { action: 'withdraw' })).statusCode).toBe(
      200,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(purges.join(' ')).not.toMatch(/\bstone|gemstones\b/);
  });

  it('a policy page edited purges every page (the footer links every policy)', async () => {
    purges = [];
    await t.database.db.execute(sql`update content_page set updated_at = now()`);
    await expect.poll(() => purges, { timeout: 1_000, interval: 20 }).toContain('store');
  });
});
