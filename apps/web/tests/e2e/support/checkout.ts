import type { Page } from '@playwright/test';
import { fillAddress } from './account.ts';

/** Checkout's contact and shipping steps, for a New York address. */
export async function contactAndAddress(page: Page, email: string) {
  await page
    .getByRole('region', { name: /Contact/ })
    .getByLabel('Email')
    .fill(email);
  await fillAddress(page.getByRole('region', { name: /Shipping address/ }), {
    name: 'Ada Lovelace',
    line1: '350 Fifth Ave',
    city: 'New York',
    state: 'NY',
    zip: '10118',
    phone: '(212) 555-0100',
  });
}

/** The test card that is approved. */
export async function payByCard(page: Page) {
  const pay = page.getByRole('region', { name: /Payment/ });
  await pay.getByLabel('Name on card').fill('Ada Lovelace');
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await pay.getByLabel('Security code').fill('123');
}
