import { expect, type Locator, type Page } from '@playwright/test';
import { SESSION_KEYS } from '@facet/contracts/constants';
import type { User, VerifyTicket } from '@facet/contracts/account';
import { codeOf, mailTo } from './mail.ts';

export const PASSWORD = 'Brilliant$Cut2026';
export const dialog = (page: Page) => page.getByRole('dialog');

/**
 * A verified, signed-in shopper without the panel: register and verify through the API (the code
 * read from the real mail), then the tab holds the session as a sign-in leaves it. The visitor's
 * cart joins the account as it does on a sign-in. account.spec.ts keeps the UI path
 * (registerAndLogin) under test.
 */
export async function signUp(page: Page, email: string, firstName = 'Ada'): Promise<User> {
  if (!page.url().startsWith('http')) await page.goto('/');
  const visitor = await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEYS.sessionId);
  const post = async <T>(path: string, data: unknown, token?: string) => {
    const res = await page.request.post(`/api${path}`, {
      data,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(visitor ? { 'x-session-id': visitor } : {}),
      },
    });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const ticket = await post<VerifyTicket>('/user/register', {
    firstName,
    lastName: 'Lovelace',
    email,
    password: PASSWORD,
  });
  const code = codeOf(await mailTo(email, /verification code/));
  const user = await post<User>('/user/verify-otp', { otp: code }, ticket.token);
  // What storeUser does at a sign-in: keep user and token, retire the visitor id (its cart was claimed).
  await page.evaluate(
    ([k, u]) => {
      sessionStorage.setItem(k.loggedUser, JSON.stringify(u));
      sessionStorage.setItem(k.userToken, u.token);
      sessionStorage.removeItem(k.sessionId);
      localStorage.removeItem('facet-visitor');
    },
    [SESSION_KEYS, user] as const,
  );
  await page.reload();
  await expect(page.getByTestId('user-menu')).toContainText(firstName);
  return user;
}

/** Register through the panel, read the code from the real mail and verify: that signs the shopper in. */
export async function registerAndLogin(page: Page, email: string, firstName = 'Ada') {
  await page.getByRole('button', { name: 'Account' }).click();
  await dialog(page).getByRole('button', { name: "Don't have account?" }).click();
  await dialog(page).getByLabel('First name').fill(firstName);
  await dialog(page).getByLabel('Last name').fill('Lovelace');
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByLabel('Password').fill(PASSWORD);
  await dialog(page).getByRole('button', { name: 'Create account' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
  const code = codeOf(await mailTo(email, /verification code/));
  // A code was just sent: the resend button counts down from 00:59 and stays disabled (the
  // server would refuse a resend within the minute).
  await expect(dialog(page).getByRole('button', { name: /^Resend in 00:5\d$/ })).toBeDisabled();
  await dialog(page).getByLabel('Verification code').fill(code);
  await dialog(page).getByRole('button', { name: 'Verify' }).click();
  // Verification is a sign-in: the panel closes and the header greets the shopper, no second log-in.
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText(`Your e-mail is verified. Welcome, ${firstName}.`)).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText(firstName);
}

export interface AddressValues {
  name: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}
/** Fills the US address fields inside `scope` (the address-book form or checkout's shipping step). */
export async function fillAddress(scope: Locator, a: AddressValues) {
  await scope.getByLabel('Full name').fill(a.name);
  await scope.getByLabel('Street address').fill(a.line1);
  await scope.getByLabel('City').fill(a.city);
  await scope.getByLabel('State').selectOption(a.state);
  await scope.getByLabel('ZIP code').fill(a.zip);
  await scope.getByLabel('Phone').fill(a.phone);
}
