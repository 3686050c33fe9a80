import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test } from './support/ready.ts';
import { mailTo } from './support/mail.ts';
import { signIn } from './support/staff.ts';
import { signUp } from './support/account.ts';

// A commission: sales staff quote an engagement ring's diamond and a design fee with a 30 %
// deposit; the diamond shows as on hold; the customer accepts from the e-mailed link and pays the
// deposit; staff mark it ready and the balance link takes exactly the rest; then it may ship.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations;
const shots = process.env.E2E_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};
const pay = async (page: Page, name: string) => {
  await page.getByLabel('Name on card').fill(name);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
};
const dollars = (t: string) => Math.round(Number(t.replace(/[$,]/g, '')) * 100);

test('a quote with a held diamond is accepted with its deposit, and the balance is paid when ready', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const email = `commission.${Date.now()}@example.com`;
  const list = (await (await page.request.get('/api/diamond?origin=lab&sort=price-asc&pageSize=1&page=7')).json()) as {
    data: { diamonds: Array<{ id: number; serial: string }> };
  };
  const d = list.data.diamonds[0]!;
  const diamondUrl = `/diamond/${encodeURIComponent(d.serial)}/1700/${d.id}/${d.id}`;

  const sales = await signIn(browser, 'sales', '/admin/quotes');
  await expect(sales.getByRole('heading', { name: 'Quotes' })).toBeVisible();
  await sales.getByRole('link', { name: 'New quote' }).click();
  const form = sales.getByRole('form', { name: 'New quote' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Name').fill('Ada King');
  await form.getByLabel('Street address').fill('12 Mercer Street');
  await form.getByLabel('City').fill('New York');
  await form.getByLabel('State').selectOption('NY');
  await form.getByLabel('ZIP code').fill('10013');
  await form.getByLabel('Phone').fill('212 555 0123');
  await form.getByLabel('Stock or certificate number').fill(d.serial);
  await form.getByLabel('Price ($)').fill('1500');
  await form.getByLabel('Details the customer reads (optional)').fill('Two CAD renderings and a wax model');
  await form.getByLabel('To the customer').fill('Your engagement ring, as we drew it together on Saturday.');
  expect(await axe(sales)).toEqual([]);
  await shoot(sales, 'quote-new');
  await form.getByRole('button', { name: 'Save as a draft' }).click();
  await expect(sales.getByRole('heading', { name: /^Quote QTE-/ })).toBeVisible();
  const number = /QTE-\w{8}/.exec((await sales.getByRole('heading', { name: /^Quote QTE-/ }).textContent())!)![0];
  await expect(sales.getByTestId('quote-status')).toHaveText('Draft');
  const deposit = await sales.getByTestId('quote-deposit').textContent();
  const total = await sales.getByTestId('quote-total').textContent();
  expect(dollars(deposit!)).toBe(Math.round(dollars(total!) * 0.3));

  // A CAD rendering for the customer to see with the quote.
  const render = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#e3e8ee' } })
    .png()
    .toBuffer();
  await sales
    .getByLabel('Add images or PDFs (at most 10 MB each)')
    .setInputFiles({ name: 'CAD front view.png', mimeType: 'image/png', buffer: render });
  await expect(sales.getByRole('link', { name: 'CAD front view.webp' })).toBeVisible();
  await sales.getByRole('button', { name: 'Send to the customer' }).click();
  await sales.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
  await expect(sales.getByTestId('quote-status')).toHaveText('Sent');
  await expect(sales.getByRole('region', { name: 'Held for the customer' })).toContainText(d.serial);
  expect(await axe(sales)).toEqual([]);
  await shoot(sales, 'quote-admin');

  // Shoppers see the diamond on hold.
  await page.goto(diamondUrl);
  await expect(page.getByText('This diamond is on hold for another customer.')).toBeVisible();

  const mail = await mailTo(email, new RegExp(`Your quote ${number}`));
  expect(mail.text).toContain(`Deposit: ${deposit}`);
  const link = /https?:\/\/\S+\/quotes\/QTE-\w+\?token=\S+/.exec(mail.text)![0];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByTestId('quote-status')).toHaveText('Sent');
  await expect(page.getByTestId('quote-deposit')).toHaveText(deposit!);
  await expect(page.getByTestId('quote-total')).toHaveText(total!);
  await expect(page.getByText(/is on hold for you until/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'CAD front view.webp' })).toBeVisible();
  expect(
    await page
      .getByRole('link', { name: 'CAD front view.webp' })
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'quote-customer');
  await pay(page, 'Ada King');
  // Two clicks, one deposit.
  const button = page.getByRole('button', { name: `Accept and pay ${deposit}` });
  await button.dblclick();
  await expect(page.getByTestId('quote-accepted')).toContainText(/Your order FCT-\w{8} is in production/);
  const order = /FCT-\w{8}/.exec((await page.getByTestId('quote-accepted').textContent())!)![0];
  await shoot(page, 'quote-accepted');
  await mailTo(email, /Your commission is under way/);

  const manager = await signIn(browser, 'manager', `/admin/orders/${order}`);
  await expect(manager.getByText(`Deposit of ${deposit} paid`)).toBeVisible();
  await manager.getByRole('button', { name: 'Mark as ready to ship' }).click();
  const due = await mailTo(email, new RegExp(`to pay for order ${order}`));
  const payLink = /https?:\/\/\S+\/pay\/FCT-\w+\?token=\S+/.exec(due.text)![0];
  await page.goto(payLink.replace(/^https?:\/\/[^/]+/, ''));
  const balance = await page.getByTestId('balance-due').textContent();
  expect(dollars(balance!)).toBe(dollars(total!) - dollars(deposit!));
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'quote-balance');
  await pay(page, 'Ada King');
  await page.getByRole('button', { name: `Pay ${balance}` }).click();
  await expect(page.getByRole('heading', { name: 'Paid in full' })).toBeVisible();
  await expect(page.getByTestId('balance-due')).toHaveText('$0.00');
  await mailTo(email, new RegExp(`Paid in full — order ${order}`));
});

test('a ring not yet being made: the customer changes its size, sees the new total, pays the difference', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `resize.before.${Date.now()}@example.com`;
  const session = crypto.randomUUID();
  const headers = { 'x-session-id': session };
  const added = await page.request.post('/api/cart/items', {
    headers,
    data: { kind: 'configured', configuration: { groupId: 900001, metal: '14KW', size: 7, stones: [] } },
  });
  expect(added.status(), await added.text()).toBe(200);
  const res = await page.request.post('/api/order', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      email,
      shippingAddress: {
        name: 'Grace Hopper',
        company: '',
        line1: '1 Compiler Way',
        line2: '',
        city: 'Arlington',
        state: 'VA',
        zip: '22201',
        country: 'US',
        phone: '(703) 555-0143',
      },
      shippingMethod: 'standard',
      card: { name: 'Grace Hopper', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { number, accessToken } = (await res.json()).data as { number: string; accessToken: string };
  await page.goto(`/order-confirmation?number=${number}&token=${accessToken}`);
  await page.getByText('Change size or metal').click();
  await page.getByLabel('Size').selectOption('9');
  const total = page.getByText(/^New total \$[\d,.]+: \$[\d,.]+ more to pay\.$/);
  await expect(total).toBeVisible();
  const more = /: (\$[\d,.]+) more to pay/.exec((await total.textContent())!)![1]!;
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'ring-change');
  await page.getByRole('button', { name: `Change it and pay ${more}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/${number}\\?token=`));
  await expect(page.getByTestId('balance-due')).toHaveText(more);
  // The order page says what is left, and pays it from its own link too.
  await page.goto(`/order-confirmation?number=${number}&token=${accessToken}`);
  await expect(page.getByText(`still to pay ${more}`)).toBeVisible();
  await shoot(page, 'order-balance');
  await page.getByRole('link', { name: `Pay ${more}` }).click();
  await expect(page.getByTestId('balance-due')).toHaveText(more);
  await pay(page, 'Grace Hopper');
  await page.getByRole('button', { name: `Pay ${more}` }).click();
  await expect(page.getByRole('heading', { name: 'Paid in full' })).toBeVisible();
  await mailTo(email, new RegExp(`Your change to order ${number}`));
});

test('a signed-in customer finds the quote in the account and opens it without the link', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const email = `account.quote.${Date.now()}@example.com`;
  await signUp(page, email, 'Ines');
  await page.goto('/profile/quotes');
  await expect(page.getByText('No quotes yet')).toBeVisible();

  const sales = await signIn(browser, 'sales', '/admin/quotes/new');
  const form = sales.getByRole('form', { name: 'New quote' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Name').fill('Ines Duarte');
  await form.getByLabel('Street address').fill('40 Pearl Street');
  await form.getByLabel('City').fill('Portland');
  await form.getByLabel('State').selectOption('OR');
  await form.getByLabel('ZIP code').fill('97201');
  await form.getByLabel('Phone').fill('503 555 0199');
  await form.getByLabel('Line 1').selectOption('custom');
  await form.getByLabel('What it is').first().fill('Setting redesign');
  await form.getByLabel('Price ($)').first().fill('900');
  await form.getByRole('button', { name: 'Remove line 2' }).click();
  await form.getByRole('button', { name: 'Save as a draft' }).click();
  await expect(sales.getByTestId('quote-status')).toHaveText('Draft');
  await expect(sales.getByText('Has an account: the quote is listed there.')).toBeVisible();
  const total = await sales.getByTestId('quote-total').textContent();
  await sales.getByRole('button', { name: 'Send to the customer' }).click();
  await sales.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
  await expect(sales.getByTestId('quote-status')).toHaveText('Sent');
  await sales.goto('/admin/quotes');
  await expect(sales.getByTestId('quote-row').first()).toContainText('Ines Duarte');
  expect(await axe(sales)).toEqual([]);
  await shoot(sales, 'quote-list');

  await page.goto('/profile/quotes');
  const row = page.getByRole('link', { name: /QTE-\w{8}/ });
  await expect(row).toContainText('Sent');
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'quote-account');
  await row.click();
  await expect(page.getByRole('heading', { name: 'Your quote, Ines' })).toBeVisible();
  await expect(page.getByTestId('quote-total')).toHaveText(total!);
});
