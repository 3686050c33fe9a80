import { test, expect } from './support/ready.ts';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signIn } from './support/staff.ts';

// Merchandising in the back office: many variants priced in one action.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

test('a manager sets the price of every Platinum variant in one action', async ({ browser }) => {
  const name = `Knife-edge Band ${Date.now().toString(36).toUpperCase()}`;
  const manager = await signIn(browser, 'manager', '/admin/products/new');
  await manager.getByLabel('Name', { exact: true }).fill(name);
  await manager
    .getByLabel('Description', { exact: true })
    .fill('A slim knife-edge band, polished by hand in our workshop.');
  await manager.getByLabel('Category').selectOption({ label: 'Wedding Bands' });
  await manager.getByLabel('14K White Gold').check();
  await manager.getByLabel('Platinum').check();
  await manager.getByLabel('Ring sizes').fill('5, 6, 7');
  await manager.getByRole('radio', { name: /Fixed/ }).check();
  await manager.getByLabel('Price (USD)').fill('1800');
  await manager.getByRole('button', { name: 'Save as draft' }).click();
  await expect(manager.getByRole('heading', { level: 1, name })).toBeVisible();

  const bulk = manager.getByRole('group', { name: 'Change many at once' });
  await bulk.getByLabel('Which').selectOption({ label: 'Every Platinum' });
  await bulk.getByLabel('Change', { exact: true }).selectOption({ label: 'Price to ($)' });
  await bulk.getByLabel('Value', { exact: true }).fill('2450');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk.getByText('3 variants changed (every Platinum variant). Save changes to keep them.')).toBeVisible();
  expect(await axe(manager)).toEqual([]);
  await manager.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText('Saved. The storefront shows the change within a second.')).toBeVisible();

  await manager.reload();
  const prices = manager.getByRole('textbox', { name: /^Price of / });
  await expect(prices).toHaveCount(6);
  const rows = await manager
    .getByRole('row')
    .filter({ has: prices })
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        text: tr.textContent ?? '',
        price: (tr.querySelector('input[aria-label^="Price of"]') as HTMLInputElement).value,
      })),
    );
  for (const { text, price } of rows) expect(price, text).toBe(text.includes('Platinum') ? '2450.00' : '1800.00');
});
