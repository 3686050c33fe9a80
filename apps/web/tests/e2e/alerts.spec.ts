import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './support/ready.ts';
import { signUp } from './support/account.ts';
import { mailTo } from './support/mail.ts';
import { importSampleFeed, signIn } from './support/staff.ts';

// Saved diamond searches as a patient shopper uses them: save the filters, and hear by e-mail when
// a stone that fits arrives (here: a supplier's feed imported in the back office).

// Round 1.01 ct, G, VS1: the sample feed's first stone (AC-10001) fits.
const FILTERS = 'shape=Round&caratMin=1&caratMax=1.02&colorMin=3&colorMax=3&clarityMin=4&clarityMax=4';

test('a saved search gets a digest after a matching stone is added', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `alerts.${Date.now()}@example.com`;
  await page.goto('/');
  await signUp(page, email, 'Iris');
  await page.goto(`/diamonds?${FILTERS}&sort=carat-desc`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByText(/Search saved/)).toBeVisible();

  await page.goto('/profile');
  const alerts = page.getByTestId('saved-searches');
  await expect(alerts).toContainText('Round diamonds, 1.00–1.02 ct, color G, clarity VS1');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const supplier = `AL${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const manager = await signIn(browser, 'manager', '/admin/imports');
  await importSampleFeed(manager, supplier);

  const digest = await mailTo(email, /match your saved search|matches your saved search/);
  expect(digest.text).toContain('Dear Iris,');
  expect(digest.text).toContain(`/diamond/${supplier}-AC-10001/1700/`);
  expect(digest.text).toMatch(/1\.01 ct Round diamond, G VS1, \$[\d,]+:/);
  const unsubscribe = /(https?:\/\/\S+\/saved-searches\/unsubscribe\/\d+\/[A-Za-z0-9_-]+)/.exec(digest.text)![1]!;

  // The link in the mail stops the alert without signing in.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(new URL(unsubscribe).pathname);
  expect((await new AxeBuilder({ page: stranger }).analyze()).violations).toEqual([]);
  await stranger.getByRole('button', { name: 'Stop the alert' }).click();
  await expect(stranger.getByText('You will get no more alerts for this search.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No saved searches yet.')).toBeVisible();
});

test('a guest saves a search with an e-mail address and confirms it from the mail', async ({ page }) => {
  const email = `guest.alerts.${Date.now()}@example.com`;
  await page.goto(`/diamonds?${FILTERS}`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get an alert for this search' });
  await dialog.getByRole('button', { name: 'Send me alerts' }).click();
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send me alerts' }).click();
  await expect(dialog.getByText(/confirm the alert from the e-mail/)).toBeVisible();
  expect((await new AxeBuilder({ page }).include('[role=dialog]').analyze()).violations).toEqual([]);

  const mail = await mailTo(email, /Confirm your diamond alert/);
  const link = /(https?:\/\/\S+\/saved-searches\/confirm\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  await page.goto(new URL(link).pathname);
  await page.getByRole('button', { name: 'Confirm the alert' }).click();
  await expect(page.getByText(/Your diamond alert is on/)).toBeVisible();
});
