import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import { expect, test } from './support/ready.ts';
import { contactAndAddress, payByCard } from './support/checkout.ts';
import { fillAddress } from './support/account.ts';
import { mailTo } from './support/mail.ts';
import { signIn } from './support/staff.ts';

// A gift card bought in the store arrives by e-mail and pays $100 of another shopper's order, the
// rest by card; the owner sees it, its ledger and what the store owes on gift cards.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations;

test('a gift card bought in the store arrives by e-mail and pays $100 of another shopper’s order, the rest by card', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const recipient = `ines.${Date.now()}@example.com`;
  await page.goto(paths.giftCards());
  const form = page.getByRole('form', { name: 'Buy a gift card' });
  await form.getByLabel('Or any amount (USD)').fill('100');
  await form.getByLabel('Their name').fill('Ines');
  await form.getByLabel('Their e-mail').fill(recipient);
  await form.getByLabel('From').fill('Marta');
  await form.getByLabel('Your message').fill('Happy birthday, with love.');
  expect(await axe(page)).toEqual([]);
  await form.getByRole('button', { name: /Add a \$100 gift card/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toContainText('Gift card for Ines');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  // A gift card alone is e-mailed: checkout asks nothing about shipping, and promises none.
  const buyer = `marta.${Date.now()}@example.com`;
  await page
    .getByRole('region', { name: /Contact/ })
    .getByLabel('Email')
    .fill(buyer);
  await expect(page.getByRole('region', { name: /Shipping address/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: /Shipping method/ })).toHaveCount(0);
  await expect(page.getByText(/insured delivery/i)).toHaveCount(0);
  await fillAddress(page.getByRole('region', { name: /Billing address/ }), {
    name: 'Marta Lopez',
    line1: '350 Fifth Ave',
    city: 'New York',
    state: 'NY',
    zip: '10118',
    phone: '(212) 555-0100',
  });
  await payByCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?number=FCT-/);
  await expect(page.getByText('Gift card by e-mail')).toBeVisible();
  await expect(page.getByText(/Insured delivery|Crafted and inspected|Ships to|signature/)).toHaveCount(0);
  const receipt = await mailTo(buyer, /order FCT-/);
  expect(receipt.text).toContain('Gift cards cannot be returned.');
  expect(receipt.text).not.toMatch(/tracking|insured|signature|days to return|Ships to/i);

  const mail = await mailTo(recipient, /gift card/);
  expect(mail.text).toContain('Happy birthday, with love.');
  const code = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(mail.text)![1]!;

  // Ines checks it, then spends it on a chain.
  const ines = await (await browser.newContext()).newPage();
  await ines.goto(paths.giftBalance());
  await ines.getByLabel('Gift card code').fill(code.toLowerCase());
  await ines.getByRole('button', { name: 'Check balance' }).click();
  await expect(ines.getByTestId('gift-balance')).toHaveText('$100.00');
  expect(await axe(ines)).toEqual([]);
  const chains = (await (
    await ines.request.get(`/api${paths.category(CATEGORY.chainsMetal)}?pageSize=4&sort=price-desc`)
  ).json()) as {
    data: { products: Array<{ href: string }> };
  };
  await ines.goto(chains.data.products[0]!.href);
  await ines.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(ines.getByText(/added to your cart/)).toBeVisible();
  await ines.goto('/checkout');
  await contactAndAddress(ines, recipient);
  await ines.getByLabel(/^Gift card/).fill(code);
  await ines.getByRole('button', { name: 'Apply' }).click();
  await expect(ines.getByTestId('applied-gift-card')).toContainText(
    `Gift card ending ${code.slice(-4)}: $100.00 of $100.00`,
  );
  await expect(ines.getByTestId('gift-payments')).toContainText('To pay by card');
  await payByCard(ines);
  expect(await axe(ines)).toEqual([]);
  await ines.getByRole('button', { name: 'Place Order' }).click();
  await expect(ines).toHaveURL(/\/order-confirmation\?number=FCT-/);
  await expect(ines.getByText(`Gift card ending ${code.slice(-4)}: $100.00`)).toBeVisible();
  await expect(ines.getByText(/^Visa ending 4242: \$/)).toBeVisible();

  const owner = await signIn(browser, 'owner', '/admin/gift-cards');
  await owner.getByLabel('Find a card').fill(code.slice(-4));
  await owner.getByRole('button', { name: 'Find' }).click();
  await owner.getByRole('button', { name: 'Open the card for Ines' }).click();
  await expect(owner.getByRole('cell', { name: /Spent/ })).toBeVisible();
  await expect(owner.getByTestId('liability-outstanding')).toBeVisible();
  await expect(owner.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  expect(await axe(owner)).toEqual([]);
});
