import { test, expect } from './support/ready.ts';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { formatMoney } from '@facet/contracts/money';
import { mailTo } from './support/mail.ts';
import { signUp } from './support/account.ts';
import { signIn } from './support/staff.ts';
import { placeOrder, stepAndTell } from './support/orders.ts';

// The back office, as a jeweller's staff use it: fulfilment ships an order with tracking, the
// customer is told and sees it, a manager refunds part of it, the owner reads it all in the audit log.
// Staff are created by scripts/e2e.mjs with the staff command before the store starts.

const PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'Loupe-and-Tweezers-42';
const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

test('fulfilment ships with tracking, the customer sees it, a manager refunds part, the owner audits it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const email = `grace.${Date.now()}@example.com`;
  const order = await placeOrder(page, email);

  // Fulfilment: find the order, move it along, ship it with UPS tracking.
  const ship = await signIn(browser, 'fulfilment');
  await expect(ship.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Layaway',
    'Your account',
  ]);
  await ship.getByLabel('Search').fill(email);
  await ship.getByRole('button', { name: 'Apply' }).click();
  await ship.getByRole('link', { name: order.number }).click();
  await expect(ship.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  expect(await axe(ship)).toEqual([]);
  await expect(ship.getByRole('form', { name: 'Refund' })).toHaveCount(0);
  await ship.getByRole('button', { name: 'Mark as in production' }).click();
  await ship.getByRole('button', { name: 'Mark as ready to ship' }).click();
  await ship.getByLabel('Carrier').selectOption('UPS');
  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await stepAndTell(ship, 'Mark as shipped');
  await expect(ship.getByRole('main').getByText('Shipped', { exact: true }).first()).toBeVisible();
  const tracking = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
  await expect(ship.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', tracking);

  // The customer: an e-mail with the tracking link, and the same on their order page.
  const mail = await mailTo(email, /has shipped/);
  expect(mail.text).toContain(tracking);
  await page.goto(order.link);
  await expect(page.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', tracking);
  await expect(page.getByRole('main')).toContainText('Shipped');

  // A manager refunds part of it, confirming first.
  const manager = await signIn(browser, 'manager', `/admin/orders/${order.number}`);
  const refund = manager.getByRole('form', { name: 'Refund' });
  await refund.getByLabel('Amount (USD)').fill('25.50');
  await refund.getByLabel('Reason').fill('Goodwill: the parcel was a day late');
  await refund.getByRole('button', { name: 'Refund…' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expect(manager.getByText('Refunded $25.50').first()).toBeVisible();
  expect((await mailTo(email, /^Refund of \$25\.50/)).text).toContain('$25.50');

  // The owner reads it all in the audit log.
  const owner = await signIn(browser, 'owner', '/admin/audit?entity=order');
  const log = owner.getByRole('table', { name: 'Audit entries, newest first' });
  await expect(log).toContainText('order.refund');
  await expect(log).toContainText('manager@facet.test');
  await expect(log).toContainText('fulfilment@facet.test');
  expect(await axe(owner)).toEqual([]);
});

test('a role sees only its pages; a page outside it answers "not for your role"', async ({ browser }) => {
  const support = await signIn(browser, 'support', '/admin');
  await expect(support.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Returns',
    'Service',
    'Layaway',
    'Customers',
    'Segments',
    'Left carts',
    'Appointments',
    'Your account',
  ]);
  expect(await axe(support)).toEqual([]);
  await support.goto('/admin/staff');
  await expect(support.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  await support.goto('/admin/quotes');
  await expect(support.getByRole('heading', { name: 'Not for your role' })).toBeVisible();

  // Sales staff write quotes for commissions, and read what they need for them.
  const sales = await signIn(browser, 'sales', '/admin');
  await expect(sales.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Layaway',
    'Quotes',
    'Customers',
    'Segments',
    'Left carts',
    'Appointments',
    'Your account',
  ]);
  await sales.goto('/admin/products');
  await expect(sales.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
});

test('no storefront page loads a byte of the back office', async ({ page }) => {
  const scriptsOf = async (path: string) => {
    await page.goto(path);
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=modulepreload]')].map(
        (e) => ('src' in e && e.src) || (e as HTMLLinkElement).href,
      ),
    );
  };
  const bodies = async (urls: string[]) => Promise.all(urls.map(async (u) => (await page.request.get(u)).text()));
  for (const path of ['/', '/category/1100', '/diamonds', '/cart']) {
    const js = (await bodies(await scriptsOf(path))).join('\n');
    expect(js.length, path).toBeGreaterThan(10_000);
    expect(js, path).not.toContain('Facet back office');
  }
  // The marker is real: the back office's own scripts carry it.
  const adminJs = (await bodies(await scriptsOf('/admin/login'))).join('\n');
  expect(adminJs).toContain('Facet back office');
});

test('a manager edits a design, adds a photograph, unpublishes it; the storefront follows', async ({ browser }) => {
  const shop = await (await browser.newContext()).newPage();
  // A design off the shelf (not made to order), found by its style number.
  const listing = (await (await shop.request.get('/api/category/1100')).json()) as {
    data: { products: Array<{ series: string; href: string; GroupDescription: string; groupId: number }> };
  };
  const piece = listing.data.products.at(-1)!;
  const manager = await signIn(browser, 'manager', '/admin/products');
  expect(await axe(manager)).toEqual([]);
  await manager.getByLabel('Search').fill(piece.series);
  await manager.getByRole('button', { name: 'Apply' }).click();
  await manager.getByRole('table', { name: 'Products' }).getByRole('link', { name: piece.GroupDescription }).click();
  await expect(manager.getByRole('heading', { level: 1, name: piece.GroupDescription })).toBeVisible();

  const name = `${piece.GroupDescription} (Atelier edition)`;
  await manager.getByLabel('Name', { exact: true }).fill(name);
  await manager.getByRole('button', { name: 'Add an attribute' }).click();
  const rows = manager.getByRole('table', { name: 'Attributes' }).getByRole('row');
  const last = rows.last();
  await last.getByRole('textbox').first().fill('Finish');
  await last.getByRole('textbox').last().fill('Hand-hammered');
  await manager.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText(/^Saved\./)).toBeVisible();
  await expect(manager.getByRole('heading', { level: 1, name })).toBeVisible();

  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#d8c7a0' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Studio camera' } })
    .toBuffer();
  await manager
    .getByLabel('Add a photograph')
    .setInputFiles({ name: 'ring.jpg', mimeType: 'image/jpeg', buffer: photo });
  await manager.getByLabel(/What it shows/).fill('The piece on a linen cloth');
  await manager.getByRole('button', { name: 'Upload' }).click();
  await expect(manager.getByRole('img', { name: 'The piece on a linen cloth' })).toBeVisible();
  expect(await axe(manager)).toEqual([]);

  // The shopper sees the new name, the attribute and the photograph first.
  await shop.goto(piece.href);
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shop.getByText('Hand-hammered')).toBeVisible();
  await expect(shop.getByRole('img', { name: 'The piece on a linen cloth' }).first()).toBeVisible();
  await shop.goto('/category/1100');
  await expect(shop.getByRole('link', { name }).first()).toBeVisible();

  // Unpublished after a confirmation: its page is gone for shoppers, and so is its card.
  await manager.getByRole('button', { name: 'Unpublish…' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Unpublish' }).click();
  await expect(manager.getByText('Draft — shoppers cannot see it')).toBeVisible();
  const page = await shop.goto(piece.href);
  expect(page?.status()).toBe(404);
  await shop.goto('/category/1100');
  await expect(shop.getByRole('link', { name })).toHaveCount(0);

  const owner = await signIn(browser, 'owner', '/admin/audit?entity=product_group');
  const log = owner.getByRole('table', { name: 'Audit entries, newest first' });
  await expect(log).toContainText('product.unpublish');
  await expect(log).toContainText('product.photo.add');
  await expect(log).toContainText('product.edit');
});

/** Presses Tab until `target` has the focus (it is reachable by keyboard), at most `max` times. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // The locator is resolved on every press: a list that re-renders does not leave a stale element.
    if (await target.evaluate((el) => document.activeElement === el)) return;
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test('the order flow works by keyboard alone: sign in, find, advance, ship, cancel with confirmation', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const email = `keys.${Date.now()}@example.com`;
  const shipped = await placeOrder(page, email);
  const cancelled = await placeOrder(page, email);

  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/admin/orders');
  await tabTo(staff, staff.getByLabel('Email'));
  await staff.keyboard.type('manager@facet.test');
  await staff.keyboard.press('Tab');
  await staff.keyboard.type(PASSWORD);
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('staff-member')).toContainText('manager@facet.test');

  for (const order of [shipped, cancelled]) {
    await staff.goto('/admin/orders');
    await tabTo(staff, staff.getByLabel('Search'));
    await staff.keyboard.type(order.number);
    await staff.keyboard.press('Enter');
    await expect(staff).toHaveURL(new RegExp(`q=${order.number}`));
    await expect(staff.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(2);
    const link = staff.getByRole('table', { name: 'Orders' }).getByRole('link', { name: order.number });
    await expect(link).toBeVisible();
    await tabTo(staff, link);
    await staff.keyboard.press('Enter');
    await expect(staff.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
    if (order === shipped) {
      for (const step of ['Mark as in production', 'Mark as ready to ship']) {
        await tabTo(staff, staff.getByRole('button', { name: step }));
        await staff.keyboard.press('Enter');
        await expect(staff.getByRole('button', { name: step })).toHaveCount(0);
      }
      await tabTo(staff, staff.getByLabel('Carrier'));
      await staff.keyboard.press('ArrowDown');
      await tabTo(staff, staff.getByLabel('Tracking number'));
      await staff.keyboard.type('9400111899223334445566');
      await tabTo(staff, staff.getByRole('button', { name: 'Mark as shipped' }));
      await staff.keyboard.press('Enter');
      // It e-mails the customer: asked first, from the keyboard too.
      const ask = staff.getByRole('alertdialog');
      await tabTo(staff, ask.getByRole('button', { name: 'Ship and e-mail the customer' }), 4);
      await staff.keyboard.press('Enter');
      await expect(staff.getByRole('link', { name: 'Track the parcel' })).toBeVisible();
      // The focus is on the page, not lost with the step's button: here, at the next step's form.
      await expect(staff.getByRole('form', { name: 'Next step' }).getByRole('heading')).toBeFocused();
    } else {
      await tabTo(staff, staff.getByLabel('Reason (the customer sees it)'));
      await staff.keyboard.type('The customer asked by phone');
      await tabTo(staff, staff.getByRole('button', { name: 'Cancel order…' }));
      await staff.keyboard.press('Enter');
      const dialog = staff.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      // The dialog holds the focus: Tab moves between its buttons, Enter confirms.
      await tabTo(staff, dialog.getByRole('button', { name: 'Cancel order' }), 4);
      await staff.keyboard.press('Enter');
      await expect(staff.getByRole('main').getByText('Cancelled', { exact: true }).first()).toBeVisible();
      // Refunded in the same step (the box is ticked for whoever may refund).
      await expect(staff.getByText(/is cancelled and \$[\d,.]+ refunded\./)).toBeVisible();
    }
  }
});

test('every back-office page passes axe', async ({ browser, page }) => {
  // Thirty-odd pages, each scanned: about a minute alone, longer beside a busy suite.
  test.setTimeout(180_000);
  const email = `axe.${Date.now()}@example.com`;
  await signUp(page, email, 'Rosalind');
  const order = await placeOrder(page, email);
  const owner = await signIn(browser, 'owner', '/admin');
  const pages = [
    '/admin',
    '/admin/orders',
    '/admin/customers',
    '/admin/appointments',
    '/admin/products',
    '/admin/stones',
    '/admin/metal-prices',
    '/admin/markup',
    '/admin/imports',
    '/admin/staff',
    '/admin/audit',
    '/admin/account',
    '/admin/products/new',
    '/admin/stones/diamonds/new',
    '/admin/categories',
    '/admin/content/home',
    '/admin/emails',
    '/admin/emails/order-shipped',
    '/admin/quotes',
    '/admin/quotes/new',
    '/admin/layaway',
    '/admin/segments',
    '/admin/left-carts',
    '/admin/reviews',
    '/admin/emails/date-note',
    '/admin/stones/gemstones/new',
    '/admin/melee',
    '/admin/discounts',
    '/admin/sales',
    '/admin/gift-cards',
    '/admin/webhooks',
    '/admin/reports',
  ];
  for (const path of pages) {
    await owner.goto(path);
    await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axe(owner), path).toEqual([]);
  }
  await owner.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
  await owner.getByRole('table').getByRole('link').first().click();
  await expect(owner.getByRole('heading', { name: 'Notes' })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Sizes and dates' })).toBeVisible();
  expect(await axe(owner), 'customer').toEqual([]);
  await owner.goto(`/admin/orders/${order.number}`);
  await expect(owner.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  expect(await axe(owner), 'order').toEqual([]);
  for (const sheet of ['packing-slip', 'invoice']) {
    await owner.goto(`/admin/orders/${order.number}/${sheet}`);
    await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axe(owner), sheet).toEqual([]);
  }
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto('/admin/login');
  expect(await axe(anonymous), 'login').toEqual([]);
});

test('a manager uploads a supplier feed, reads the dry run, applies it; the stone is on sale in the store', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const manager = await signIn(browser, 'manager', '/admin/imports');
  const supplier = `E2E${Date.now().toString(36).toUpperCase().slice(-6)}`;
  await manager.getByLabel('Supplier code').fill(supplier);
  await manager
    .getByLabel('Feed file')
    .setInputFiles(path.resolve(import.meta.dirname, '../../../../samples/feeds/acme-diamonds.csv'));
  await manager.getByRole('button', { name: 'Upload and check' }).click();
  await expect(manager).toHaveURL(/\/admin\/imports\/[0-9a-f-]{36}$/);
  await expect(manager.getByRole('heading', { name: `Dry run · ${supplier}` })).toBeVisible();
  await expect(manager.getByText('Finished')).toBeVisible({ timeout: 20_000 });
  const figure = (label: string) =>
    manager.locator('dl div').filter({ has: manager.getByText(label, { exact: true }) });
  await expect(figure('Would be new')).toContainText('4');
  await expect(figure('Rows refused')).toContainText('3');
  await expect(manager.getByRole('table', { name: /Refused rows/ })).toContainText('unknown shape "Blob"');
  const download = manager.waitForEvent('download');
  await manager.getByRole('link', { name: 'Download errors (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^${supplier}-\\d{4}-\\d\\d-\\d\\d-errors\\.csv$`));

  await manager.getByRole('button', { name: 'Apply this file' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Apply the feed' }).click();
  await expect(manager.getByRole('heading', { name: `Import · ${supplier}` })).toBeVisible();
  await expect(manager.getByText('Finished')).toBeVisible({ timeout: 20_000 });
  await expect(figure('New')).toContainText('4');

  // The first stone of the sample (certificate 2141438871), as a shopper sees it.
  const stones = (await (await manager.request.get(`/api/admin/stones?q=${supplier}-AC-10001`)).json()) as {
    data: Array<{ id: number; serial: string; origin: string; priceCents: number }>;
  };
  const stone = stones.data[0]!;
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/diamond/${encodeURIComponent(stone.serial)}/1700/${stone.id}/${stone.id}`);
  await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shopper.locator('main')).toContainText(formatMoney(stone.priceCents));
  await expect(shopper.locator('main')).toContainText('2141438871');
});

test('a manager imports a product feed, places its new group in a category, and the design is on sale', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const manager = await signIn(browser, 'manager', '/admin/imports');
  const supplier = `P${Date.now().toString(36).toUpperCase().slice(-6)}`;
  // The sample feed with SKUs and series of this supplier's own (SKUs are unique across the store).
  const sample = readFileSync(
    path.resolve(import.meta.dirname, '../../../../samples/feeds/stuller-products.json'),
    'utf8',
  );
  const feed = sample.replaceAll('"122804', `"${supplier}122804`).replaceAll('"650', `"${supplier}650`);
  await manager.getByLabel('Supplier code').fill(supplier);
  await manager.getByRole('radio', { name: /Products/ }).check();
  await manager.getByRole('checkbox', { name: /Dry run/ }).uncheck();
  await manager
    .getByLabel('Feed file')
    .setInputFiles({ name: 'products.json', mimeType: 'application/json', buffer: Buffer.from(feed) });
  await manager.getByRole('button', { name: 'Upload and import' }).click();
  await expect(manager.getByRole('heading', { name: `Import · ${supplier}` })).toBeVisible();
  await expect(manager.getByText('Finished')).toBeVisible({ timeout: 20_000 });
  const figure = (label: string) =>
    manager.locator('dl div').filter({ has: manager.getByText(label, { exact: true }) });
  await expect(figure('Waiting for a category')).toContainText('2');
  await expect(figure('Products refused')).toContainText('1');
  await expect(manager.getByRole('table', { name: /Refused products/ })).toContainText('Sterling Silver');

  await manager.getByRole('link', { name: 'Supplier categories' }).click();
  const group = 'Round Solitaire Engagement Ring Mounting';
  await manager.getByLabel(`Category for ${group} (${supplier})`).selectOption({ label: 'Ring Mountings' });
  await manager
    .getByRole('listitem')
    .filter({ hasText: supplier })
    .filter({ hasText: group })
    .getByRole('button', { name: 'Place' })
    .click();
  await expect(manager.getByText(/waiting designs are being imported/)).toBeVisible();
  await expect(manager.getByRole('listitem').filter({ hasText: supplier }).filter({ hasText: group })).toContainText(
    '1 listed',
    { timeout: 20_000 },
  );

  const found = (await (await manager.request.get(`/api/admin/products?q=${supplier}122804`)).json()) as {
    data: { rows: Array<{ id: number }> };
  };
  const design = (await (await manager.request.get(`/api/admin/products/${found.data.rows[0]!.id}`)).json()) as {
    data: { storefrontUrl: string; minPriceCents: number };
  };
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(design.data.storefrontUrl);
  await expect(shopper.getByRole('heading', { level: 1 })).toContainText(group);
  // Cost 412.35 × 2, up to a price ending in 9.
  await expect(shopper.locator('main')).toContainText(formatMoney(82_900));
});
