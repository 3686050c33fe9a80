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

test('a manager puts a design first in its category by hand and into two collections; shoppers see it there', async ({
  browser,
  page,
}) => {
  const manager = await signIn(browser, 'manager', '/admin/categories');
  // A category with a few designs of its own, and two others to make collections of.
  const { categories } = (await (await manager.request.get('/api/admin/categories')).json()).data as {
    categories: Array<{ id: number; name: string; designs: number; hidden: boolean }>;
  };
  const home = categories.filter((c) => !c.hidden).sort((a, b) => b.designs - a.designs || a.id - b.id)[0]!;
  expect(home.designs).toBeGreaterThanOrEqual(3);
  const collections = categories
    .filter((c) => !c.hidden && c.id !== home.id && categories.filter((d) => d.name === c.name).length === 1)
    .slice(0, 2)
    .map((c) => c.id);
  const bands = home.id;
  await manager.getByRole('link', { name: `Arrange ${home.name}`, exact: true }).click();
  await expect(manager.getByRole('heading', { level: 1, name: `Arrange ${home.name}` })).toBeVisible();
  expect(await axe(manager)).toEqual([]);

  // The last of the rest goes first; then, with the keys, one more goes above it and back below.
  const rest = manager.getByRole('button', { name: /^Place first / });
  const chosen = ((await rest.last().textContent()) ?? '').replace('Place first', '').trim();
  await rest.last().click();
  await expect(manager.getByTestId('placed-piece')).toHaveCount(1);
  await expect(manager.getByTestId('placed-piece')).toContainText(chosen);
  const placeLast = manager.getByRole('button', { name: /^Place last / }).first();
  const other = ((await placeLast.textContent()) ?? '').replace('Place last', '').trim();
  await placeLast.click();
  const placed = manager.getByTestId('placed-piece');
  await expect(placed).toHaveCount(2);
  await expect(placed.nth(1)).toContainText(other);
  await placed.nth(1).getByRole('button', { name: / up$/ }).click();
  await expect(placed.nth(0)).toContainText(other);
  await expect(placed.nth(0).getByRole('button', { name: / down$/ })).toBeFocused();
  await manager.keyboard.press('Enter');
  await expect(placed.first()).toContainText(chosen);
  await manager.getByRole('button', { name: 'Save order' }).click();
  await expect(manager.getByText(`Saved: 2 designs placed in ${home.name}.`)).toBeVisible();

  await expect
    .poll(async () => {
      const d = (await (await page.request.get(`/api/category/${bands}?sort=featured`)).json()).data;
      return d.products[0]?.GroupDescription ?? d.products[0]?.description;
    })
    .toBe(chosen);

  // The same design in two collections.
  const series = await (async () => {
    const list = (await (await manager.request.get(`/api/admin/categories/${bands}/arrangement`)).json()).data;
    return list.pieces.find((p: { description: string }) => p.description === chosen).series as string;
  })();
  for (const id of collections) {
    await manager.goto(`/admin/categories/${id}/arrange`);
    await manager.getByLabel('Design name or style number').fill(series);
    await manager.getByRole('button', { name: 'Find' }).click();
    await manager
      .getByRole('list', { name: 'Designs found' })
      .getByRole('button', { name: `Add ${chosen}` })
      .first()
      .click();
    await expect(placed.last()).toContainText('from another category');
    await manager.getByRole('button', { name: 'Save order' }).click();
    await expect(manager.getByText(/^Saved: \d+ designs? placed in/)).toBeVisible();
  }
  for (const id of collections)
    await expect
      .poll(async () => {
        const d = (await (await page.request.get(`/api/category/${id}?pageSize=96`)).json()).data;
        return d.products.map(
          (p: { GroupDescription?: string; description?: string }) => p.GroupDescription ?? p.description,
        );
      })
      .toContain(chosen);
});
