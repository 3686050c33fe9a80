import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './support/ready.ts';
import { mailTo } from './support/mail.ts';
import { signIn } from './support/staff.ts';

// Seeing a piece in person: a shopper books a time from a diamond's page, the time is gone for the
// next shopper, and the store confirms it from the back office.

test('an appointment is booked, its time disappears for others, and staff confirm it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `appointment.${Date.now()}@example.com`;
  await page.goto('/diamonds');
  await page
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await page.getByRole('link', { name: 'See it in person' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
  await expect(page.getByText('The piece you were viewing:')).toBeVisible();
  await expect(page.getByLabel('What would you like to see?')).toHaveValue('Loose diamonds');

  await page.getByRole('radio', { name: 'Video call' }).click();
  const days = page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio');
  await days.last().click();
  const dayLabel = await days.last().innerText();
  const firstTime = page.getByTestId('times').getByRole('radio').first();
  const timeLabel = await firstTime.innerText();
  await firstTime.click();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Asked without a name: the field says so and nothing is sent.
  await page.getByRole('button', { name: 'Request appointment' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await page.getByLabel('Name').fill('June Park');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Request appointment' }).click();
  await expect(page.getByText(/^Requested: \w+day, /)).toBeVisible();
  await expect(page.getByText(`We sent the details and a calendar file to ${email}.`)).toBeVisible();
  await mailTo(email, /^Your appointment request/);

  // The next shopper does not see that time on that day.
  const other = await (await browser.newContext()).newPage();
  await other.goto('/book-appointment');
  await other.getByRole('radiogroup', { name: 'Day' }).getByRole('radio', { name: dayLabel }).click();
  const times = other.getByTestId('times').getByRole('radio');
  await expect(times.first()).toBeVisible();
  await expect(times.filter({ hasText: new RegExp(`^${timeLabel}$`) })).toHaveCount(0);

  // Support confirms it in the back office; the customer hears.
  const support = await signIn(browser, 'support', '/admin/appointments');
  const row = support.getByTestId('appointment-row').filter({ hasText: email });
  await expect(row).toContainText('To confirm');
  await expect(row).toContainText('Video call');
  await row.getByRole('button', { name: 'Confirm the appointment of June Park' }).click();
  await expect(row).toContainText('Confirmed');
  await mailTo(email, /^Confirmed: your appointment/);
});

test('a shopper drops a hint about a chain; the friend gets the store’s e-mail with its link', async ({ page }) => {
  const friend = `friend.${Date.now()}@example.com`;
  await page.goto('/category/1301');
  const card = page.getByTestId('product-card').first();
  const name = await card.getByRole('heading').innerText();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/product\//);
  await page.getByRole('button', { name: 'Drop a hint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Drop a hint' });
  await dialog.getByLabel('Your name').fill('Robin');
  await dialog.getByLabel('Their email').fill(friend);
  await dialog.getByLabel('A note').fill('Look at www.example.com');
  await dialog.getByRole('button', { name: 'Send the hint' }).click();
  await expect(dialog.getByText('Please leave links out of the note')).toBeVisible();
  await dialog.getByLabel('A note').fill('For our anniversary?');
  expect((await new AxeBuilder({ page }).include('[role=dialog]').analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Send the hint' }).click();
  await expect(dialog.getByText(`Hint sent to ${friend}.`)).toBeVisible();
  const mail = await mailTo(friend, /^Robin dropped a hint$/);
  expect(mail.text).toContain('“For our anniversary?”');
  expect(mail.text).toContain(name.replace(/\s+/g, ' ').trim());
  expect(mail.text).toContain(new URL(page.url()).pathname);
});
