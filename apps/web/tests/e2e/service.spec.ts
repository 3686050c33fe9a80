import { stepAndTell } from './support/orders.ts';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import { expect, test } from './support/ready.ts';
import { contactAndAddress, payByCard } from './support/checkout.ts';
import { mailTo } from './support/mail.ts';
import { signIn } from './support/staff.ts';

// A band bought here comes back to be resized: the owner opens the ticket at the counter (free:
// the first resize within the window), prints the intake receipt, and moves it from received to
// returned; the customer is e-mailed at each step. A repair brought in is estimated, and the
// customer approves and pays the estimate from the e-mailed link.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations;

test('a resize ticket for a band bought here goes from received to returned with its e-mails', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const email = `resize.${Date.now()}@example.com`;
  const bands = (await (await page.request.get(`/api${paths.category(CATEGORY.plainBands)}?pageSize=4`)).json()) as {
    data: { products: Array<{ href: string }> };
  };
  await page.goto(bands.data.products.find((p) => !p.href.includes('BAND-BUILDER'))!.href);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/added to your cart/)).toBeVisible();
  await page.goto('/checkout');
  await contactAndAddress(page, email);
  await payByCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?number=FCT-/);
  const number = new URL(page.url()).searchParams.get('number')!;

  const owner = await signIn(browser, 'owner', `/admin/orders/${number}`);
  await owner.getByRole('button', { name: 'Mark as in production' }).click();
  await owner.getByRole('button', { name: 'Mark as ready to ship' }).click();
  await owner.getByLabel('Carrier').selectOption('UPS');
  await owner.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await stepAndTell(owner, 'Mark as shipped');
  await stepAndTell(owner, 'Mark as delivered');
  await expect(owner.getByText('Delivered', { exact: true }).first()).toBeVisible();

  // At the counter.
  await owner.goto('/admin/service');
  await owner.getByRole('button', { name: 'New ticket' }).click();
  const form = owner.getByRole('form', { name: 'New service ticket' });
  await form.getByLabel('Service').selectOption('resize');
  await form.getByLabel('Make it size').fill('7.5');
  await form.getByLabel('Customer').fill('Ada Lovelace');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('The piece').fill('14K gold band, light wear');
  await form.getByLabel('Bought here? Order number').fill(number);
  expect(await axe(owner)).toEqual([]);
  await form.getByRole('button', { name: 'Open the ticket' }).click();
  await expect(owner.getByRole('heading', { name: /^Ticket SVC-/ })).toBeVisible();
  const ticket = /SVC-\w{8}/.exec((await owner.getByRole('heading', { name: /^Ticket SVC-/ }).textContent())!)![0];
  await expect(owner.getByText('Resize to size 7.5 · free')).toBeVisible();
  await expect(owner.getByTestId('ticket-status')).toHaveText('Approved');
  expect(await axe(owner)).toEqual([]);
  await mailTo(email, new RegExp(`${ticket}: we have your`));

  const receipt = await owner.context().newPage();
  await receipt.goto(`/admin/service/${ticket}/receipt`);
  await expect(receipt.getByTestId('receipt-number')).toHaveText(ticket);
  await expect(receipt.getByText('No charge')).toBeVisible();
  await receipt.close();

  for (const [button, status, subject] of [
    ['Start the work', 'In work', 'in the workshop'],
    ['Mark ready to collect', 'Ready to collect', 'ready to collect'],
    ['Mark returned to the customer', 'Returned', 'back with you'],
  ] as const) {
    await owner.getByRole('button', { name: button }).click();
    await expect(owner.getByTestId('ticket-status')).toHaveText(status);
    await mailTo(email, new RegExp(`${ticket}: ${subject}`));
  }
});

test('a repair brought in is estimated; the customer approves and pays it from the e-mail', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const email = `repair.${Date.now()}@example.com`;
  const owner = await signIn(browser, 'owner', '/admin/service');
  await owner.getByRole('button', { name: 'New ticket' }).click();
  const form = owner.getByRole('form', { name: 'New service ticket' });
  await form.getByLabel('Service').selectOption('repair');
  await form.getByLabel('Customer').fill('Ines Duarte');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('The piece').fill('18K tennis bracelet, loose clasp');
  await form.getByRole('button', { name: 'Open the ticket' }).click();
  await expect(owner.getByTestId('ticket-status')).toHaveText('Received');
  await owner.getByLabel('Amount (dollars)').fill('85');
  await owner.getByLabel('The work').fill('Replace the box clasp and safety catch.');
  await owner.getByRole('button', { name: 'Send the estimate' }).click();
  await expect(owner.getByTestId('ticket-status')).toHaveText('Estimate sent');

  const mail = await mailTo(email, /estimate of \$85\.00/);
  const link = /https?:\/\/\S+\/service\/SVC-\w+\?token=\S+/.exec(mail.text)![0];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByTestId('estimate')).toHaveText('$85.00');
  expect(await axe(page)).toEqual([]);
  await page.getByLabel('Name on card').fill('Ines Duarte');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Approve and pay $85.00' }).click();
  await expect(page.getByRole('status')).toHaveText('Approved and paid — thank you. We e-mail you at each step.');
  await mailTo(email, /estimate approved/);
  await owner.reload();
  await expect(owner.getByTestId('ticket-status')).toHaveText('Approved');
  await expect(owner.getByText('$85.00 · Visa ending 4242')).toBeVisible();
});
