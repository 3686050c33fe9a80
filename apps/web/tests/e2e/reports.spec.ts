import { test, expect } from './support/ready.ts';
import { signIn } from './support/staff.ts';
import { placeOrder } from './support/orders.ts';
import { axe, shoot } from './support/look.ts';

// A manager reads the month's sales after an order: the figures on the page, the chart's table and
// the CSV say the same.
test('a manager reads the sales report; the page, its table and its CSV agree', async ({ browser, page }) => {
  test.setTimeout(90_000);
  await placeOrder(page, `report.${Date.now()}@example.com`);
  const manager = await signIn(browser, 'manager', '/admin/reports');
  await expect(manager.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const totals = manager.getByTestId('sales-totals');
  const orders = Number(
    (await totals.locator('div', { hasText: 'Orders' }).locator('dd').first().innerText()).replace(/,/g, ''),
  );
  expect(orders).toBeGreaterThan(0);
  const net = await totals
    .locator('div', { hasText: /^Net sales/ })
    .locator('dd')
    .first()
    .innerText();
  const table = manager.getByRole('table', { name: 'Sales by day' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  expect(await axe(manager)).toEqual([]);
  await shoot(manager, 'reports');

  const href = await manager.getByRole('link', { name: 'Download these rows (CSV)' }).getAttribute('href');
  const csv = await (await manager.request.get(href!)).text();
  const total = csv.trim().split('\r\n').at(-1)!.split(',');
  expect(total[0]).toBe('Total');
  expect(Number(total[1])).toBe(orders);
  // The same net sales to the cent ("$360" on the page is 360.00 in the file).
  expect(Number(total[6])).toBe(Number(net.replace(/[$,]/g, '')));

  // By month: one row for this month.
  await manager.getByLabel('By').selectOption('month');
  await manager.getByRole('button', { name: 'Show' }).click();
  await expect(manager.getByRole('table', { name: 'Sales by month' }).getByRole('row')).toHaveCount(2);
});
