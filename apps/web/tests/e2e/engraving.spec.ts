import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import { expect, test } from './support/ready.ts';
import { contactAndAddress, payByCard } from './support/checkout.ts';
import { mailTo } from './support/mail.ts';
import { signUp } from './support/account.ts';

// A signed-in shopper engraves a band: the words are checked as typed, drawn in the chosen font,
// and travel to the cart, the order page and the order e-mail exactly as typed.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations;

test('a signed-in shopper engraves a band and sees the words on the page, in the cart and in the order e-mail', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `engraver.${Date.now()}@example.com`;
  await signUp(page, email);
  const bands = (await (await page.request.get(`/api${paths.category(CATEGORY.plainBands)}?pageSize=4`)).json()) as {
    data: { products: Array<{ href: string }> };
  };
  await page.goto(bands.data.products.find((p) => !p.href.includes('BAND-BUILDER'))!.href);
  const ships = page.getByText(/ships in \d+/);
  const before = Number(/ships in (\d+)/.exec((await ships.textContent())!)![1]);

  // Keyboard only: tick, type, choose a font.
  await page.getByLabel('Add engraving').focus();
  await page.keyboard.press('Space');
  const words = page.getByLabel('Words to engrave');
  await words.fill('A & B <3');
  await expect(page.getByText('“<” cannot be engraved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await words.fill('A & B · 2026');
  await expect(page.getByText('12 / 24')).toBeVisible();
  await page.getByRole('radio', { name: 'Roman' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('engraving-preview')).toHaveAccessibleName(
    'Preview: “A & B · 2026” inside the band, in Roman',
  );
  await expect(page.getByTestId('engraving-preview')).toContainText('A & B · 2026');
  // The delivery promise counts the days engraving adds.
  await expect(ships).toContainText(`ships in ${before + 2} business days with engraving`);
  // The returns promise follows the choice: an engraved piece cannot be returned.
  await expect(page.getByText('Engraved pieces are made for you and cannot be returned.')).toBeVisible();
  await expect(page.getByText(/\d+-day returns on unworn pieces/)).toHaveCount(0);
  expect(await axe(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/added to your cart/)).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByTestId('engraving')).toHaveText('Engraving (Roman, inside the band): “A & B · 2026”');
  await expect(page.getByText('30-day returns on anything unworn, except engraved pieces')).toBeVisible();

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await contactAndAddress(page, email);
  await payByCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?number=FCT-/);
  await expect(page.getByTestId('engraving')).toHaveText('Engraving (Roman, inside the band): “A & B · 2026”');
  await expect(page.getByText('Engraving adds 2 business days.')).toBeVisible();

  const mail = await mailTo(email, /order FCT-/);
  expect(mail.text).toContain('Engraving (Roman, inside the band): “A & B · 2026”');
  expect(mail.text).toContain('engraving adds 2 business days');
  expect(mail.text).toContain('Engraved pieces are made for you and cannot be returned.');
});
