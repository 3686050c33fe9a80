import { expect, test } from '@playwright/test';
import { SESSION_KEYS } from '@facet/contracts/constants';

// The cart belongs to the tab's session, which the server cannot see, so the page asks for it once
// its code runs. A tab whose cart is known to be empty (a first visit, or a cart that had no lines
// when last read) shows its empty cart as the page is parsed instead of a placeholder; any other
// tab waits for the answer (lib/session.ts).

const CODE = /\/assets\/.*\.js$/;
const withoutCode = async (page: import('@playwright/test').Page) => {
  await page.route(CODE, (r) => r.abort());
};

test('a first visit shows the empty cart before the code arrives', async ({ page }) => {
  await withoutCode(page);
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Loose diamonds', exact: true })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toBeHidden();
});

test('a tab that may hold a cart waits for it instead of saying it is empty', async ({ page }) => {
  await page.addInitScript((key) => sessionStorage.setItem(key, crypto.randomUUID()), SESSION_KEYS.sessionId);
  await withoutCode(page);
  await page.goto('/cart');
  await expect(page.locator('[aria-busy="true"]')).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeHidden();
});

test('a returning guest whose cart was empty sees it at once; once it holds a piece, the page waits for it', async ({
  page,
}) => {
  // A visit with the code: the header reads the (empty) cart, and the page remembers it.
  await page.goto('/category/1301');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('facet-cart-lines'))).toContain('"lines":0');
  await withoutCode(page);
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  // A piece in the cart (any tab's change passes through the cart store): the page asks first.
  await page.unroute(CODE);
  await page.goto('/category/1301');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByTestId('product-card').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('1');
  await withoutCode(page);
  await page.goto('/cart');
  await expect(page.locator('[aria-busy="true"]')).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeHidden();
});

test('with its code the first visit keeps the same empty cart, without a hydration error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/cart');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toBeHidden();
  expect(errors).toEqual([]);
});

test('a tap on "Add to Cart" made before the page’s code has run is kept, and reaches the cart once it runs', async ({
  page,
}) => {
  // A chain's page (sold as it is); its code held back until after the tap.
  await page.goto('/category/1301');
  const href = await page.locator('main a[href^="/product/"]').first().getAttribute('href');
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(CODE, async (r) => {
    await gate;
    await r.continue();
  });
  await page.goto(href!, { waitUntil: 'domcontentloaded' });
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  await add.click();
  await expect(add).toHaveAttribute('data-queued', '');
  // The code arrives; the held tap is carried out.
  release();
  await expect(page.getByText(/added to your cart/)).toBeVisible({ timeout: 15_000 });
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
});
