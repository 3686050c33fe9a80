import { test, expect } from './support/ready.ts';
import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { signIn } from './support/staff.ts';

// The jeweller puts new things on sale without a developer: a manager makes a ring (keyboard only)
// with two metals and a photograph, and a diamond by hand; a shopper finds both within 2 s in search,
// the listing and the sitemap, buys the ring, and its stock goes down; archived, its page says so.

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

/** Presses Tab until `target` has the focus, so every field is shown to be reachable without a mouse. */
async function tabTo(page: Page, target: Locator, max = 60) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => document.activeElement === el)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test('a manager makes a ring and a diamond; a shopper finds both, buys the ring, and its stock goes down', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Atelier Oval Signet ${stamp}`;
  const manager = await signIn(browser, 'manager', '/admin/products');
  await manager.getByRole('link', { name: 'New design' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'New design' })).toBeVisible();
  expect(await axe(manager)).toEqual([]);

  // Keyboard only: every field reached with Tab, typed or chosen with the keys.
  const kb = manager.keyboard;
  await tabTo(manager, manager.getByLabel('Name', { exact: true }));
  await kb.type(name);
  await tabTo(manager, manager.getByLabel('Description', { exact: true }));
  await kb.type('A heavy oval signet ring, cast in our workshop and polished by hand, ready for engraving.');
  await tabTo(manager, manager.getByLabel('Category'));
  await kb.type('Wedding Bands');
  await tabTo(manager, manager.getByLabel('14K Yellow Gold'));
  await kb.press('Space');
  await tabTo(manager, manager.getByLabel('Platinum'));
  await kb.press('Space');
  await tabTo(manager, manager.getByLabel('Ring sizes'));
  await kb.press('ControlOrMeta+a');
  await kb.type('6, 7');
  await expect(manager.getByText('Makes 4 variants')).toBeVisible();
  await tabTo(manager, manager.getByLabel('Weight in 14K gold (g)'));
  await kb.type('6');
  await tabTo(manager, manager.getByLabel('Labour (USD)'));
  await kb.type('450');
  await tabTo(manager, manager.getByRole('radio', { name: /Made to order/ }));
  await kb.press('ArrowDown');
  await expect(manager.getByRole('radio', { name: /On hand/ })).toBeChecked();
  await tabTo(manager, manager.getByLabel('Pieces of each variant'));
  await kb.press('ControlOrMeta+a');
  await kb.type('3');
  await tabTo(manager, manager.getByRole('button', { name: 'Save as draft' }));
  await kb.press('Enter');
  await expect(manager.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(manager.getByText('Draft — shoppers cannot see it')).toBeVisible();
  const categoryName = await manager.getByLabel('Category').locator('option:checked').textContent();
  expect(categoryName).toBe('Wedding Bands');
  expect(await axe(manager)).toEqual([]);

  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#c9a54c' } })
    .jpeg()
    .toBuffer();
  await manager
    .getByLabel('Add a photograph')
    .setInputFiles({ name: 'signet.jpg', mimeType: 'image/jpeg', buffer: photo });
  await manager.getByLabel(/What it shows/).fill('The oval signet on a linen cloth');
  await manager.getByRole('button', { name: 'Upload' }).click();
  await expect(manager.getByRole('img', { name: 'The oval signet on a linen cloth' })).toBeVisible();
  await manager.getByRole('button', { name: 'Publish' }).click();
  await expect(manager.getByText('Published', { exact: true })).toBeVisible();
  const storeUrl = (await manager.getByRole('link', { name: 'View in the store' }).getAttribute('href'))!;
  const [, series, categoryId, groupId] = storeUrl.match(/^\/product\/([^/]+)\/(\d+)\/(\d+)\/\d+$/)!;

  // A diamond by hand, with its report number.
  const report = String(Date.now()).slice(-10);
  await manager.goto('/admin/stones');
  await manager.getByRole('link', { name: 'Add a diamond' }).click();
  expect(await axe(manager)).toEqual([]);
  await manager.getByLabel('Shape').selectOption('Oval');
  await manager.getByLabel('Carat weight').fill('1.37');
  await manager.getByLabel('Colour').selectOption('E');
  await manager.getByLabel('Clarity').selectOption('VVS2');
  await manager.getByLabel('Length (mm)').fill('8.91');
  await manager.getByLabel('Width (mm)').fill('6.02');
  await manager.getByLabel('Depth (mm)', { exact: true }).fill('3.71');
  await manager.getByLabel('Depth %').fill('61.6');
  await manager.getByLabel('Table %').fill('57');
  await manager.getByLabel('Report number').fill(report);
  await manager.getByLabel('Price (USD)').fill('14375');
  await manager.getByLabel(/On memo from/).fill('Haddad & Sons');
  await manager.getByRole('button', { name: 'Add the diamond' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: /^Diamond NDH\d+$/ })).toBeVisible();
  const diamondUrl = (await manager.getByRole('link', { name: 'View in the store' }).getAttribute('href'))!;
  const stonePhoto = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#eef2f5' } })
    .jpeg()
    .toBuffer();
  await manager
    .getByLabel('Add a photograph')
    .setInputFiles({ name: 'oval.jpg', mimeType: 'image/jpeg', buffer: stonePhoto });
  await manager.getByLabel(/What it shows/).fill('The oval, table up, in daylight');
  await manager.getByRole('button', { name: 'Upload' }).click();
  await expect(manager.getByRole('img', { name: 'The oval, table up, in daylight' })).toBeVisible();

  // The shopper: search, listing and sitemap within 2 s of publishing.
  const shop = await (await browser.newContext()).newPage();
  await expect
    .poll(
      async () => {
        await shop.goto(`/search?q=${encodeURIComponent(name)}`);
        return shop.getByRole('link', { name }).count();
      },
      { timeout: 2_000, intervals: [200] },
    )
    .toBeGreaterThan(0);
  await shop.goto(`/category/${categoryId}?sort=newest`);
  await expect(shop.getByRole('link', { name }).first()).toBeVisible();
  const sitemaps = await (await shop.request.get('/sitemaps/products-1.xml')).text();
  expect(sitemaps).toContain(`/product/${series}/${categoryId}/${groupId}/`);
  expect(await (await shop.request.get('/sitemaps/diamonds-1.xml')).text()).toContain(diamondUrl);
  await shop.goto(diamondUrl);
  await expect(shop.getByRole('heading', { level: 1 })).toContainText('1.37');
  await expect(shop.getByText(report).first()).toBeVisible();
  await expect(shop.getByText('Haddad')).toHaveCount(0);
  await expect(shop.getByRole('img', { name: 'The oval, table up, in daylight' })).toBeVisible();

  // The ring: its page says how many are left; bought, one fewer.
  await shop.goto(storeUrl);
  await expect(shop.getByRole('img', { name: 'The oval signet on a linen cloth' }).first()).toBeVisible();
  await expect(shop.getByText(/^Only 3 left — ships in/)).toBeVisible();
  await shop.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(shop.getByText(/added to your cart/)).toBeVisible();
  // Checkout's own request (as checkout.spec drives the page), with the cart the button filled.
  const session = await shop.evaluate(
    () => (JSON.parse(localStorage.getItem('facet-visitor') ?? '{}') as { id?: string }).id ?? '',
  );
  expect(session).not.toBe('');
  const order = await shop.request.post('/api/order', {
    headers: { 'x-session-id': session, 'idempotency-key': crypto.randomUUID() },
    data: {
      email: `signet.${stamp.toLowerCase()}@example.com`,
      shippingAddress: {
        name: 'Ada King',
        company: '',
        line1: '12 Bleecker St',
        line2: '',
        city: 'New York',
        state: 'NY',
        zip: '10012',
        country: 'US',
        phone: '(212) 555-0188',
      },
      shippingMethod: 'standard',
      card: { name: 'Ada King', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(order.status(), await order.text()).toBe(200);
  await shop.goto(storeUrl);
  await expect(shop.getByText(/^Only 2 left — ships in/)).toBeVisible();
  await manager.goto(`/admin/products/${groupId}`);
  const stock = manager.getByRole('table', { name: /Variants/ }).getByLabel(/^Stock of /);
  await expect(stock).toHaveCount(4);
  const left = await stock.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).sort());
  expect(left, 'the variant bought has one fewer').toEqual(['2', '3', '3', '3']);

  // Moved to another address word: the old link answers 301 to the new one.
  await manager.getByLabel('Address word').fill(`${series}-X`.slice(0, 24));
  await manager.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText(/^Saved\./)).toBeVisible();
  const moved = await shop.request.get(storeUrl, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toContain(`/product/${series}-X`.slice(0, 33));

  // Archived after a confirmation: its page tells the shopper, with a way to similar pieces.
  await manager.getByRole('button', { name: 'Archive…' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  await expect(manager.getByText(/^Archived — /)).toBeVisible();
  const gone = await shop.goto(moved.headers().location!);
  expect(gone?.status()).toBe(410);
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText('This piece is no longer available');
  await expect(shop.getByText('We no longer make this piece.')).toBeVisible();
  await expect(shop.getByRole('link', { name: 'See similar pieces' })).toHaveAttribute(
    'href',
    `/category/${categoryId}`,
  );
});

test('a manager adds a category with a menu link; shoppers see it in the mega menu until it is hidden', async ({
  browser,
}) => {
  const name = `Bench Findings ${Date.now().toString(36)}`;
  const manager = await signIn(browser, 'manager', '/admin/categories');
  expect(await axe(manager)).toEqual([]);
  await manager.getByRole('button', { name: 'New category' }).click();
  const form = manager.getByRole('form', { name: 'New category' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Place').selectOption({ label: 'Top of Findings' });
  const group = (await form.getByLabel('Link in the menu').locator('option').allTextContents()).find((t) =>
    t.startsWith('Findings ›'),
  )!;
  await form.getByLabel('Link in the menu').selectOption({ label: group });
  await form.getByLabel('Description', { exact: true }).fill('Jump rings, clasps and bails for the bench.');
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(manager.getByRole('cell', { name, exact: true })).toBeVisible();
  expect(await axe(manager)).toEqual([]);

  const shop = await (await browser.newContext()).newPage();
  await shop.goto('/');
  await shop.getByRole('button', { name: 'Products' }).hover();
  const menu = shop.getByRole('region', { name: 'Products' });
  await menu.getByRole('list', { name: 'Product sections' }).getByRole('button', { name: 'Findings' }).hover();
  await menu.getByRole('link', { name }).click();
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
  const href = new URL(shop.url()).pathname;

  // Hidden: off the menu, and its page is not found.
  await manager.getByRole('button', { name: `Edit ${name}` }).click();
  await manager
    .getByRole('form', { name: `Edit ${name}` })
    .getByLabel(/Hidden/)
    .check();
  await manager
    .getByRole('form', { name: `Edit ${name}` })
    .getByRole('button', { name: 'Save changes' })
    .click();
  await expect(manager.getByRole('cell', { name: `${name} Hidden`, exact: true })).toBeVisible();
  const gone = await shop.goto(href);
  expect(gone?.status()).toBe(404);
  await shop.goto('/');
  await shop.getByRole('button', { name: 'Products' }).hover();
  await menu.getByRole('list', { name: 'Product sections' }).getByRole('button', { name: 'Findings' }).hover();
  await expect(menu.getByRole('link', { name })).toHaveCount(0);
});

test('a manager uploads several photographs at once, orders them by keyboard and ties one to a metal; the shopper who picks that metal sees it first', async ({
  browser,
}) => {
  const shop = await (await browser.newContext()).newPage();
  // A design sold as it is (no configurator), in more than one metal, with no photograph yet.
  const listing = (await (await shop.request.get('/api/category/1402?pageSize=96')).json()) as {
    data: { products: Array<{ href: string; GroupDescription: string; groupId: number; series: string }> };
  };
  let piece: (typeof listing.data.products)[number] | undefined;
  let metals: string[] = [];
  for (const p of listing.data.products.slice().reverse()) {
    const d = (await (await shop.request.get(`/api/product/product?groupId=${p.groupId}`)).json()) as {
      data: { configuration: unknown; photos: unknown[]; variants: Array<{ metal: string; metalName: string }> };
    };
    const names = [...new Set(d.data.variants.map((v) => v.metalName))];
    if (!d.data.configuration && d.data.photos.length === 0 && names.length > 1) {
      piece = p;
      metals = names;
      break;
    }
  }
  expect(piece, 'a seeded design in two metals').toBeDefined();
  const [, second] = metals as [string, string];

  const manager = await signIn(browser, 'manager', `/admin/products/${piece!.groupId}`);
  const shot = (background: string) =>
    sharp({ create: { width: 800, height: 800, channels: 3, background } })
      .jpeg()
      .toBuffer();
  await manager.getByLabel('Add a photograph').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await shot('#d8c7a0') },
    { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await shot('#c9b27c') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photograph') },
  ]);
  // The file that is not a photograph is named and kept back; the two go up together.
  await expect(manager.getByRole('alert')).toContainText('notes.txt: not a JPEG, PNG or WebP file.');
  await manager.getByRole('button', { name: 'Upload 2 photographs' }).click();
  await expect(manager.getByText('2 photographs added.')).toBeVisible();
  const order = manager.getByRole('list', { name: 'Photographs in order' }).getByRole('listitem');
  await expect(order).toHaveCount(2);
  expect(await axe(manager)).toEqual([]);

  // The second is of the second metal and becomes the cover, from the keyboard.
  await order.nth(1).getByRole('combobox').selectOption({ label: second });
  await expect(manager.getByText(`Photograph now shown first for ${second}.`)).toBeVisible();
  const later = manager.getByRole('button', { name: /^Move photograph 2 .* earlier$/ });
  await later.focus();
  await manager.keyboard.press('Enter');
  await expect(manager.getByText('Cover photograph changed.')).toBeVisible();
  await expect(order.first()).toContainText('cover');
  await expect(order.first().getByRole('combobox')).toHaveValue(/.+/);
  // The moved photograph keeps the focus (now its "later" button, as "earlier" is off for the first).
  await expect(manager.getByRole('button', { name: /^Move photograph 1 .* later$/ })).toBeFocused();

  // The shopper: in the first metal the photograph of any metal leads; picking the second metal
  // puts its photograph in front.
  const d = (await (await shop.request.get(`/api/product/product?groupId=${piece!.groupId}`)).json()) as {
    data: {
      photos: Array<{ large: string; metal: string | null }>;
      variants: Array<{ metal: string; metalName: string }>;
    };
  };
  const codeOf = (name: string) => d.data.variants.find((v) => v.metalName === name)!.metal;
  const keyOf = (p: { large: string }) => p.large.match(/photo\/([A-Za-z0-9_-]{16})-/)![1]!;
  const tied = d.data.photos.find((p) => p.metal === codeOf(second))!;
  const any = d.data.photos.find((p) => p.metal === null)!;
  expect(keyOf(d.data.photos[0]!), 'the tied photograph is the cover').toBe(keyOf(tied));
  await shop.goto(piece!.href);
  const main = shop.locator('.cursor-zoom-in img');
  await shop.getByRole('radio', { name: metals[0] }).click();
  await expect(shop.getByRole('radio', { name: metals[0] })).toHaveAttribute('aria-checked', 'true');
  await shop.getByRole('radio', { name: second }).click();
  await expect(shop.getByRole('radio', { name: second })).toHaveAttribute('aria-checked', 'true');
  await expect(main).toHaveAttribute('srcset', new RegExp(keyOf(tied)));
  await shop.getByRole('radio', { name: metals[0] }).click();
  // Back in the first metal its own art shows; the thumbnails put the any-metal photograph first.
  const thumbs = shop.getByRole('list', { name: 'Images' }).locator('img');
  await expect(thumbs.first()).toHaveAttribute('srcset', new RegExp(keyOf(any)));
});
