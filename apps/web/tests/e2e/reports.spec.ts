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

// A shopper's search that found nothing reaches the owner's searches report; every other report
// reads and downloads its own rows.
test('a search that found nothing is on the searches report; each report is readable and downloads its rows', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const term = `unicorn tiara ${Date.now().toString(36)}`;
  await page.goto(`/search?q=${encodeURIComponent(term)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(term);
  const manager = await signIn(browser, 'manager', '/admin/reports?report=searches');
  await expect(async () => {
    await manager.reload();
    await expect(manager.getByRole('table', { name: 'Searches: found nothing' })).toContainText(term, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await shoot(manager, 'reports-searches');

  for (const [tab, heading] of [
    ['By category', 'Sales by category'],
    ['By metal', 'Sales by metal'],
    ['Natural or lab', 'Sales by diamond'],
    ['By channel', 'Sales by channel'],
    ['Discounts', 'Discounts by code and by sale'],
    ['Margin by piece', 'Margin by piece'],
    ['Tax', 'Tax collected by state and jurisdiction'],
    ['Gift cards', 'Gift-card liability'],
    ['Memo stones', 'Memo stones sold: owed to dealers'],
    ['Stock age', 'Stock by age'],
  ] as const) {
    await test.step(tab, async () => {
      await manager.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: tab }).click();
      await expect(manager.getByRole('heading', { level: 2, name: new RegExp(`^${heading}`) })).toBeVisible();
      expect(await axe(manager), tab).toEqual([]);
      const href = await manager.getByRole('link', { name: 'Download these rows (CSV)' }).getAttribute('href');
      const csv = await manager.request.get(href!);
      expect(csv.status(), tab).toBe(200);
      const [first, ...rows] = (await csv.text()).trim().split('\r\n');
      const tables = manager.getByRole('table');
      if (rows.length === 0) {
        // Nothing in these days: the page says so instead of an empty table, and the file is its header.
        await expect(manager.getByText('Nothing here for these days.').last()).toBeVisible();
        expect(first!.length, tab).toBeGreaterThan(0);
      } else {
        const headers = await tables.last().locator('thead th').allTextContents();
        expect(first!.split(',')[0], tab).toBe(headers[0]!.trim());
      }
      if (['By category', 'Margin by piece', 'Stock age', 'Tax'].includes(tab))
        await shoot(manager, `reports-${tab.toLowerCase().replace(/ /g, '-')}`);
    });
  }
  await manager.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Exports' }).click();
  const orders = manager.getByRole('link', { name: 'CSV of orders, a row per line' });
  const file = await manager.request.get((await orders.getAttribute('href'))!);
  expect(file.headers()['content-type']).toMatch(/^text\/csv/);
  expect((await file.text()).split('\r\n')[0]).toMatch(/^order,placedAt,status/);
  // A manager may not read the audit log, so it is not offered.
  await expect(manager.getByText('Audit log')).toHaveCount(0);
  expect(await axe(manager)).toEqual([]);
  await shoot(manager, 'reports-exports');
});
