import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './support/ready.ts';
import { dialog, PASSWORD, signUp } from './support/account.ts';

// The wishlist as a shopper keeps one over weeks: hearts while browsing as a guest, the list
// joining their account at sign-in, and a read-only link for a partner.

test('a guest hearts a chain and a diamond, signs in, and finds both with the account’s own', async ({
  page,
  browser,
}) => {
  // Three browsers, a sign-up and two accessibility scans: ~25 s alone, more beside a busy suite.
  test.setTimeout(90_000);
  const email = `wish.${Date.now()}@example.com`;
  // The account already holds a gemstone, saved on another device.
  await page.goto('/');
  const user = await signUp(page, email, 'Wren');
  await page.goto('/notable-gemstone/sapphire');
  await page
    .getByRole('button', { name: /^Save the .* to your wishlist$/ })
    .first()
    .click();
  await expect(page.getByTestId('wishlist-count')).toContainText('1');
  await page.evaluate(() => sessionStorage.clear());
  void user;

  // A guest now (a fresh browser).
  const guest = await browser.newContext();
  const g = await guest.newPage();
  await g.goto('/category/1301');
  const card = g.getByTestId('product-card').first();
  const chainName = (await card.getByRole('heading').innerText()).replace(/\s+/g, ' ').trim();
  await card.getByRole('button', { name: /to your wishlist$/ }).click();
  await expect(card.getByRole('button', { name: /to your wishlist$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(g.getByTestId('wishlist-count')).toContainText('1');

  await g.goto('/diamonds');
  await g
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await expect(g).toHaveURL(/\/diamond\//);
  await expect(g.getByRole('button', { name: 'Save to wishlist' })).toBeVisible();
  // The list names it as the cart does ("0.29 ct Round lab-grown diamond, F VVS1").
  const [, carat, grades] = /^([\d.]+) Carat .*, (.+)$/.exec(await g.getByRole('heading', { level: 1 }).innerText())!;
  const diamond = new RegExp(`${carat} ct .*diamond, ${grades}`);
  await g.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(g.getByRole('button', { name: 'Saved to your wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await expect(g.getByTestId('wishlist-count')).toContainText('2');

  await g.getByRole('link', { name: /Wishlist/ }).click();
  await expect(g.getByRole('heading', { level: 1, name: 'Your wishlist' })).toBeVisible();
  await expect(g.getByTestId('wish-entry')).toHaveCount(2);
  expect((await new AxeBuilder({ page: g }).analyze()).violations).toEqual([]);

  // Sign in through the panel: the guest's two join the account's one.
  await g.getByRole('button', { name: 'Account' }).click();
  await dialog(g).getByLabel('Email').fill(email);
  await dialog(g).getByLabel('Password').fill(PASSWORD);
  await dialog(g).getByRole('button', { name: 'Log in' }).click();
  await expect(g.getByTestId('user-menu')).toContainText('Wren');
  await expect(g.getByTestId('wishlist-count')).toContainText('3');
  await g.reload();
  const entries = g.getByTestId('wish-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.filter({ hasText: diamond })).toHaveCount(1);
  await expect(entries.filter({ hasText: chainName.slice(0, 20) })).toHaveCount(1);
  await expect(entries.filter({ hasText: /Sapphire/ })).toHaveCount(1);
  for (const price of await g.getByTestId('wish-price').allInnerTexts()) expect(price).toMatch(/^\$[\d,]+\.\d\d$/);

  // The share link shows the same list, read-only, to someone who is not signed in.
  const link = await g.getByTestId('share-url').inputValue();
  const partner = await (await browser.newContext()).newPage();
  await partner.goto(link);
  await expect(partner.getByRole('heading', { name: 'Wren’s wishlist' })).toBeVisible();
  await expect(partner.getByTestId('wish-entry')).toHaveCount(3);
  await expect(partner.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  expect((await new AxeBuilder({ page: partner }).analyze()).violations).toEqual([]);

  // Remove, then Undo brings it back.
  await entries
    .filter({ hasText: diamond })
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(entries).toHaveCount(2);
  await g.getByRole('button', { name: 'Undo' }).click();
  await expect(entries).toHaveCount(3);

  // A new link retires the old one.
  g.once('dialog', (d) => void d.accept());
  await g.getByRole('button', { name: 'New link' }).click();
  await expect(g.getByTestId('share-url')).not.toHaveValue(link);
  await partner.goto(link);
  await expect(partner.getByRole('heading', { name: 'This wishlist link no longer works' })).toBeVisible();
  await guest.close();
});

test('an empty wishlist says how to fill it', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
