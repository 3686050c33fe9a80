import { test, expect } from './support/ready.ts';
import type { Page } from '@playwright/test';
import { ADMIN_NAV } from '../../app/features/admin/shared/nav.ts';
import { signIn } from './support/staff.ts';

// The owner runs the store from a phone: no back-office page is wider than a 390 px screen (a wide
// table scrolls inside its own frame; the page itself never scrolls sideways).

const WIDTH = 390;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('no back-office page overflows a 390 px phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await signIn(browser, 'owner', '/admin');
  await owner.setViewportSize({ width: WIDTH, height: 844 });

  // The measure catches a page that is too wide.
  await owner.evaluate(() => {
    const wide = document.createElement('div');
    wide.id = 'too-wide';
    wide.style.width = '430px';
    wide.style.height = '1px';
    document.body.append(wide);
  });
  expect(await pageWidth(owner)).toBeGreaterThan(WIDTH);
  await owner.evaluate(() => document.getElementById('too-wide')!.remove());

  const detailOf = async (list: string, pattern: RegExp) => {
    await owner.goto(list);
    await owner.waitForLoadState('networkidle');
    const hrefs = await owner.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    return hrefs.find((h) => pattern.test(h));
  };
  const pages = [
    ...ADMIN_NAV.map((i) => i.href),
    '/admin/products/new',
    '/admin/stones/diamonds/new',
    '/admin/melee',
    '/admin/content/home',
    '/admin/emails/order-shipped',
    '/admin/quotes/new',
    await detailOf('/admin/orders', /^\/admin\/orders\/FCT-/),
    await detailOf('/admin/products', /^\/admin\/products\/\d+$/),
    await detailOf('/admin/customers', /^\/admin\/customers\/\d+$/),
    await detailOf('/admin/stones', /^\/admin\/stones\/(diamonds|gemstones)\/\d+$/),
    await detailOf('/admin/returns?status=all', /^\/admin\/returns\/RMA-/),
    await detailOf('/admin/content', /^\/admin\/content\/(policy|blog)\/(?!new$)[\w-]+$/),
  ].filter((p): p is string => !!p);
  // The seeded store always has these; orders, customers, returns and stones set aside exist when
  // earlier tests made them.
  for (const seeded of [/^\/admin\/products\/\d+$/, /^\/admin\/content\/(policy|blog)\/(?!new$)/])
    expect(pages.some((p) => seeded.test(p))).toBe(true);
  const wide: string[] = [];
  for (const p of pages) {
    await owner.goto(p);
    await owner.waitForLoadState('networkidle');
    const w = await pageWidth(owner);
    if (w > WIDTH) wide.push(`${p}: ${w}px`);
  }
  expect(wide).toEqual([]);
});

test('the first key on a back-office page skips the header and the menu', async ({ browser }) => {
  const owner = await signIn(browser, 'owner', '/admin/orders');
  await owner.reload();
  await owner.waitForLoadState('networkidle');
  await owner.keyboard.press('Tab');
  const skip = owner.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(owner.locator('main#main')).toBeFocused();
  await owner.keyboard.press('Tab');
  // The next stop is the page's own first control, not the menu.
  expect(await owner.evaluate(() => document.activeElement?.closest('nav[aria-label="Back office"]') === null)).toBe(
    true,
  );
});
