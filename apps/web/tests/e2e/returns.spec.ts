import { stepAndTell } from './support/orders.ts';
import type { Browser, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import { expect, test } from './support/ready.ts';
import { contactAndAddress, payByCard } from './support/checkout.ts';
import { mailTo } from './support/mail.ts';
import { signUp } from './support/account.ts';
import { signIn } from './support/staff.ts';
import sharp from 'sharp';

// After delivery the shopper asks to return a chain from the order history; the owner approves,
// receives and refunds it in the back office, and the shopper is told by e-mail at each step.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations;

/** A signed-up shopper buys the cheapest chain; the owner (signed in) takes the order to delivered. */
async function deliveredChain(browser: Browser, page: Page) {
  const email = `returner.${Date.now()}@example.com`;
  await signUp(page, email);
  const chains = (await (
    await page.request.get(`/api${paths.category(CATEGORY.chainsMetal)}?pageSize=2&sort=price-asc`)
  ).json()) as { data: { products: Array<{ href: string }> } };
  await page.goto(chains.data.products[0]!.href);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/added to your cart/)).toBeVisible();
  await page.goto('/checkout');
  await contactAndAddress(page, email);
  await payByCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?number=FCT-/);
  const number = new URL(page.url()).searchParams.get('number')!;

  // The owner moves the order to delivered.
  const owner = await signIn(browser, 'owner', `/admin/orders/${number}`);
  await owner.getByRole('button', { name: 'Mark as in production' }).click();
  await owner.getByRole('button', { name: 'Mark as ready to ship' }).click();
  await owner.getByLabel('Carrier').selectOption('UPS');
  await owner.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await stepAndTell(owner, 'Mark as shipped');
  await stepAndTell(owner, 'Mark as delivered');
  await expect(owner.getByText('Delivered', { exact: true }).first()).toBeVisible();
  const delivered = await mailTo(email, /was delivered/);
  expect(delivered.text).toMatch(/\/orders\/FCT-\w+\/return\?token=/);
  return { email, number, owner };
}

test('a delivered chain is returned from the order history and refunded by the owner', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const { email, number, owner } = await deliveredChain(browser, page);

  // The shopper, from the order history.
  await page.goto(paths.orders());
  await page.getByRole('link', { name: `Return items from ${number}` }).click();
  await expect(page.getByRole('heading', { name: 'Return items' })).toBeVisible();
  await page.getByRole('checkbox').first().check();
  await page.getByLabel('Why are you returning it?').selectOption('does-not-fit');
  await page.getByLabel(/Anything we should know/).fill('A little short for me.');
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ask to return' }).click();
  await expect(page.getByRole('status')).toContainText(/We have your request RMA-/);
  const rma = /RMA-\w{8}/.exec((await page.getByRole('status').textContent())!)![0];
  await expect(page.getByTestId('return')).toContainText('Requested');
  await mailTo(email, new RegExp(`Return ${rma}.*we have your request`));

  // The owner: the dashboard counts it; approve, receive, inspect, refund.
  await owner.goto('/admin');
  await expect(owner.getByTestId('returns-waiting')).not.toHaveText('0');
  await owner.getByRole('link', { name: 'Returns waiting' }).click();
  await owner.getByRole('link', { name: rma }).click();
  expect(await axe(owner)).toEqual([]);
  // Approved with no message: refused in words beside the field, the focus moved there, no raw toast.
  await owner.getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByText('Write a message to the customer')).toBeVisible();
  await expect(owner.getByLabel('Message to the customer')).toBeFocused();
  await expect(owner.getByText(/^message: /)).toHaveCount(0);
  await owner
    .getByLabel('Message to the customer')
    .fill('Pack it in its box; drop it at any UPS counter with the label.');
  await owner.getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByTestId('return-status')).toHaveText('Approved');
  await mailTo(email, new RegExp(`Return ${rma} approved`));
  await owner.getByRole('button', { name: 'Mark received' }).click();
  await expect(owner.getByTestId('return-status')).toHaveText('Received');
  await owner.getByRole('button', { name: 'Save inspection' }).click();
  await expect(owner.getByTestId('return-status')).toHaveText('Inspected');
  const amount = (await owner.getByTestId('return-refund').textContent())!;
  // The order's page says what is owed, the same amount, and leads to the return to give it.
  await owner.goto(`/admin/orders/${number}`);
  const owed = owner.getByRole('status').filter({ hasText: 'Refund owed' });
  await expect(owed).toContainText(`${amount} for return ${rma}, whose piece is back`);
  await expect(owner.getByRole('region', { name: 'Returns' })).toContainText(`Inspected · ${amount} owed`);
  expect(await axe(owner)).toEqual([]);
  await owed.getByRole('link', { name: 'refund it on the return' }).click();
  await owner.getByRole('button', { name: `Refund ${amount}` }).click();
  await owner
    .getByRole('alertdialog')
    .getByRole('button', { name: `Refund ${amount}` })
    .click();
  await expect(owner.getByTestId('return-status')).toHaveText('Refunded');
  const refunded = await mailTo(email, new RegExp(`Return ${rma}: refund of`));
  expect(refunded.text).toContain(amount);
  await owner.goto(`/admin/orders/${number}`);
  await expect(owner.getByRole('region', { name: 'Returns' })).toContainText('Refunded');
  await expect(owner.getByText('Refund owed')).toHaveCount(0);

  // The shopper sees it settled.
  await page.reload();
  await expect(page.getByTestId('return')).toContainText(`Refunded · ${amount} refunded`);
});

test('a chain that is too short is exchanged for a longer, dearer one; the shopper pays the difference', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const { email, number, owner } = await deliveredChain(browser, page);
  // The replacement: the dearest chain, by the SKU its page shows.
  const chains = (await (
    await page.request.get(`/api${paths.category(CATEGORY.chainsMetal)}?pageSize=1&sort=price-desc`)
  ).json()) as { data: { products: Array<{ href: string }> } };
  await page.goto(chains.data.products[0]!.href);
  const sku = /SKU (\S+)/.exec(
    (await page
      .getByText(/· SKU /)
      .first()
      .textContent())!,
  )![1]!;

  await page.goto(paths.orderReturn(number));
  await page.getByRole('checkbox').first().check();
  await page.getByLabel('Why are you returning it?').selectOption('does-not-fit');
  await page.getByLabel(/An exchange/).check();
  await page.getByLabel('What would you like instead?').fill('A longer chain, 20 inches');
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ask to return' }).click();
  await expect(page.getByRole('status')).toContainText(/We have your request RMA-/);
  const rma = /RMA-\w{8}/.exec((await page.getByRole('status').textContent())!)![0];
  await expect(page.getByTestId('return')).toContainText('Exchange for: A longer chain, 20 inches');

  await owner.goto(`/admin/returns/${rma}`);
  await expect(owner.getByTestId('return-resolution')).toHaveText('An exchange: A longer chain, 20 inches');
  await owner.getByLabel('Message to the customer').fill('Send it back in its box with the label.');
  await owner.getByRole('button', { name: 'Approve' }).click();
  await owner.getByRole('button', { name: 'Mark received' }).click();
  await owner.getByRole('button', { name: 'Save inspection' }).click();
  await expect(owner.getByTestId('return-status')).toHaveText('Inspected');
  await owner.getByLabel('SKU').fill(sku);
  await owner.getByRole('button', { name: 'Price it' }).click();
  const difference = (await owner.getByTestId('exchange-difference').first().textContent())!;
  await expect(owner.getByText('The customer pays')).toBeVisible();
  expect(await axe(owner)).toEqual([]);
  await owner.getByRole('button', { name: 'Ask the customer to pay' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'E-mail the link' }).click();
  await expect(owner.getByTestId('return-status')).toHaveText('Awaiting payment');

  // The shopper pays from the e-mailed link (signed out: the link alone opens it).
  const mail = await mailTo(email, new RegExp(`Return ${rma}: your replacement is ready`));
  const link = /https?:\/\/\S+\/orders\/FCT-\w+\/return\?token=[\w%-]+/.exec(mail.text)![0];
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(new URL(link).pathname + new URL(link).search);
  await expect(guest.getByTestId('exchange-difference')).toHaveText(difference);
  await guest.getByLabel('Name on card').fill('Ada King');
  await guest.getByLabel('Card number').fill('4242 4242 4242 4242');
  await guest.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await guest.getByLabel('Security code').fill('123');
  await guest.getByRole('button', { name: `Pay ${difference}` }).click();
  await expect(guest.getByTestId('return')).toContainText('Exchanged');
  await expect(guest.getByTestId('return')).toContainText(/Your replacement: order FCT-/);
  const replacement = /order (FCT-\w{8})/.exec((await guest.getByTestId('return').textContent())!)![1]!;
  await mailTo(email, new RegExp(`exchanged — your replacement is order ${replacement}`));
  await owner.reload();
  await expect(owner.getByTestId('return-status')).toHaveText('Exchanged');
  await owner.getByRole('link', { name: `Order ${replacement}` }).click();
  await expect(owner.getByText(/Credit for the pieces you sent back/)).toBeVisible();
});

test('a repair is asked from the order history with a photograph; the owner marks the piece received', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const { email, number, owner } = await deliveredChain(browser, page);

  await page.goto(paths.orders());
  await page.getByRole('link', { name: `Resize or repair a piece from ${number}` }).click();
  await expect(page.getByRole('heading', { name: 'Resize or repair' })).toBeVisible();
  await page.getByRole('radio').first().check();
  // A chain is mended, never resized.
  await expect(page.getByRole('radio', { name: 'A resize' })).toBeDisabled();
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText('Tell us what needs mending (a few words).')).toBeVisible();
  await expect(page.getByLabel('What needs mending?')).toBeFocused();
  await page.getByLabel('What needs mending?').fill('The clasp does not close firmly.');
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('status')).toContainText(/We have your request SVC-/);
  const svc = /SVC-\w{8}/.exec((await page.getByRole('status').textContent())!)![0];
  await expect(page.getByTestId('service-request')).toContainText('Requested — waiting for the piece');
  const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c9b27c' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Photograph of the piece')
    .setInputFiles({ name: 'clasp.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('service-request')).toContainText('1 photograph added');
  const asked = await mailTo(email, new RegExp(`${svc}: your repair request`));
  expect(asked.text).toContain('Send the piece to us insured');

  // The account lists it.
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Resizes and repairs' })).toContainText(svc);

  // The owner: the piece comes in, with the day it will be ready.
  await owner.goto(`/admin/service/${svc}`);
  await expect(owner.getByText('Requested — waiting for the piece').first()).toBeVisible();
  await expect(owner.getByRole('img').first()).toBeVisible();
  await owner.getByLabel('Ready by').fill('2099-01-15');
  await owner.getByRole('button', { name: 'Mark the piece received' }).click();
  await expect(owner.getByText('Marked received.')).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Send the estimate' })).toBeVisible();
  const received = await mailTo(email, new RegExp(`${svc}: we have your`));
  expect(received.text).toContain('January 15, 2099');
});
