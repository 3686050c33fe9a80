import { expect, test } from './support/ready.ts';
import AxeBuilder from '@axe-core/playwright';

const header = (page: import('@playwright/test').Page) => page.locator('header[data-header]');

test.describe('header', () => {
  test('becomes flat after 50px, hides scrolling down past 100px, returns on scrolling up', async ({ page }) => {
    await page.goto('/privacy-policy');
    const h = header(page);
    await expect(h).toHaveAttribute('data-flat', 'false');
    await expect(h).toHaveAttribute('data-hidden', 'false');

    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    };
    await scrollTo(45);
    await expect(h).toHaveAttribute('data-flat', 'false');
    await scrollTo(60);
    await expect(h).toHaveAttribute('data-flat', 'true');
    await expect(h).toHaveAttribute('data-hidden', 'false');
    await scrollTo(95);
    await expect(h).toHaveAttribute('data-hidden', 'false');
    await scrollTo(400);
    await expect(h).toHaveAttribute('data-hidden', 'true');
    await expect(h).not.toBeInViewport();
    await scrollTo(300);
    await expect(h).toHaveAttribute('data-hidden', 'false');
    await expect(h).toBeInViewport();
    await scrollTo(0);
    await expect(h).toHaveAttribute('data-flat', 'false');
  });
});

test.describe('mega menu', () => {
  test('opens on hover, shows each section on hover, closes 300ms after the pointer leaves the header', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Products' }).hover();
    const menu = page.getByRole('region', { name: 'Products' });
    await expect(menu).toBeVisible();
    const sections = menu.getByRole('list', { name: 'Product sections' }).getByRole('button');
    await expect(sections).toHaveText([
      'Engagement Rings',
      'Wedding Bands',
      'Chain & Cords',
      'Jewelry',
      'Mountings',
      'Findings',
      'Diamonds',
      'Lab-Grown Diamonds',
      'GemStones',
    ]);
    await sections.filter({ hasText: 'Wedding Bands' }).hover();
    await expect(menu.getByRole('link', { name: 'Band Builder' })).toBeVisible();

    // Measure in the page: time from the header's mouseleave to the panel leaving the DOM.
    await page.evaluate(() => {
      const w = window as unknown as { __left?: number; __closed?: number };
      document.querySelector('header[data-header]')!.addEventListener(
        'mouseleave',
        () => {
          w.__left = performance.now();
        },
        { once: true },
      );
      new MutationObserver((_, obs) => {
        if (!document.getElementById('mega-menu')) {
          w.__closed = performance.now();
          obs.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.mouse.move(600, 880);
    await expect(menu).toBeHidden({ timeout: 2000 });
    const elapsed = await page.evaluate(() => {
      const w = window as unknown as { __left: number; __closed: number };
      return w.__closed - w.__left;
    });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(700);
  });

  test('says when the menu did not load, and a second try brings it', async ({ page }) => {
    let fail = true;
    await page.route('**/api/menu', (route) => (fail ? route.fulfill({ status: 500, body: '' }) : route.continue()));
    await page.goto('/privacy-policy');
    await page.getByRole('button', { name: 'Products' }).hover();
    await expect(page.getByRole('status').filter({ hasText: 'The menu did not load.' })).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Products' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'The menu did not load.' })).toHaveCount(0);
  });

  test('stays open when the pointer comes back within 300ms', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Products' }).hover();
    await expect(page.getByRole('region', { name: 'Products' })).toBeVisible();
    await page.mouse.move(600, 880);
    await page.getByRole('button', { name: 'Products' }).hover();
    await page.waitForTimeout(500);
    await expect(page.getByRole('region', { name: 'Products' })).toBeVisible();
  });

  test('closes on navigation and links items to /category/{id} with filters', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Products' }).hover();
    const menu = page.getByRole('region', { name: 'Products' });
    await menu.getByRole('button', { name: 'Engagement Rings' }).hover();
    const oval = menu.getByRole('link', { name: 'Oval' });
    const href = await oval.getAttribute('href');
    const url = new URL(href!, 'http://x');
    expect(url.pathname).toBe('/category/1100');
    expect(JSON.parse(url.searchParams.get('filters')!)).toEqual([
      { label: 'primary stone shape', matchType: 'exact', options: ['Oval'] },
    ]);
    await menu.getByRole('link', { name: 'Solitaire' }).click();
    await expect(page).toHaveURL(/\/category\/1101$/);
    await expect(menu).toBeHidden();
  });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const products = page.getByRole('button', { name: 'Products' });
    await products.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('region', { name: 'Products' });
    await expect(menu).toBeVisible();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(products).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('button', { name: 'Engagement Rings' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('button', { name: 'Wedding Bands' })).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Plain Bands' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(menu.getByRole('link', { name: 'All Wedding Bands' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Plain Bands' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/category\/1201$/);
    await expect(menu).toBeHidden();
  });
});

test('every route change scrolls to the top', async ({ page }) => {
  await page.goto('/terms-condition');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('navigation', { name: 'Customer care' }).getByRole('link', { name: 'Shipping Policy' }).click();
  await expect(page).toHaveURL(/\/shipping-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('Pages menu lists the store pages and Blog leads to the guides', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Pages' }).click();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Return Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Return Policy' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guides from our jewelers' })).toBeVisible();
  await page.getByRole('link', { name: 'The 4Cs of Diamonds, Explained Simply', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The 4Cs of Diamonds, Explained Simply' })).toBeVisible();
});

test('the header and the breadcrumb move within the page, and the menu marks where the shopper is', async ({
  page,
}) => {
  await page.goto('/category/1100');
  // A mark on the document: a full page load would lose it.
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guides from our jewelers' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  await expect(main.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  await page.getByRole('link', { name: 'The 4Cs of Diamonds, Explained Simply', exact: true }).click();
  await expect(main.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  await header(page).getByRole('link', { name: 'Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await header(page).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  expect(await stayed()).toBe(true);
  await page.goto('/category/1101');
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Engagement Rings' }).click();
  await expect(page).toHaveURL(/\/category\/1100$/);
  await header(page).getByRole('link', { name: 'Facet — home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  expect(await stayed()).toBe(true);
});

test('footer shows contact details, policies, payments, region and the 2025 copyright', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('hello@facet.example')).toBeVisible();
  for (const p of ['Privacy Policy', 'Return Policy', 'Terms & Conditions', 'Shipping Policy']) {
    await expect(footer.getByRole('link', { name: p })).toBeVisible();
  }
  // What the store's provider takes (the test card provider: the four card networks; no PayPal, no wallet).
  const payments = footer.getByRole('list', { name: 'Accepted payments' }).getByRole('img');
  await expect(payments).toHaveCount(4);
  await expect(footer.getByRole('img', { name: 'PayPal' })).toHaveCount(0);
  // Read out as "Region, currency and language: United States · USD · English".
  await expect(footer.locator('p', { hasText: 'Region, currency and language:' })).toHaveText(
    /^Region, currency and language:\s*United States\s*·\s*USD\s*·\s*English$/,
  );
  await expect(footer).toContainText('© 2025');
  await expect(footer.getByRole('textbox', { name: 'Email address' })).toBeVisible();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the header collapses to a menu button that opens the sections in a drawer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Products' })).toBeHidden();
    // The header's one search form moves below the top row; it is not drawn twice (hidden copies count).
    await expect(page.locator('header form[role="search"]')).toHaveCount(1);
    const search = page.getByRole('search');
    const [bar, box] = await Promise.all([page.getByLabel('Open menu').boundingBox(), search.boundingBox()]);
    expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    expect(box!.width).toBeGreaterThan(340);
    await page.getByLabel('Open menu').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.locator('summary', { hasText: 'Chain & Cords' }).click();
    await drawer.getByRole('link', { name: 'Box Chains' }).click();
    await expect(page).toHaveURL(/\/category\/1301\?filters=/);
    await expect(drawer).toBeHidden();
  });

  // A row that cannot shrink (a strip of day chips, a wide table) must scroll inside itself, never widen the page.
  test('no page is wider than the phone', async ({ page }) => {
    for (const path of [
      '/',
      '/category/1100',
      '/diamonds',
      '/notable-gemstone/sapphire',
      '/cart',
      '/wishlist',
      '/book-appointment',
      '/contact-us',
      '/gift-cards',
      '/gift-cards/balance',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});

test('kept parts are drawn in place by the server, not sent after the rest of the page', async ({ request }) => {
  // A Suspense boundary on the server lets React send a large part last, moved in by a script:
  // the home page's first heading and photograph would arrive after everything else.
  const html = await (
    await request.get('/', { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' } })
  ).text();
  for (const id of ['home-hero', 'home-tiles', 'home-promises', 'footer-columns', 'footer-social', 'footer-bottom'])
    expect(html, id).toMatch(new RegExp(`data-kept="${id}"[^>]*><(?!!--)`));
  expect(html).toMatch(/data-kept="home-hero"[^>]*><section[^]*?<h1/);
});

test('the home page keeps its first screen, tiles and promises as drawn; a move back draws them in the same document', async ({
  page,
}) => {
  const partsLoaded = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /\/assets\/(hero|category-tiles|promises)-[\w-]+\.js$/.test(p)),
    );
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  await expect(page.getByText(/-day returns/).first()).toBeVisible();
  // A first visit never loads the parts' code: the server's markup is what the shopper sees.
  expect(await partsLoaded()).toEqual([]);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  // A tile's anchor is moved by the router, not loaded as a new document.
  const tile = page.locator('section[aria-labelledby="shop-by-category"] a').first();
  const href = (await tile.getAttribute('href'))!;
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\$&')}$`));
  // Back home by the router: the parts are drawn afresh, their code loaded ahead of the move.
  await page.locator('header a[href="/"]:visible').first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await partsLoaded()).length).toBe(3);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('the footer and the parts below the fold are laid out as they come near, at their own size', async ({ page }) => {
  // They are skipped in the page's first work (content-visibility); a shopper who jumps to the end
  // must land on the footer's last line, not on a space the page then grows past.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/diamonds');
    const before = await page.evaluate(() => document.scrollingElement!.scrollHeight);
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await expect(page.getByRole('contentinfo').getByText(/© 2025 Facet Fine Jewelry/)).toBeInViewport();
    const after = await page.evaluate(() => document.scrollingElement!.scrollHeight);
    expect(Math.abs(after - before), `page length at ${width} px`).toBeLessThan(120);
  }
});

test('the home page, a policy page, the journal, melee and the 404 page have no WCAG 2.2 AA violations', async ({
  page,
}) => {
  for (const path of ['/', '/shipping-policy', '/blog', '/diamonds/melee', '/products', '/newsletter', '/nope']) {
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    // Label-in-name (WCAG 2.5.3) is among axe's experimental rules, which it runs only when named.
    const named = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(
      [...results.violations, ...named.violations].map(
        (v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`,
      ),
    ).toEqual([]);
  }
});
