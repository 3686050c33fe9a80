import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import { expect, test } from './support/ready.ts';
import { mailTo } from './support/mail.ts';
import { signIn } from './support/staff.ts';
import { stepAndTell } from './support/orders.ts';

// A buyer of a delivered band reviews it with a photograph from the delivery e-mail; staff approve
// it; the band's page shows it with its average and says so in its JSON-LD, and the listing's card
// shows the stars.

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

test('a delivered band is reviewed with a photograph, approved, and shown with its average, JSON-LD and card stars', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `reviewer.${Date.now()}@example.com`;
  // A band from the plain bands (not the builder), bought as a guest through the API as checkout does.
  const bands = (await (await page.request.get(`/api${paths.category(CATEGORY.plainBands)}?pageSize=24`)).json()) as {
    data: { products: Array<{ href: string; productId: number; groupId: number; GroupDescription: string }> };
  };
  const band = bands.data.products.filter((p) => !p.href.includes('BAND-BUILDER'))[3]!;
  const session = crypto.randomUUID();
  const headers = { 'x-session-id': session };
  expect(
    (await page.request.post('/api/cart/items', { headers, data: { kind: 'product', id: band.productId } })).ok(),
  ).toBe(true);
  const placed = await page.request.post('/api/order', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      email,
      shippingAddress: {
        name: 'Rosa Parks',
        company: '',
        line1: '1 Main St',
        line2: '',
        city: 'Albany',
        state: 'NY',
        zip: '12207',
        country: 'US',
        phone: '(518) 555-0100',
      },
      shippingMethod: 'standard',
      card: { name: 'Rosa Parks', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const number = ((await placed.json()) as { data: { number: string } }).data.number;

  // The order goes out and arrives.
  const manager = await signIn(browser, 'manager', `/admin/orders/${number}`);
  await manager.getByRole('button', { name: 'Mark as in production' }).click();
  await manager.getByRole('button', { name: 'Mark as ready to ship' }).click();
  await manager.getByLabel('Carrier').selectOption('UPS');
  await manager.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await stepAndTell(manager, 'Mark as shipped');
  await stepAndTell(manager, 'Mark as delivered');
  const delivered = await mailTo(email, /was delivered/);
  const link = /(https?:\/\/\S+\/orders\/\S+\/review\?token=\S+)/.exec(delivered.text)![1]!;

  // The buyer reviews it from the e-mail, with a photograph.
  await page.goto(link);
  const form = page.getByRole('form', { name: /^Review of / });
  await form.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await form.getByLabel('Your review').fill('Beautifully finished, and it fits just right. Wearing it every day.');
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 214, g: 190, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  await form.getByLabel(/Photographs/).setInputFiles({ name: 'band.jpg', mimeType: 'image/jpeg', buffer: photo });
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'review-form');
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Thank you: we read every review before it appears on the page.')).toBeVisible();

  // Not shown until approved.
  await page.goto(band.href);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('No reviews yet.', { exact: false })).toBeVisible();
  expect(await page.locator('script[type="application/ld+json"]').allTextContents()).not.toContainEqual(
    expect.stringContaining('aggregateRating'),
  );

  await manager.goto('/admin/reviews?status=pending');
  const row = manager.getByTestId('review-row').filter({ hasText: number });
  await expect(row).toContainText('Beautifully finished');
  expect(await axe(manager)).toEqual([]);
  await shoot(manager, 'admin-reviews');
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expect(manager.getByTestId('review-row').filter({ hasText: number })).toHaveCount(0);

  // Shown on the band's page within a second (its kept copy dropped), with the average and JSON-LD.
  await expect
    .poll(
      async () => {
        await page.goto(band.href);
        return page.getByText('Beautifully finished, and it fits just right.').count();
      },
      { timeout: 5_000 },
    )
    .toBe(1);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('Verified buyer');
  await expect(reviews).toContainText('Rosa P.');
  await expect(reviews).toContainText('5.0 out of 5 · 1 review from buyers');
  await expect(reviews.getByRole('img', { name: 'Photograph 1 from Rosa P.' })).toHaveAttribute('loading', 'lazy');
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).join('');
  expect(ld).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":5,"reviewCount":1');
  expect(ld).toContain('Beautifully finished');
  expect(await axe(page)).toEqual([]);
  await reviews.scrollIntoViewIfNeeded();
  await shoot(page, 'product-reviews');

  // The listing's card shows the stars.
  await page.goto(paths.category(CATEGORY.plainBands));
  const card = page
    .getByTestId('product-card')
    .filter({ hasText: band.GroupDescription.slice(0, 20) })
    .first();
  await expect(card.getByTestId('card-rating')).toContainText('5.0');
});
