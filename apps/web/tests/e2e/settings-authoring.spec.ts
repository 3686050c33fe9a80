import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/ready.ts';
import { signIn } from './support/staff.ts';

// A setting after it was made: its stone places changed (priced again at once), and a made-up one
// in the case put on sale as a design of its own.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

test('a manager widens a setting’s center place, then makes a finished piece from it for the case', async ({
  browser,
}) => {
  const shop = await (await browser.newContext()).newPage();
  const listing = (await (await shop.request.get('/api/category/1501?pageSize=24')).json()) as {
    data: { products: Array<{ groupId: number; GroupDescription: string }> };
  };
  // A seeded setting (other tests place a supplier's pieces here too): the first that the configurator makes.
  let setting: (typeof listing.data.products)[number] | undefined;
  for (const p of listing.data.products) {
    const d = (await (await shop.request.get(`/api/product/product?groupId=${p.groupId}`)).json()) as {
      data: { configuration: { locations: unknown[] } | null };
    };
    if (d.data.configuration?.locations.length) {
      setting = p;
      break;
    }
  }
  expect(setting, 'a seeded setting with stone places').toBeDefined();
  const manager = await signIn(browser, 'manager', `/admin/products/${setting!.groupId}`);
  const places = manager.getByRole('form', { name: 'Stone places' });
  await expect(places).toBeVisible();
  expect(await axe(manager)).toEqual([]);
  const to = places.getByLabel('To (ct)').first();
  const was = Number(await to.inputValue());
  await to.fill(String(Math.min(10, was + 0.25)));
  await places.getByRole('button', { name: 'Save stone places' }).click();
  await expect(manager.getByText(/^Stone places saved and the design priced again\./)).toBeVisible();
  await expect(manager.getByRole('form', { name: 'Stone places' }).getByLabel('To (ct)').first()).toHaveValue(
    String(Math.min(10, was + 0.25)),
  );

  const finished = manager.getByRole('form', { name: 'A finished piece in the case' });
  await finished.getByRole('button', { name: 'Make it a design of its own' }).click();
  await expect(finished.getByText('Dollars, like 8450')).toBeVisible();
  await finished.getByLabel('Price (USD)').fill('8450');
  await finished.getByLabel('Stones set in it').fill('1.02 ct round diamond, G VS1');
  await finished.getByRole('button', { name: 'Make it a design of its own' }).click();
  await expect(
    manager.getByRole('heading', { level: 1, name: `${setting!.GroupDescription}, ready to ship` }),
  ).toBeVisible();
  await expect(manager.getByText('Draft — shoppers cannot see it')).toBeVisible();
  await expect(manager.getByRole('form', { name: 'Stone places' })).toHaveCount(0);
  expect(await axe(manager)).toEqual([]);
});
