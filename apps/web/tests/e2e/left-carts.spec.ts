import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/ready.ts';
import { signUp } from './support/account.ts';
import { signIn } from './support/staff.ts';
import type { Mail } from './support/mail.ts';

// A signed-in shopper who agreed to e-mails leaves a configured ring in the cart; after the time the
// owner set, one reminder arrives; its link brings the same ring back in a fresh browser without
// signing in; its unsubscribe link works without signing in either.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations;
const shots = process.env.E2E_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};
const MAIL_URL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 3997}/messages`;
const remindersTo = async (to: string) =>
  ((await (await fetch(MAIL_URL)).json()) as Mail[]).filter((m) => m.to.includes(to) && /is waiting/.test(m.subject));

async function setFirstReminder(owner: Page, minutes: string) {
  await owner.goto('/admin/settings');
  await owner.getByLabel('First reminder after (minutes)').fill(minutes);
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByText(/^Saved\. Every page/)).toBeVisible();
}

test('a left ring: one reminder after the set time, its link restores the ring in a fresh browser, unsubscribe in one click', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await signIn(browser, 'owner', '/admin/settings');
  await setFirstReminder(owner, '1');
  try {
    const email = `left.${Date.now()}@example.com`;
    await signUp(page, email, 'Iris');
    await page.goto('/profile');
    await page.getByLabel(/E-mail me news/).check();
    await expect(page.getByText('Saved: we will write now and then.')).toBeVisible();

    // A configured ring: a round setting started from its own first stone.
    await page.goto(
      `/category/1102?filters=${encodeURIComponent(JSON.stringify([{ label: 'primary stone shape', matchType: 'exact', options: ['Round'] }]))}`,
    );
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await page.getByTestId('from-means').getByRole('link', { name: 'Start from this one' }).click();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    const total = (await page.getByTestId('configured-total').textContent())!;
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(/added to your cart/)).toBeVisible();
    await page.goto('/cart');
    const title = (await page.getByTestId('cart-line').first().getByRole('heading').first().textContent())!.trim();

    // The owner's minute passes; the reminder comes once.
    await expect.poll(async () => (await remindersTo(email)).length, { timeout: 150_000, intervals: [2_000] }).toBe(1);
    const [mail] = await remindersTo(email);
    expect(mail!.text).toContain('Dear Iris,');
    expect(mail!.text).toContain(title);
    const restore = /(https?:\/\/\S+\/cart\/restore\/\S+)/.exec(mail!.text)![1]!;
    const unsubscribe = /Unsubscribe: (https?:\/\/\S+)/.exec(mail!.text)![1]!;

    // Another device: the link brings the same ring, at today's price, and signs nobody in.
    const phone = await (await browser.newContext()).newPage();
    await phone.goto(restore);
    await expect(phone).toHaveURL(/\/cart$/);
    await expect(phone.getByTestId('cart-line')).toHaveCount(1);
    await expect(phone.getByTestId('cart-line').first()).toContainText(title);
    await expect(phone.getByTestId('line-total').first()).toHaveText(/\$[\d,.]+/.exec(total)![0]);
    await expect(phone.getByTestId('user-menu')).toHaveCount(0);
    await shoot(phone, 'left-cart-restored');

    // Unsubscribe from the e-mail: a button (mail scanners open links), no sign-in.
    await phone.goto(unsubscribe);
    expect(await axe(phone)).toEqual([]);
    await phone.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(phone.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(
      phone.getByText(`We will send no more reminders or news to ${email}.`, { exact: false }),
    ).toBeVisible();

    // The back office sees the cart, the reminder, and the rule.
    await owner.goto('/admin/left-carts');
    await expect(owner.getByText('A reminder 1 minute after a cart is last touched', { exact: false })).toBeVisible();
    const row = owner.getByTestId('left-cart-row').filter({ hasText: email });
    await expect(row).toContainText('Unsubscribed');
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^1, last /);
    expect(await axe(owner)).toEqual([]);
    await shoot(owner, 'admin-left-carts');
  } finally {
    await setFirstReminder(owner, '60');
  }
});
