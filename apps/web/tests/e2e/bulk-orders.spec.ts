import { test, expect } from './support/ready.ts';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mailTo } from './support/mail.ts';
import { signIn } from './support/staff.ts';
import { placeOrder } from './support/orders.ts';

// Twenty orders go out in one sitting: chosen in the list, moved through production to shipped with
// each parcel's tracking number pasted as a column, and their packing slips printed as one document.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

test('twenty orders are moved to shipped with their tracking in one step, and their slips print as one document', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const batch = `bulk${Date.now()}`;
  const numbers: string[] = [];
  for (let i = 0; i < 20; i++) numbers.push((await placeOrder(page, `${batch}.${i}@example.com`, 'lab')).number);

  const staff = await signIn(browser, 'fulfilment', `/admin/orders?q=${batch}`);
  await expect(staff.getByRole('row')).toHaveCount(21);
  const chooseAll = () => staff.getByRole('checkbox', { name: 'Select every order on this page' }).check();
  const bar = staff.getByRole('region', { name: 'Chosen orders' });
  const moveTo = async (status: string) => {
    await chooseAll();
    await expect(bar.getByText('20 orders chosen')).toBeVisible();
    await bar.getByLabel('Move to').selectOption({ label: status });
    await bar.getByRole('button', { name: 'Move' }).click();
    await expect(staff.getByText(`20 orders marked as ${status.toLowerCase()}.`)).toBeVisible();
  };
  await moveTo('In production');
  await moveTo('Ready to ship');

  await chooseAll();
  await bar.getByLabel('Move to').selectOption({ label: 'Shipped' });
  const addTracking = bar.getByRole('button', { name: 'Add tracking…' });
  await addTracking.click();
  const sheet = staff.getByRole('dialog', { name: 'Ship 20 orders' });
  expect(await axe(staff)).toEqual([]);
  // Sending with a box empty names it, and ships nothing.
  await sheet.getByRole('button', { name: 'Mark 20 orders as shipped' }).click();
  await expect(sheet.getByText('Paste the tracking number').first()).toBeVisible();
  // Going back returns to the button that opened it.
  await sheet.getByRole('button', { name: 'Go back' }).click();
  await expect(addTracking).toBeFocused();
  await addTracking.click();
  // The tracking numbers, pasted as the column a carrier's export gives.
  const tracking = numbers.map((_, i) => `1Z999AA1${String(1_000_000_0 + i).padStart(10, '0')}`);
  // The sheet lists the orders as chosen; its boxes say whose they are.
  const order = (
    await sheet.getByRole('textbox').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!))
  ).map((label) => label.replace('Tracking number for ', ''));
  expect(order.slice().sort()).toEqual(numbers.slice().sort());
  await staff.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await staff.evaluate((text) => navigator.clipboard.writeText(text), tracking.join('\n'));
  await sheet.getByLabel(`Tracking number for ${order[0]}`).press('ControlOrMeta+V');
  await expect(sheet.getByLabel(`Tracking number for ${order[19]}`)).toHaveValue(tracking[19]!);
  await sheet.getByRole('button', { name: 'Mark 20 orders as shipped' }).click();
  await expect(staff.getByText('20 orders marked as shipped; each customer was e-mailed.')).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: 'Shipped' })).toHaveCount(20);
  const mail = await mailTo(`${batch}.0@example.com`, /shipped/i);
  expect(mail.text).toContain(tracking[order.indexOf(numbers[0]!)]!);

  // Their packing slips, one document, a page each.
  await chooseAll();
  const [slips] = await Promise.all([
    staff.context().waitForEvent('page'),
    bar.getByRole('link', { name: 'Print packing slips' }).click(),
  ]);
  await expect(slips.getByRole('heading', { name: 'Packing slip' })).toHaveCount(20);
  await expect(slips.getByRole('button', { name: 'Print all' })).toBeVisible();
  for (const n of numbers) await expect(slips.getByText(`Order ${n}`, { exact: true })).toBeVisible();
});
