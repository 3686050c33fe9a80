import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/ready.ts';
import { signIn } from './support/staff.ts';

// The owner words the "shipped" e-mail: a typo'd placeholder is refused beside the field, the
// preview is the e-mail as a customer gets it (from the newest real order), then saved and, later,
// back to the store's own words after a confirmation.

// The preview's frame holds the e-mail (its own document, scripts off), not the back office: axe
// judges the page around it.
const axe = async (page: Page) =>
  (
    await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).exclude('iframe').analyze()
  ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('a manager words the shipped e-mail, previews it, saves it and puts the store’s words back', async ({
  browser,
}) => {
  const manager = await signIn(browser, 'manager', '/admin/emails');
  await manager.getByRole('link', { name: 'Order shipped' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Order shipped' })).toBeVisible();
  expect(await axe(manager)).toEqual([]);
  await manager.getByLabel('Subject').fill('{{firstName}}, your piece is on its way');
  await manager
    .getByLabel('Opening (Markdown)')
    .fill('Dear {{firstname}},\n\nOrder {{orderNumber}} left the workshop.');
  await manager.getByRole('button', { name: 'Preview' }).click();
  await expect(manager.getByText(/This e-mail has no \{\{firstname\}\}/).first()).toBeVisible();
  await manager
    .getByLabel('Opening (Markdown)')
    .fill('Dear {{firstName}},\n\nOrder **{{orderNumber}}** left the workshop.');
  await manager.getByRole('button', { name: 'Preview' }).click();
  const frame = manager.frameLocator('iframe[title^="The e-mail as the customer gets it"]');
  await expect(frame.getByText(/left the workshop\./)).toBeVisible();
  await expect(frame.getByText(/Then the store adds/)).toBeVisible();
  expect(await axe(manager)).toEqual([]);
  await manager.getByRole('button', { name: 'Save' }).click();
  await expect(
    manager.getByText(/^Saved: every order shipped e-mail from now on opens with your words\./),
  ).toBeVisible();
  await manager.getByRole('link', { name: '← E-mails' }).click();
  await expect(manager.getByRole('row', { name: /Order shipped/ })).toContainText('Yours');

  await manager.getByRole('link', { name: 'Order shipped' }).click();
  await manager.getByRole('button', { name: 'Use the store’s own words' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Use the store’s own words' }).click();
  await expect(manager.getByText('The order shipped e-mail uses the store’s own words again.')).toBeVisible();
  await expect(manager.getByLabel('Subject')).toHaveValue('Your {{storeName}} order {{orderNumber}} has shipped');
});
