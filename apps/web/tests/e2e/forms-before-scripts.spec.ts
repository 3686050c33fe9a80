import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/server.ts';

// A form sent before its page's scripts ran (a slow phone, a blocked script, a quick Enter) is
// sent by the browser itself. It must post, so nothing typed lands in the address bar, the history
// or the server's request log, and the visitor is told plainly that it was not sent.
const SECRET = 'Hunter-Secret-4471';
const EMAIL = 'early.bird@facet.test';
// A one-time link's token in the page's address: no URL the store builds, and no log line, may hold it.
const TOKEN = 'Vq3Mx8Rt5Kw1Zn7Hb4Ls9Pd2Gf6Jc0Ye';

let server: OwnServer;
test.beforeAll(async () => {
  // Its own store, logging every request, so the log can be read.
  server = await startOwnServer({ LOG_LEVEL: 'info' });
});
test.afterAll(async () => {
  await server?.stop();
});

const forms: Array<{ page: string; form: string }> = [
  { page: '/admin/login', form: 'form[aria-label="Sign in"]' },
  { page: `/admin/set-password/${TOKEN}`, form: 'main form' },
  { page: `/reset-password/${TOKEN}`, form: 'form[aria-label="Reset password"]' },
  { page: '/book-appointment', form: 'form[aria-label="Book an appointment"]' },
  { page: '/gift-cards', form: 'form[aria-label="Buy a gift card"]' },
  { page: '/gift-cards/balance', form: 'form[aria-label="Check a gift card"]' },
];

for (const { page: path, form } of forms)
  test(`${path}: sent with scripts off, nothing typed reaches the URL or the log`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const opened = await page.goto(`${server.url}${path}`);
    // A page whose address holds a secret tells the browser to send no referrer from it.
    expect(opened!.headers()['referrer-policy']).toBe(
      path.includes(TOKEN) ? 'no-referrer' : 'strict-origin-when-cross-origin',
    );
    const f = page.locator(form).first();
    await expect(f).toBeVisible();
    for (const input of await f.locator('input:visible, textarea:visible').all()) {
      const type = (await input.getAttribute('type')) ?? 'text';
      if (type === 'email') await input.fill(EMAIL);
      else if (
        ['text', 'password', 'tel', 'search'].includes(type) ||
        (await input.evaluate((e) => e.tagName)) === 'TEXTAREA'
      )
        await input.fill(type === 'tel' ? '2125550100' : SECRET);
    }
    const send = f.locator('button[type="submit"], button:not([type])').first();
    if (await send.isEnabled()) {
      await send.click();
      await expect(page.getByRole('heading', { name: 'Your form was not sent' })).toBeVisible();
      if (path.includes(TOKEN)) {
        // Sent on without the token; the e-mailed link still works, and the page says so.
        const redacted = path.replace(TOKEN, '[redacted]');
        expect(page.url()).toBe(`${server.url}/form-not-sent?from=${encodeURIComponent(redacted)}`);
        await expect(page.getByText('Open the link you were sent by e-mail again')).toBeVisible();
        await expect(page.getByRole('link', { name: 'Go back to the form' })).toHaveCount(0);
      } else {
        expect(page.url()).toBe(`${server.url}/form-not-sent?from=${encodeURIComponent(path)}`);
        // Back to the form it came from, which works once its scripts run.
        await expect(page.getByRole('link', { name: 'Go back to the form' })).toHaveAttribute('href', path);
      }
      // With scripts off the page does not blame a slow page alone.
      await expect(page.getByText('scripts are turned off in this browser')).toBeVisible();
    } else {
      // A form that waits for its scripts cannot be sent at all, not even by Enter in a field.
      await f.locator('input:visible').last().press('Enter');
      await page.waitForTimeout(500);
      expect(page.url()).toBe(`${server.url}${path}`);
    }
    const log = server.output();
    // The log did record the visit (tokens in the path are kept out of it).
    expect(log).toContain(`"url":"${path.split('/').slice(0, 2).join('/')}`);
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(EMAIL);
    expect(log).not.toContain(encodeURIComponent(EMAIL));
    for (const spelt of [TOKEN, encodeURIComponent(TOKEN), encodeURIComponent(encodeURIComponent(TOKEN))])
      expect(log).not.toContain(spelt);
    await context.close();
  });

test('with scripts off, the contact form and the newsletter box are sent by the page itself', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/contact-us`);
  const form = page.getByRole('form', { name: 'Contact us' });
  // Too short a message: refused beside its field, with everything typed still there.
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill(EMAIL);
  await form.getByLabel('Subject').fill('Ring size');
  await form.getByLabel('Message').fill('Hello');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toContainText('Please correct the fields marked below.');
  await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Please write at least 10 characters')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Ada Lovelace');
  await expect(form.getByLabel('Email')).toHaveValue(EMAIL);
  await form.getByLabel('Message').fill('Could a size 7 ring be made a size 8 later?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('Message sent');
  expect(page.url()).toBe(`${server.url}/contact-us`);

  // The footer's newsletter box, from any page: a wrong address is kept and refused, a right one signs up.
  await page.goto(`${server.url}/shipping-policy`);
  const box = page.getByRole('form', { name: 'Newsletter' });
  await box.getByLabel('Email address').fill('not-an-address');
  await box.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(`${server.url}/newsletter`);
  await expect(page.getByRole('alert')).toContainText('valid email');
  const again = page.getByRole('main').getByRole('form', { name: 'Newsletter' });
  await expect(again.getByLabel('Email address')).toHaveValue('not-an-address');
  await again.getByLabel('Email address').fill('news.reader@facet.test');
  await again.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status')).toContainText(/inbox|confirm/i);

  // Search from the header is a plain form too.
  await page.goto(`${server.url}/`);
  await page.getByRole('search').getByRole('combobox').or(page.getByRole('searchbox')).first().fill('halo');
  await page.getByRole('search').getByRole('combobox').or(page.getByRole('searchbox')).first().press('Enter');
  await expect(page).toHaveURL(/\/search\?q=halo/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // Nothing typed is in the log.
  expect(server.output()).not.toContain(EMAIL);
  expect(server.output()).not.toContain('news.reader');
  await context.close();
});

test("a contact form posted from another site is not sent in the shopper's name", async ({ request }) => {
  const res = await request.post(`${server.url}/contact-us`, {
    headers: { origin: 'https://evil.example' },
    form: { name: 'Mallory', email: EMAIL, subject: 'Hello', message: 'A message from elsewhere entirely' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toBe('/form-not-sent?from=%2Fcontact-us');
});

test('with scripts off, a phone opens the menu and the filters', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/shipping-policy`);
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeHidden();
  await page.getByLabel('Open menu').click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'All products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  await page.getByRole('link', { name: 'Halo', exact: true }).first().click();
  await expect(page).toHaveURL(/\/category\//);
  // The filters show as on a wide screen, and a filter is a link that works without scripts.
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const option = filters.getByRole('checkbox').first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/filters=/);
  await context.close();
});

test('before the scripts run, the phone menu opens its plain links; once they run, the drawer', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Hold the page's code back, as a slow phone would.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}/shipping-policy`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Open menu').click();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  release();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 15_000 });
  await page.getByLabel('Open menu').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
  await context.close();
});

test('with scripts off, the cart and checkout say they need them, and nothing waits forever', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/cart`);
  await expect(page.getByRole('alert')).toContainText(
    'Your cart needs JavaScript, which is turned off in this browser.',
  );
  await expect(page.locator('#cart-wait')).toBeHidden();
  await page.goto(`${server.url}/checkout`);
  await expect(page.getByRole('alert')).toContainText('Checkout needs JavaScript');
  await expect(page.getByText('Loading your cart…')).toBeHidden();
  // Browsing still works without them.
  await page.goto(`${server.url}/shipping-policy`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});
