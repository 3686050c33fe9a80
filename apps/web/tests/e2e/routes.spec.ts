import { expect, test } from './support/ready.ts';

// Every route answers 200 inside the layout; checkout has neither header nor footer.
const ROUTES = [
  '/',
  '/product/SR-1001/1101/1/1',
  '/diamond/D-1/1700/1/1',
  '/category/1100',
  '/search?q=ring',
  '/notable-gemstones/shop-by-stone-type',
  '/notable-gemstone/sapphire',
  '/contact-us',
  '/privacy-policy',
  '/return-policy',
  '/terms-condition',
  '/shipping-policy',
  '/diamonds',
  '/diamonds/melee',
  '/cart',
  '/order-confirmation',
  '/reset-password/abc',
  '/blog',
  '/blog/ring-sizing',
  '/products',
  '/newsletter',
];

test('every route answers 200 with the header and footer', async ({ request }) => {
  for (const path of ROUTES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toContain('data-header');
    expect(html, path).toContain('<footer');
    expect(html, path).toMatch(/<title>[^<]+<\/title>/);
  }
});

test('profile and address render for the server and send anonymous visitors home', async ({ page }) => {
  for (const path of ['/profile', '/address']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('checkout answers 200 without the store header and footer', async ({ request }) => {
  const res = await request.get('/checkout');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).not.toContain('data-header');
  expect(html).not.toContain('<footer');
});

test('an unknown route answers 404 with a helpful page', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  await expect(page.getByRole('main').getByRole('link', { name: 'Loose diamonds' })).toBeVisible();
});

test('pages carry a CSP (a nonce per answer, or script hashes on pages kept for everyone) and frame-ancestors none', async ({
  request,
}) => {
  const cart = await request.get('/cart');
  expect(cart.headers()['content-security-policy']).toMatch(
    /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
  );
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).toMatch(
    /script-src 'self' ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic'/,
  );
  for (const res of [cart, home]) {
    expect(res.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    const scriptSrc = res
      .headers()
      ['content-security-policy']!.split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  }
});

test('robots.txt points to the sitemap index; every URL of every sitemap answers 200 and may be indexed', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
  const children = locs(await index.text());
  expect(children.map((u) => u.pathname)).toEqual(
    expect.arrayContaining(['/sitemaps/pages.xml', '/sitemaps/products-1.xml', '/sitemaps/diamonds-1.xml']),
  );
  const urls: URL[] = [];
  for (const child of children) {
    const res = await request.get(child.pathname);
    expect(res.status(), child.pathname).toBe(200);
    urls.push(...locs(await res.text()));
  }
  const paths = urls.map((u) => u.pathname + u.search);
  expect(paths).toContain('/category/1100');
  expect(paths.some((p) => p.startsWith('/product/'))).toBe(true);
  expect(paths.some((p) => p.startsWith('/diamond/'))).toBe(true);
  expect(new Set(paths).size).toBe(paths.length);
  // Every page, a few at a time.
  const failures: string[] = [];
  for (let i = 0; i < paths.length; i += 8)
    await Promise.all(
      paths.slice(i, i + 8).map(async (p) => {
        const res = await request.get(p);
        const html = await res.text();
        if (res.status() !== 200) failures.push(`${p}: ${res.status()}`);
        else if (/<meta[^>]+name="robots"[^>]+noindex/.test(html)) failures.push(`${p}: noindex`);
      }),
    );
  expect(failures).toEqual([]);
});

test('a storefront page knows no back-office route, and a move to one loads the back office as a page of its own', async ({
  page,
}) => {
  const routeIds = () =>
    page.evaluate(() =>
      Object.keys((window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest.routes),
    );
  await page.goto('/');
  const shop = await routeIds();
  expect(shop).toContain('routes/product');
  expect(shop).not.toContain('routes/admin/layout');
  expect(shop).not.toContain('routes/admin/orders');
  // A link the router moves (the footer's one handler), to an address only the back office has.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
    const a = document.createElement('a');
    a.href = '/admin/orders';
    a.textContent = 'Back office';
    document.querySelector('footer')!.append(a);
  });
  await page.locator('footer a', { hasText: 'Back office' }).click();
  // Signed out, the back office sends the visitor on to its sign-in page.
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders$/);
  await expect(page.getByRole('heading', { name: 'Facet back office' })).toBeVisible();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
  expect(await routeIds()).toContain('routes/admin/layout');
});
