import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';

const PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'Loupe-and-Tweezers-42';
export const SAMPLE_DIAMOND_FEED = path.resolve(import.meta.dirname, '../../../../../samples/feeds/acme-diamonds.csv');

/** A staff member of `role` (made by scripts/e2e.mjs) signed in, in a browser of their own, on `next`. */
export async function signIn(browser: Browser, role: string, next = '/admin/orders') {
  const page = await (await browser.newContext()).newPage();
  await page.goto(next);
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await page.getByLabel('Email').fill(`${role}@facet.test`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('staff-member')).toContainText(`${role}@facet.test`);
  return page;
}

/** A manager on /admin/imports uploads the sample diamond feed for `supplier` and applies it. */
export async function importSampleFeed(manager: Page, supplier: string) {
  await manager.getByLabel('Supplier code').fill(supplier);
  await manager.getByLabel('Feed file').setInputFiles(SAMPLE_DIAMOND_FEED);
  await manager.getByRole('button', { name: 'Upload and check' }).click();
  await expect(manager.getByRole('heading', { name: `Dry run · ${supplier}` })).toBeVisible();
  await expect(manager.getByText('Finished')).toBeVisible({ timeout: 20_000 });
  await manager.getByRole('button', { name: 'Apply this file' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Apply the feed' }).click();
  await expect(manager.getByRole('heading', { name: `Import · ${supplier}` })).toBeVisible();
  await expect(manager.getByText('Finished')).toBeVisible({ timeout: 20_000 });
}
