import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/ready.ts';
import { contactAndAddress, payByCard } from './support/checkout.ts';
import { mailTo } from './support/mail.ts';
import { signIn } from './support/staff.ts';

// A manager puts chains on sale for a week; a shopper sees the sale price with the old one struck
// through on the card, the page, the cart, the order and its e-mail; the sale is then stopped.

/** A datetime-local value on the browser's clock, `ms` from now. */
const local = (ms: number) => {
  const d = new Date(Date.now() + ms);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations;

test('a sale on chains shows “was” prices on the cards, the page, the cart, the order and its e-mail', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000); // the back office, the storefront and a checkout in one story
  const manager = await signIn(browser, 'manager', '/admin/sales');
  await manager.getByRole('button', { name: 'New sale' }).click();
  const form = manager.getByRole('form', { name: 'New sale' });
  await form.getByLabel('Name', { exact: true }).fill('Chain week');
  await form.getByLabel('Percent off').fill('25');
  await form.getByLabel('Starts').fill(local(-60_000));
  await form.getByLabel('Ends').fill(local(7 * 86_400_000));
  await form.getByLabel('Categories').selectOption({ label: 'Chains' });
  await form.getByRole('button', { name: 'Schedule sale' }).click();
  await expect(manager.getByRole('row', { name: /Chain week .* Chains .* On now/ }).first()).toBeVisible();
  // The toast fades as it comes and goes: axe looks at the page once it has come and gone.
  await expect(manager.getByText('Chain week is scheduled.')).toBeVisible();
  await expect(manager.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  expect(await axe(manager)).toEqual([]);

  await page.goto('/category/1301');
  const card = page.getByTestId('product-card').first();
  await expect(card.getByTestId('was-price')).toBeVisible();
  await expect(card.getByTestId('sale-note')).toHaveText('Chain week · 25% off');
  const cardNow = Number(
    (await card.locator('p').first().textContent())!.replace(/was.*$/, '').replace(/[^0-9.]/g, ''),
  );
  await card.getByRole('link').first().click();
  await expect(page.getByTestId('price').getByTestId('was-price')).toBeVisible();
  await expect(page.getByTestId('sale-note').first()).toContainText('Chain week · 25% off — ends');
  const price = page.getByTestId('price');
  const was = Number((await price.getByTestId('was-price').textContent())!.replace(/[^0-9.]/g, ''));
  const now = Number((await price.textContent())!.split('was')[0]!.replace(/[^0-9.]/g, ''));
  expect(now).toBeCloseTo(was * 0.75, 2);
  expect(cardNow).toBeLessThanOrEqual(now);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  const product = (Array.isArray(ld) ? ld : [ld]).find((x: { '@type': string }) => x['@type'] === 'Product');
  expect(Number(product.offers.price)).toBeCloseTo(now, 2);
  expect(product.offers.priceValidUntil).toMatch(/^\d{4}-\d\d-\d\d$/);
  expect(await axe(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/added to your cart/)).toBeVisible();
  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line.getByTestId('was-price')).toBeVisible();
  await expect(line.getByTestId('sale-note')).toHaveText('Chain week · 25% off');
  expect(await axe(page)).toEqual([]);

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const email = `sale.${Date.now()}@example.com`;
  await contactAndAddress(page, email);
  await payByCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?number=FCT-/);
  await expect(page.getByText('Chain week')).toBeVisible();
  await expect(page.getByTestId('was-price')).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent())!;
  const mail = await mailTo(email, new RegExp(number));
  expect(mail.text).toMatch(/\(Chain week, was \$[\d,]+\.\d\d\)/);

  // Stopped early: the chains are back at their prices.
  await manager.getByRole('button', { name: 'Edit Chain week' }).first().click();
  const edit = manager.getByRole('form', { name: 'Edit Chain week' });
  await edit.getByRole('checkbox', { name: 'On (untick to stop it early)' }).uncheck();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByRole('row', { name: /Chain week .* Stopped/ }).first()).toBeVisible();
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/category/1301?pageSize=4');
      return ((await res.json()) as { data: { products: Array<{ wasCents?: number }> } }).data.products.some(
        (p) => p.wasCents !== undefined,
      );
    })
    .toBe(false);
});
