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
  { page: '/contact-us', form: 'main form' },
  { page: '/book-appointment', form: 'form[aria-label="Book an appointment"]' },
  { page: '/', form: 'form[aria-label="Newsletter"]' },
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
