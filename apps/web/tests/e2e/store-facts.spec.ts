import { test, expect } from './support/ready.ts';
import { startOwnServer, type OwnServer } from './support/server.ts';

// Shipping, lead times and returns are settings. A store started with different ones shows the
// new values on every page that states them, and no page keeps an old number typed by hand.

let store: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  store = await startOwnServer({
    FREE_SHIPPING_OVER_CENTS: '40000',
    SHIPPING_CENTS: '1900,3900,7100',
    SHIPPING_DAYS: '4–6 business days|2 business days|Next business day',
    MADE_TO_ORDER_DAYS: '12-16',
    RETURN_DAYS: '21',
    MADE_TO_ORDER_RESTOCKING_PERCENT: '10',
  });
});
test.afterAll(async () => {
  await store?.stop();
});

const api = async <T>(path: string): Promise<T> =>
  ((await (await fetch(`${store.url}/api${path}`)).json()) as { data: T }).data;
const STALE = /\b(30-day|30 days|8–12|10–14|3–5 business|\$500|\$250|\$65|\$60|15%)/;

test('policies, header, product pages and cart all state the configured facts', async ({ page }) => {
  await page.goto(`${store.url}/shipping-policy`);
  const shipping = page.locator('main');
  await expect(shipping).toContainText('Free on orders over $400, otherwise $19');
  await expect(shipping).toContainText('4–6 business days');
  await expect(shipping).toContainText('$39');
  await expect(shipping).toContainText('$71');
  await expect(shipping).toContainText('allow 12–16 business days before shipping');
  expect(await shipping.innerText()).not.toMatch(STALE);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('$400');

  await page.goto(`${store.url}/return-policy`);
  const returns = page.locator('main');
  await expect(returns).toContainText('within 21 days of delivery');
  await expect(returns).toContainText('less a 10% restocking fee');
  expect(await returns.innerText()).not.toMatch(STALE);
  await expect(page.locator('header')).toContainText('21-day returns');

  // A configured ring is made to order: one promise, with the configured lead time.
  const rings = await api<{ products: Array<{ href: string }> }>('/category/1101?pageSize=1');
  await page.goto(`${store.url}${rings.products[0]!.href}`);
  const buy = page.locator('main');
  await expect(buy).toContainText('Made to order — ships in 12–16 business days');
  await expect(buy).toContainText('21-day returns on unworn pieces (made to order: 10% restocking fee)');
  await expect(buy).not.toContainText('In stock');

  // A chain in stock ships in its own days and never also says "made to order".
  const chains = await api<{ products: Array<{ groupId: number }> }>('/category/1301?pageSize=24');
  let inStock: string | null = null;
  for (const c of chains.products) {
    const p = await api<{ series: string; category: { id: number }; variants: Array<{ id: number; stock: number }> }>(
      `/product/product?groupId=${c.groupId}`,
    );
    const v = p.variants.find((x) => x.stock > 0);
    if (v) {
      inStock = `/product/${encodeURIComponent(p.series)}/${p.category.id}/${c.groupId}/${v.id}`;
      break;
    }
  }
  expect(inStock).not.toBeNull();
  await page.goto(`${store.url}${inStock}`);
  await expect(page.locator('main')).toContainText(/In stock — ships in \d business days?/);
  await expect(page.locator('main')).not.toContainText('Made to order');
  await expect(page.locator('main')).toContainText('21-day returns on unworn pieces');

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: 'View cart' })).toBeVisible();
  await page.goto(`${store.url}/cart`);
  await expect(page.locator('main')).toContainText('21-day returns on anything unworn');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.locator('main')).toContainText('4–6 business days');
  await expect(page.locator('main')).toContainText('$71.00');

  await page.goto(`${store.url}/`);
  const home = page.locator('main');
  await expect(home).toContainText('21-day returns');
  expect(await home.innerText()).not.toMatch(STALE);

  // Listings promise free shipping only with its threshold: most pieces on a page cost less.
  await page.goto(`${store.url}/category/1301`);
  await expect(page.locator('main')).toContainText('free insured shipping on orders over $400');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(
    'free insured shipping on orders over $400',
  );
  expect(await page.locator('main').innerText()).not.toMatch(STALE);
});
