import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/ready.ts';
import { signIn } from './support/staff.ts';

// The jeweller writes a journal post over days: a draft shoppers cannot read, then scheduled for a
// moment to come, then published now; the journal and the post follow each step.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

test('a manager saves a post as a draft, schedules it, then publishes it; shoppers read it only then', async ({
  browser,
}) => {
  const slug = `bench-notes-${Date.now().toString(36)}`;
  const title = `Notes from the bench ${slug.slice(-6)}`;
  const shop = await (await browser.newContext()).newPage();
  const manager = await signIn(browser, 'manager', '/admin/content/blog/new');
  await manager.getByLabel('Address').fill(slug);
  await manager.getByLabel('Title').fill(title);
  await manager.getByLabel('Summary').fill('What the workshop made this week.');
  await manager.getByLabel('Text (Markdown)').fill('Three signets, carved by hand.');
  // A new post starts as a draft.
  await expect(manager.getByRole('radio', { name: /Not yet — a draft/ })).toBeChecked();
  expect(await axe(manager)).toEqual([]);
  await manager.getByRole('button', { name: 'Save draft' }).click();
  await expect(manager.getByText('Draft saved. Shoppers cannot read it until you publish it.')).toBeVisible();
  await expect(manager.getByText(/a draft: shoppers cannot read it yet/)).toBeVisible();
  expect((await shop.goto(`/blog/${slug}`))?.status()).toBe(404);

  // Scheduled for tomorrow: still not readable, and the list of pages says when.
  await manager.getByRole('radio', { name: 'From a day and time' }).check();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await manager.getByLabel('Publish at').fill(local);
  expect(await axe(manager)).toEqual([]);
  await manager.getByRole('button', { name: 'Schedule' }).click();
  await expect(manager.getByText(/^Saved\. Shoppers can read it from /)).toBeVisible();
  expect((await shop.goto(`/blog/${slug}`))?.status()).toBe(404);
  await manager.goto('/admin/content');
  await expect(manager.getByRole('row', { name: new RegExp(title) })).toContainText('scheduled for');

  // Published now: on the journal and readable.
  await manager.getByRole('link', { name: title }).click();
  await manager.getByRole('radio', { name: /Now — on the journal/ }).check();
  await manager.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(manager.getByText('Saved. Shoppers read the new text now.')).toBeVisible();
  await expect.poll(async () => (await shop.goto(`/blog/${slug}`))?.status(), { timeout: 3_000 }).toBe(200);
  await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shop.goto('/blog');
  await expect(shop.getByRole('link', { name: title }).first()).toBeVisible();
});
