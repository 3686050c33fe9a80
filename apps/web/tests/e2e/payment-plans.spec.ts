import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/ready.ts';
import { mailTo } from './support/mail.ts';
import { contactAndAddress, payByCard } from './support/checkout.ts';
import { importSampleFeed, signIn } from './support/staff.ts';

// Layaway: a shopper chooses it at checkout for a diamond over the store's threshold, pays the
// deposit, sees the plan in the order and pays the next instalment at the link. A supplier's
// diamond says it is confirmed with the supplier, is authorised (not charged) at checkout, and
// staff confirm it on the order page, which charges it.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations;
const shots = process.env.E2E_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};
const dollars = (t: string) => Math.round(Number(t.replace(/[^0-9.]/g, '')) * 100);

async function diamondOver(page: Page, dollarsMin: number, offset: number) {
  const list = (await (
    await page.request.get(`/api/diamond?origin=natural&priceMin=${dollarsMin}&sort=price-asc&pageSize=40`)
  ).json()) as { data: { diamonds: Array<{ id: number; serial: string; priceCents: number }> } };
  const d = list.data.diamonds[offset]!;
  return { ...d, url: `/diamond/${encodeURIComponent(d.serial)}/1700/${d.id}/${d.id}` };
}

test('layaway: a deposit at checkout, the plan in the order, the next instalment paid at the link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `layaway.${Date.now()}@example.com`;
  const d = await diamondOver(page, 4_000, 3);
  await page.goto(d.url);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Diamond added to your cart')).toBeVisible();
  await page.goto('/checkout');
  await contactAndAddress(page, email);
  const pay = page.getByRole('region', { name: /Payment/ });
  await pay.getByRole('radio', { name: /Layaway/ }).check();
  const summary = (await page.getByTestId('layaway-summary').textContent())!;
  const deposit = dollars(/^\$[\d,.]+/.exec(summary)![0]);
  await expect(pay.getByRole('list', { name: 'Instalments' }).getByRole('listitem')).toHaveCount(6);
  // The review says what is charged today: the same deposit.
  expect(dollars((await page.getByTestId('layaway-due').locator('dd').first().textContent())!)).toBe(deposit);
  await payByCard(page);
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'checkout-layaway');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Layaway plan' });
  await expect(plan).toContainText(
    `Deposit paid: $${(deposit / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await expect(plan.getByTestId('instalments').getByText('Due')).toHaveCount(6);
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'order-layaway');
  const confirmation = await mailTo(email, /order/i);
  expect(confirmation.text).toContain('On layaway: you paid a deposit of');

  // Paying ahead at the link: the first instalment, exactly.
  const first = dollars(
    (await plan.getByTestId('instalments').getByRole('listitem').nth(1).textContent())!.replace(/^.*Due/, ''),
  );
  await plan.getByRole('link', { name: /ahead$/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay instalment 1 of 6' })).toBeVisible();
  expect(dollars((await page.getByTestId('due-now').textContent())!)).toBe(first);
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'pay-instalment');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay instalment 2 of 6' })).toBeVisible();
});

test("a supplier's diamond: confirmed with the supplier, authorised at checkout, charged when staff confirm it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `supplier.${Date.now()}@example.com`;
  // A supplier's feed lists its diamonds in the store.
  const supplier = `PP${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const manager = await signIn(browser, 'manager', '/admin/imports');
  await importSampleFeed(manager, supplier);
  const serial = `${supplier}-AC-10001`;
  const rows = (await (await manager.request.get(`/api/admin/stones?q=${serial}`)).json()) as {
    data: Array<{ id: number; serial: string }>;
  };
  const d = rows.data.find((r) => r.serial === serial)!;
  await page.goto(`/diamond/${encodeURIComponent(serial)}/1700/${d.id}/${d.id}`);
  await expect(page.getByTestId('supplier-confirm')).toHaveText(
    'Confirmed with the supplier within 2 business days; your card is charged only then',
  );
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await contactAndAddress(page, email);
  await payByCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByTestId('supplier-note')).toContainText('authorised');
  const number = /FCT-\w{8}/.exec(
    (await page
      .getByText(/FCT-\w{8}/)
      .first()
      .textContent())!,
  )![0];
  await manager.goto(`/admin/orders/${number}`);
  const box = manager.getByRole('region', { name: 'Confirm with the supplier' });
  await expect(box).toContainText(serial);
  expect(await axe(manager)).toEqual([]);
  await shoot(manager, 'admin-supplier-confirm');
  await box.getByRole('button', { name: 'Confirmed' }).click();
  await expect(manager.getByText('Confirmed: the card is charged.')).toBeVisible();
  await expect(box).toHaveCount(0);
  await manager.goto('/admin/layaway');
  await expect(manager.getByRole('heading', { name: 'Layaway' })).toBeVisible();
  expect(await axe(manager)).toEqual([]);
  await shoot(manager, 'admin-layaway');
});
