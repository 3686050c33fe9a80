import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect } from './support/ready.ts';
import { signIn } from './support/staff.ts';

// The jeweller writes a journal post over days: a draft shoppers cannot read, then scheduled for a
// moment to come, then published now; the journal and the post follow each step.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

test('a manager saves a post as a draft, schedules it, then publishes it; shoppers read it only then', async ({
  browser,
}) => {
  const slug = `bench-notes-${Date.now().toString(36)}`;
  const title = `Notes from the bench ${slug.slice(-6)}`;
  const shop = await (await browser.newContext()).newPage();
  const manager = await signIn(browser, 'manager', '/admin/content/blog/new');
  await manager.getByLabel('Address').fill(slug);
  await manager.getByLabel('Title').fill(title);
  await manager.getByLabel('Summary').fill('What the workshop made this week.');
  await manager.getByLabel('Text (Markdown)').fill('Three signets, carved by hand.');
  // A new post starts as a draft.
  await expect(manager.getByRole('radio', { name: /Not yet — a draft/ })).toBeChecked();
  expect(await axe(manager)).toEqual([]);
  await manager.getByRole('button', { name: 'Save draft' }).click();
  await expect(manager.getByText('Draft saved. Shoppers cannot read it until you publish it.')).toBeVisible();
  await expect(manager.getByText(/a draft: shoppers cannot read it yet/)).toBeVisible();
  expect((await shop.goto(`/blog/${slug}`))?.status()).toBe(404);

  // Scheduled for tomorrow: still not readable, and the list of pages says when.
  await manager.getByRole('radio', { name: 'From a day and time' }).check();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await manager.getByLabel('Publish at').fill(local);
  expect(await axe(manager)).toEqual([]);
  await manager.getByRole('button', { name: 'Schedule' }).click();
  await expect(manager.getByText(/^Saved\. Shoppers can read it from /)).toBeVisible();
  expect((await shop.goto(`/blog/${slug}`))?.status()).toBe(404);
  await manager.goto('/admin/content');
  await expect(manager.getByRole('row', { name: new RegExp(title) })).toContainText('scheduled for');

  // Published now: on the journal and readable.
  await manager.getByRole('link', { name: title }).click();
  await manager.getByRole('radio', { name: /Now — on the journal/ }).check();
  await manager.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(manager.getByText('Saved. Shoppers read the new text now.')).toBeVisible();
  await expect.poll(async () => (await shop.goto(`/blog/${slug}`))?.status(), { timeout: 3_000 }).toBe(200);
  await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shop.goto('/blog');
  await expect(shop.getByRole('link', { name: title }).first()).toBeVisible();
});

test('an image uploaded once goes into a post and onto the home page’s first screen; it stays while shown', async ({
  browser,
}) => {
  const slug = `first-light-${Date.now().toString(36)}`;
  const words = `The bench at first light ${slug.slice(-6)}`;
  const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c9b27c' } })
    .jpeg()
    .toBuffer();
  const manager = await signIn(browser, 'manager', '/admin/content/blog/new');
  await manager.getByLabel('Address').fill(slug);
  await manager.getByLabel('Title').fill('First light');
  await manager.getByLabel('Summary').fill('The bench before the day begins.');
  await manager.getByLabel('Text (Markdown)').fill('Before the day begins.');
  // Without words for blind shoppers it is not uploaded.
  await manager
    .getByLabel('Upload an image')
    .setInputFiles({ name: 'bench.jpg', mimeType: 'image/jpeg', buffer: image });
  const library = manager.getByRole('region', { name: 'Images' });
  await library.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(manager.getByText('Say what it shows: blind shoppers hear these words.')).toBeVisible();
  await expect(manager.getByLabel('What it shows')).toBeFocused();
  await manager.getByLabel('What it shows').fill(words);
  await library.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(manager.getByText(`Image uploaded: “${words}”.`)).toBeVisible();
  await library.getByRole('button', { name: `Put in the text (${words})` }).click();
  await expect(manager.getByLabel('Text (Markdown)')).toHaveValue(new RegExp(`!\\[${words}\\]\\(/api/media/photo/`));
  expect(await axe(manager)).toEqual([]);
  await manager.getByRole('radio', { name: /Now — on the journal/ }).check();
  await manager.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(manager.getByText('Saved. Shoppers read the new text now.')).toBeVisible();

  const shop = await (await browser.newContext()).newPage();
  await shop.goto(`/blog/${slug}`);
  await expect(shop.getByRole('img', { name: words })).toBeVisible();
  expect(await shop.getByRole('img', { name: words }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

  // The same image on the first screen, in the words given there.
  await manager.goto('/admin/content/home');
  await manager
    .getByRole('region', { name: 'Images' })
    .getByRole('button', { name: `Use on the first screen (${words})` })
    .click();
  await manager.getByLabel('What the photograph shows').fill('The workshop bench, brass tools laid out');
  await manager.getByRole('button', { name: 'Save' }).first().click();
  await expect(manager.getByText('Saved. The home page shows it within a second.')).toBeVisible();
  await expect
    .poll(
      async () => {
        await shop.goto('/');
        return shop.getByRole('img', { name: 'The workshop bench, brass tools laid out' }).count();
      },
      { timeout: 3_000 },
    )
    .toBe(1);

  // Still shown: removing it is refused, and the message says where.
  await manager
    .getByRole('region', { name: 'Images' })
    .getByRole('button', { name: `Remove (${words})` })
    .click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Remove image' }).click();
  await expect(manager.getByText(/This image is shown on “First light”, the home page/)).toBeVisible();
  // Back to the drawn ring, so other tests see the store's own first screen.
  await manager.getByRole('button', { name: 'Show the drawn ring instead' }).click();
  await manager.getByRole('button', { name: 'Save' }).first().click();
  await expect(manager.getByText('Saved. The home page shows it within a second.').last()).toBeVisible();
  await expect(manager.getByText('The drawn ring. To show a photograph')).toBeVisible();
});
