import { test, expect } from './support/ready.ts';
import type { Browser, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { generate } from 'otplib';
import { mailTo } from './support/mail.ts';
import { signIn } from './support/staff.ts';

// A member who lost their phone gets back in: two-factor set up with the QR code gives ten recovery
// codes, one signs them in; then the owner resets their two-factor, and the password alone works.

const PASSWORD = 'Bezel-and-Prong-2026';
const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

async function passwordStep(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

test('a member who lost their phone signs in with a recovery code; the owner resets their two-factor', async ({
  browser,
}) => {
  const email = `lost.phone.${Date.now()}@facet.test`;
  // The owner adds the member; the member sets a password through the one-time link.
  const owner = await signIn(browser, 'owner', '/admin/staff');
  const add = owner.getByRole('form', { name: 'Add a staff member' });
  await add.getByLabel('E-mail').fill(email);
  await add.getByLabel('Role').selectOption('fulfilment');
  await add.getByRole('button', { name: 'Add' }).click();
  const link = (await owner.getByText(/\/admin\/set-password\//).textContent())!.trim();
  const member = await (await browser.newContext()).newPage();
  await member.goto(link);
  await member.getByLabel('New password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member.getByText(/password is set/i)).toBeVisible();

  // Two-factor, set up from the QR code's key; the codes are shown once.
  const first = await passwordStep(browser, email);
  await expect(first.getByTestId('staff-member')).toContainText(email);
  await first.goto('/admin/account');
  await first.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(first.getByRole('img', { name: /Scannable key/ })).toBeVisible();
  expect(await axe(first)).toEqual([]);
  const secret = (await first.getByTestId('totp-secret').textContent())!.trim();
  await first.getByLabel('Code').fill(await generate({ secret }));
  await first.getByRole('button', { name: 'Turn on' }).click();
  const list = first.getByTestId('recovery-codes').getByRole('listitem');
  await expect(list).toHaveCount(10);
  const codes = (await list.allTextContents()).map((c) => c.trim());
  expect(await axe(first)).toEqual([]);
  await first.getByRole('button', { name: 'I have kept them' }).click();
  await expect(first.getByText('10 recovery codes left')).toBeVisible();

  // The phone is lost: a recovery code signs in, once.
  const lost = await passwordStep(browser, email);
  await lost.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await lost.getByLabel('Recovery code', { exact: true }).fill(codes[0]!);
  await lost.getByRole('button', { name: 'Continue' }).click();
  await expect(lost.getByTestId('staff-member')).toContainText(email);
  await mailTo(email, /recovery code was used/);
  const again = await passwordStep(browser, email);
  await again.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await again.getByLabel('Recovery code', { exact: true }).fill(codes[0]!);
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(again.getByText('That recovery code is not right, or it has been used already.')).toBeVisible();

  // The owner resets their two-factor; focus goes back to the button when the dialog closes.
  await owner.reload();
  const reset = owner.getByRole('button', { name: `Reset two-factor of ${email}` });
  await reset.click();
  const dialog = owner.getByRole('alertdialog');
  expect(await axe(owner)).toEqual([]);
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(reset).toBeFocused();
  await reset.click();
  await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(owner.getByText(`Two-factor reset for ${email}`)).toBeVisible();
  await mailTo(email, /two-factor sign-in .* was reset/);
  // Their sessions ended; the password alone signs in now.
  await lost.reload();
  await expect(lost).toHaveURL(/\/admin\/login/);
  const back = await passwordStep(browser, email);
  await expect(back.getByTestId('staff-member')).toContainText(email);
});
