import { CODE_NOT_APPLICABLE } from '@facet/contracts/promotions';
import { test, expect } from './support/ready.ts';
import AxeBuilder from '@axe-core/playwright';
import { signIn } from './support/staff.ts';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';

// A manager makes a 20 % code in the back office; a shopper applies it in the cart and sees 20 %
// off the jewelry (not the loose diamond) as its own line; a code that does not apply says why, and
// a second code beside one that does not combine says which one is in the way.

test('a manager’s 20 % code takes 20 % off the jewelry in a shopper’s cart; a wrong code says why', async ({
  browser,
  page,
}) => {
  const code = `WINTER${Date.now().toString(36).toUpperCase().slice(-5)}`;
  const manager = await signIn(browser, 'manager', '/admin/discounts');
  await manager.getByRole('button', { name: 'New code' }).click();
  const form = manager.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByLabel('Name', { exact: true }).fill('Winter 20% off');
  await form.getByLabel('Percent off').fill('20');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(manager.getByRole('cell', { name: `${code} Winter 20% off` })).toBeVisible();
  // A second code, one that combines with others.
  await manager.getByRole('button', { name: 'New code' }).click();
  await form.getByLabel('Code', { exact: true }).fill(`${code}PLUS`);
  await form.getByLabel('Name', { exact: true }).fill('Loyalty 5% off');
  await form.getByLabel('Percent off').fill('5');
  await form.getByLabel('Combines with other codes').check();
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(manager.getByRole('cell', { name: `${code}PLUS Loyalty 5% off` })).toBeVisible();
  expect(
    (await new AxeBuilder({ page: manager }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations,
  ).toEqual([]);

  // The shopper: a chain and a loose diamond in the cart.
  const chains = (await (await page.request.get(`/api${paths.category(CATEGORY.chainsMetal)}?pageSize=4`)).json()) as {
    data: { products: Array<{ href: string; priceCents: number }> };
  };
  await page.goto(chains.data.products[0]!.href);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/added to your cart/)).toBeVisible();
  await page.goto('/cart');
  const subtotal = Number((await page.getByTestId('subtotal').textContent())!.replace(/[^0-9.]/g, ''));

  await page.getByLabel('Discount code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText(CODE_NOT_APPLICABLE);

  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Discount · ${code} · Winter 20% off`)).toBeVisible();
  const off = Number((await page.getByTestId('discount').textContent())!.replace(/[^0-9.]/g, ''));
  expect(off).toBeCloseTo(subtotal * 0.2, 2);
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);

  // The first code does not combine: the second is refused, saying which is in the way.
  await page.getByLabel('Another code').fill(`${code}plus`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `${code} does not combine with another code: remove it to use this one.`,
  );

  await page.getByRole('button', { name: `Remove the code ${code}` }).click();
  await expect(page.getByTestId('discount')).toHaveCount(0);
});

test('a manager makes 30 single-use codes for an event and downloads them as CSV', async ({ browser }) => {
  const prefix = `GALA${Date.now().toString(36).toUpperCase().slice(-4)}`;
  const manager = await signIn(browser, 'manager', '/admin/discounts');
  await manager.getByRole('button', { name: 'New code' }).click();
  const form = manager.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code', { exact: true }).fill(prefix);
  await form.getByLabel('Name', { exact: true }).fill('Bridal evening $100 off');
  await form.getByLabel('What it takes off').selectOption('amount');
  await form.getByLabel('Dollars off').fill('100');
  await form.getByLabel('Single-use codes to make').fill('30');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(manager.getByText('30 single-use codes made. Download them from the list.')).toBeVisible();
  await expect(manager.getByRole('cell', { name: '0 of 30 codes' })).toBeVisible();
  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('link', { name: `Codes (CSV) for ${prefix}-…` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${prefix}-codes.csv`);
  const text = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(text).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('code,name,used,ends');
  expect(lines).toHaveLength(31);
  expect(lines[1]).toMatch(new RegExp(`^${prefix}-[A-Z2-9]{8},Bridal evening \\$100 off,no,$`));
});
