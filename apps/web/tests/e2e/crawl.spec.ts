import { test, expect } from './support/ready.ts';
import { startOwnServer, type OwnServer } from './support/server.ts';

// A crawler or an office behind one address must never see the catalogue vanish: a page the
// store cannot answer right now says 429/503 with Retry-After, and 404 means "does not exist".

let store: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  store = await startOwnServer({ RATE_LIMIT_MAX: '40', PAGE_RATE_LIMIT_MAX: '60' });
});
test.afterAll(async () => {
  await store?.stop();
});

test('an unknown /api path answers a JSON 404 for every method, never the HTML page', async () => {
  for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
    const res = await fetch(`${store.url}/api/no/such/route`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' || method === 'DELETE' ? '{}' : undefined,
    });
    expect(res.status, method).toBe(404);
    expect(res.headers.get('content-type'), method).toMatch(/application\/json/);
    if (method !== 'HEAD') expect((await res.json()).message).toMatch(/No API route/);
  }
  // The storefront's own 404 stays HTML.
  const page = await fetch(`${store.url}/no/such/page`);
  expect(page.status).toBe(404);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
});

test('pages whose URL holds a secret send no referrer; every page forbids <base> and foreign form targets', async () => {
  for (const path of [
    '/reset-password/abcdefghijklmnopqrstuvwxyz',
    '/newsletter/confirm/abcdefghijklmnopqrstuvwxyz',
    '/order-confirmation?number=FCT-ABCDEFGH&token=abc',
  ]) {
    const res = await fetch(`${store.url}${path}`);
    expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
  }
  const home = await fetch(`${store.url}/`);
  expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const csp = home.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("form-action 'self'");
});

test('a URL with a trailing slash redirects (308) to the page without it, query kept', async () => {
  for (const [from, to] of [
    ['/shipping-policy/', '/shipping-policy'],
    ['/category/1100/?sort=price-asc', '/category/1100?sort=price-asc'],
    ['/blog//', '/blog'],
  ]) {
    const res = await fetch(`${store.url}${from}`, { redirect: 'manual' });
    expect(res.status, from).toBe(308);
    expect(res.headers.get('location'), from).toBe(to);
    expect((await fetch(`${store.url}${to}`)).status, to).toBe(200);
  }
  expect((await fetch(`${store.url}/`, { redirect: 'manual' })).status).toBe(200);
});

// Last: it spends this server's limits.
test('one busy client: pages answer 200 or 429/503 with Retry-After, never 404 or 500', async () => {
  test.setTimeout(90_000);
  const api = async (p: string) => (await (await fetch(`${store.url}/api${p}`)).json()).data;
  const product = (await api('/category/1100?pageSize=1')).products[0].href;
  const diamond = (await api('/diamond?pageSize=1')).diamonds[0].href;
  const pages = ['/', '/category/1100', product, diamond, '/diamonds?shape=Pear', '/search?q=ring'];

  // The API limit is spent by this client...
  let refused = 0;
  for (let i = 0; i < 45; i++)
    if ((await fetch(`${store.url}/api/diamond?page=${(i % 3) + 1}`)).status === 429) refused++;
  expect(refused).toBeGreaterThan(0);
  // ...yet every page still renders: its own API calls are not counted against the visitor.
  for (const path of pages) {
    const res = await fetch(`${store.url}${path}`);
    expect(res.status, path).toBe(200);
  }
  // Past the page limit: 429 with Retry-After and a readable page, never 404/500.
  const seen = new Set<number>();
  for (let i = 0; i < 70; i++) {
    const path = pages[i % pages.length]!;
    const res = await fetch(`${store.url}${path}`);
    seen.add(res.status);
    expect([200, 429, 503], `${path} → ${res.status}`).toContain(res.status);
    if (res.status !== 200) {
      expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
      expect(await res.text()).toContain('busy');
    }
  }
  expect(seen.has(429)).toBe(true);
});
