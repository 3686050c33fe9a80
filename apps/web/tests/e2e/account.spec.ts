import { expect, test } from './support/ready.ts';
import AxeBuilder from '@axe-core/playwright';
import { MSG } from '@facet/contracts/messages';
import { SESSION_KEYS } from '@facet/contracts/constants';
import { mailTo, resetLinkOf } from './support/mail.ts';
import { dialog, fillAddress, PASSWORD, registerAndLogin, signUp } from './support/account.ts';

const unique = (name: string) => `${name}.${Date.now()}@example.com`;

test.describe('account panels', () => {
  test('validate on touch with the spec messages; submit stays disabled; Reset clears; links switch panels', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click();
    const d = dialog(page);
    await expect(d.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(d.getByLabel('Email')).toHaveAttribute('name', 'username');
    await expect(d.getByLabel('Email')).toHaveAttribute('autocomplete', 'username');
    await expect(d.getByLabel('Password')).toHaveAttribute('autocomplete', 'current-password');
    await expect(d.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await d.getByLabel('Email').fill('not an email');
    await d.getByLabel('Password').focus();
    await expect(d.getByText(MSG.email)).toBeVisible();
    await d.getByLabel('Password').blur();
    await expect(d.getByText(MSG.passwordRequired)).toBeVisible();
    await d.getByRole('button', { name: 'Reset' }).click();
    await expect(d.getByLabel('Email')).toHaveValue('');
    await expect(d.getByText(MSG.email)).toBeHidden();
    expect((await new AxeBuilder({ page }).include('[role=dialog]').analyze()).violations).toEqual([]);

    await d.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(d.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await d.getByRole('button', { name: 'Back to login' }).click();
    await d.getByRole('button', { name: "Don't have account?" }).click();
    await expect(d.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await expect(d.getByLabel('First name')).toHaveAttribute('autocomplete', 'given-name');
    await expect(d.getByLabel('Password')).toHaveAttribute('autocomplete', 'new-password');
    await d.getByLabel('First name').fill('J0hn');
    await d.getByLabel('Password').fill('short');
    await d.getByLabel('Password').blur();
    await expect(d.getByText(MSG.firstName)).toBeVisible();
    await expect(d.getByText(MSG.passwordPolicy)).toBeVisible();
    await expect(d.getByRole('button', { name: 'Create account' })).toBeDisabled();
  });

  test('register → mailed code → verify → login → profile → two addresses → logout', async ({ page }) => {
    const email = unique('ada');
    await page.goto('/');
    await expect
      .poll(() => page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEYS.sessionId))
      .toMatch(/^[0-9a-f-]{36}$/);
    await registerAndLogin(page, email);
    const stored = await page.evaluate(
      (k) => [sessionStorage.getItem(k.loggedUser), sessionStorage.getItem(k.userToken)],
      SESSION_KEYS,
    );
    expect(JSON.parse(stored[0]!)).toMatchObject({ firstName: 'Ada', emailVerified: 1 });
    expect(stored[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await page.getByTestId('user-menu').click();
    await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByLabel('Last name').fill('King');
    await page.getByLabel('Phone').fill('+1 212 555 0100');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Last name')).toHaveValue('King');

    await page.getByTestId('user-menu').click();
    await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Addresses' }).click();
    await expect(page.getByText('No saved addresses yet')).toBeVisible();
    for (const [street, zip] of [
      ['12 Bleecker St', '10012'],
      ['350 Fifth Ave', '10118'],
    ] as const) {
      await page.getByRole('button', { name: 'Add address' }).first().click();
      const form = page.getByRole('form', { name: 'Add address' });
      await fillAddress(form, {
        name: 'Ada King',
        line1: street,
        city: 'New York',
        state: 'NY',
        zip,
        phone: '(212) 555-0188',
      });
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(page.getByText(street)).toBeVisible();
    }
    await expect(page.getByTestId('address-card')).toHaveCount(2);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.getByTestId('user-menu').click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    expect(await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEYS.userToken)).toBeNull();
    await page.goto('/address');
    await expect(page).toHaveURL(/\/$/);
  });

  test('forgot password → mailed link → reset → the old password fails and the new one works', async ({ page }) => {
    const email = unique('grace');
    await page.goto('/');
    await signUp(page, email, 'Grace');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click();
    await dialog(page).getByRole('button', { name: 'Forgot Password?' }).click();
    await dialog(page).getByLabel('Email').fill(email);
    await dialog(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(MSG.resetMailSent)).toBeVisible();
    await expect(dialog(page)).toBeHidden();

    const link = resetLinkOf(await mailTo(email, /Reset your/));
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Sapphire$Blue2026');
    await page.getByLabel('Confirm new password').fill('Sapphire$Blue2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText(MSG.passwordReset)).toBeVisible();

    const d = dialog(page);
    await expect(d.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await d.getByLabel('Email').fill(email);
    await d.getByLabel('Password').fill(PASSWORD);
    await d.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await d.getByLabel('Password').fill('Sapphire$Blue2026');
    await d.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('user-menu')).toContainText('Grace');
  });
});

test('contact form sends and shows its success state', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByLabel('Name').fill('Jane Doe');
  await page.getByLabel('Email').first().fill('jane@example.com');
  await page.getByLabel('Subject').fill('Ring resizing');
  await page.getByRole('textbox', { name: 'Message' }).fill('Could you resize my ring to a 6.5 before Friday?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
  await mailTo('jane@example.com', /We received your message/);
});
