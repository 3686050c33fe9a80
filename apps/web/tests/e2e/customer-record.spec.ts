import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/ready.ts';
import { signUp } from './support/account.ts';
import { signIn } from './support/staff.ts';
import { CATEGORY } from '@facet/contracts/categories';
import { MONTHS } from '@facet/contracts/customer-record';
import { paths } from '@facet/contracts/paths';

// The customer's record: ring sizes and dates kept in the account; the size chosen first when they
// design a ring; staff find them by a date coming up in a saved segment.

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

test('a ring size kept in the account is chosen first in the configurator; staff find the customer by an anniversary coming up', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `sizes.${Date.now()}@example.com`;
  await signUp(page, email, 'Maya');
  await page.goto('/profile');
  const record = page.getByRole('form', { name: 'Sizes and dates' });
  await record.getByRole('button', { name: 'Add a ring size' }).click();
  await record.getByLabel('Hand 1').selectOption('left');
  await record.getByLabel('Finger 1').selectOption('ring');
  await record.getByLabel('Size 1').selectOption('8');
  await record.getByRole('button', { name: 'Add a date' }).click();
  const soon = new Date(Date.now() + 5 * 86_400_000);
  await record.getByLabel('Occasion 1').selectOption('anniversary');
  await record.getByLabel('Month 1').selectOption({ label: MONTHS[soon.getUTCMonth()]! });
  await record.getByLabel('Day 1').selectOption(String(soon.getUTCDate()));
  await record.getByLabel('Partner’s name').fill('Jonah');
  await record.getByRole('button', { name: 'Save sizes and dates' }).click();
  await expect(record.getByText('Saved.')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'account-sizes-dates');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Sizes and dates' }).getByLabel('Size 1')).toHaveValue('8');

  // A ring's page chooses size 8 on arrival (7 otherwise), and keeps it when the stones are chosen.
  await page.goto(
    `/category/1102?filters=${encodeURIComponent(JSON.stringify([{ label: 'primary stone shape', matchType: 'exact', options: ['Round'] }]))}`,
  );
  await page.getByTestId('product-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/size=8(&|$)/);
  await page.getByTestId('from-means').getByRole('link').click();
  await expect(page).toHaveURL(/s1=/);
  await expect(page).toHaveURL(/size=8(&|$)/);
  await expect(page.getByLabel('Ring size')).toHaveValue('8');
  // A band sold as it is, in sizes: size 8 is chosen on arrival there too.
  const bands = (await (await page.request.get(`/api${paths.category(CATEGORY.plainBands)}?pageSize=8`)).json()) as {
    data: { products: Array<{ href: string }> };
  };
  const band = page.url();
  await page.goto(bands.data.products.find((p) => !p.href.includes('BAND-BUILDER'))!.href);
  await expect(page.getByLabel('Ring size')).toHaveValue('8');
  await page.goto(band);

  // The shopper can still choose another.
  await page.getByLabel('Ring size').selectOption('6');
  await expect(page).toHaveURL(/size=6(&|$)/);

  // Staff: a segment of anniversaries in the next 30 days finds her; her page shows the record.
  const manager = await signIn(browser, 'manager', '/admin/segments');
  await manager.getByLabel('Date coming up').selectOption('anniversary');
  await manager.getByLabel('Days ahead').fill('30');
  await expect(manager.getByText('Finds: An anniversary in the next 30 days')).toBeVisible();
  await manager.getByRole('button', { name: 'Preview' }).click();
  await expect(manager.getByRole('status').getByRole('link', { name: 'Maya Lovelace' })).toBeVisible();
  const name = `Anniversaries ${Date.now()}`;
  await manager.getByLabel('Name').fill(name);
  await manager.getByRole('button', { name: 'Save segment' }).click();
  const row = manager.getByTestId('segment-row').filter({ hasText: name });
  await expect(row).toContainText('An anniversary in the next 30 days');
  await expect(row.getByRole('link', { name: `Export CSV of ${name}` })).toHaveAttribute(
    'href',
    /\/api\/admin\/segments\/\d+\/customers\.csv$/,
  );
  expect(await axe(manager)).toEqual([]);
  await shoot(manager, 'admin-segments');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Delete segment' }).click();
  await expect(manager.getByTestId('segment-row').filter({ hasText: name })).toHaveCount(0);
});
