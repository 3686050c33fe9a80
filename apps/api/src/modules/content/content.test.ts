import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import sharp from 'sharp';
import { adminCall, photoUpload, staffSession } from '../../test/staff.ts';

// Staff edit the policy pages and the journal in the back office: Markdown with store facts as
// placeholders. Shoppers read the saved text at once, facts filled in, and never a script.

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp({ RETURN_DAYS: '30' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const page = async (kind: string, slug: string) => t.app.inject({ method: 'GET', url: `/api/content/${kind}/${slug}` });
const source = async (kind: string, slug: string) =>
  (await adminCall(t, manager, 'GET', `/content/${kind}/${slug}`)).json().data;
const save = (kind: string, slug: string, body: object) =>
  adminCall(t, manager, 'PUT', `/content/${kind}/${slug}`, body);
/** The editable part of a page as the editor sends it back. */
const fields = (p: { version: number; title: string; description: string; body: string; date: string | null }) => ({
  version: p.version,
  title: p.title,
  description: p.description,
  body: p.body,
  date: p.date,
});

describe('pages and words', () => {
  it('serves the store’s own text first, its facts filled in', async () => {
    const res = await page('policies', 'return-policy');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.html).toContain('30 days of delivery');
    expect(res.body).not.toContain('{{');
    expect((await source('policies', 'return-policy')).version).toBe(0);
    // Never edited here: no date is claimed (the shipped text once said "January 6, 2025" whatever happened).
    expect(res.json().data.updatedAt).toBeNull();
    expect(res.json().data.html).not.toMatch(/Last updated/i);
  });

  it('a saved page is what shoppers read next, audited; a stale save is refused', async () => {
    const now = await source('policies', 'return-policy');
    const body = `${now.body}\n\nEngraved pieces can be returned within {{returnDays}} days too.`;
    const res = await save('policies', 'return-policy', { ...fields(now), body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.version).toBe(1);
    expect((await page('policies', 'return-policy')).json().data.html).toContain(
      'Engraved pieces can be returned within 30 days too.',
    );
    const stale = await save('policies', 'return-policy', { ...fields(now), version: 0, body: 'Overwrite' });
    expect(stale.statusCode).toBe(409);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log where action = 'content.save'`),
    );
    expect(row!.n).toBe(1);
  });

  it('"Last updated" is the last change a shopper would read: the page saved, or the settings it quotes', async () => {
    const before = Date.now();
    const now = await source('policies', 'shipping-policy');
    expect((await save('policies', 'shipping-policy', fields(now))).statusCode).toBe(200);
    const saved = (await page('policies', 'shipping-policy')).json().data.updatedAt as string;
    expect(Date.parse(saved)).toBeGreaterThanOrEqual(before - 1000);
    // The owner changes a fact the policies quote: the pages that quote it are changed now.
    const owner = (await staffSession(t, 'owner')).cookie;
    const current = (await adminCall(t, owner, 'GET', '/settings')).json().data;
    await new Promise((r) => setTimeout(r, 20));
    const put = await adminCall(t, owner, 'PUT', '/settings', {
      version: current.version,
      settings: { ...current.settings, returnDays: current.settings.returnDays + 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = (await page('policies', 'shipping-policy')).json().data.updatedAt as string;
    expect(after > saved).toBe(true);
    expect(after).toBe(put.json().data.updatedAt);
    // Put back as the other tests read it.
    const back = await adminCall(t, owner, 'PUT', '/settings', {
      version: put.json().data.version,
      settings: current.settings,
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses an unknown placeholder with its name, and saves nothing', async () => {
    const now = await source('policies', 'shipping-policy');
    const res = await save('policies', 'shipping-policy', { ...fields(now), body: 'Ships in {{shipDays}}.' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.body).toContain('{{shipDays}}');
    expect((await source('policies', 'shipping-policy')).version).toBe(now.version);
  });

  it('never lets a script reach a shopper: script tags, handlers and javascript: links are stripped', async () => {
    const res = await save('blog', 'care-card', {
      version: 0,
      title: 'Caring for pearls',
      description: 'Pearls are soft; keep them apart.',
      date: '2026-11-20',
      body: [
        '# Caring for pearls',
        '<script>alert(1)</script>',
        '<img src="https://example.com/p.jpg" onerror="alert(2)" alt="Pearls">',
        '[click](javascript:alert(3)) and <a href="https://facet.example" onclick="alert(4)">us</a>',
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      ].join('\n\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await page('blog', 'care-card')).json().data;
    const html = shown.html as string;
    expect(shown.title).toBe('Caring for pearls');
    expect(html).toContain('alt="Pearls"');
    for (const bad of ['<script', 'alert(', 'onerror', 'onclick', 'javascript:', '<iframe', '<style'])
      expect(html.toLowerCase()).not.toContain(bad);
    // A new post joins the journal's list, newest first.
    const list = (await t.app.inject({ method: 'GET', url: '/api/content/blog' })).json().data;
    expect(list[0]).toMatchObject({ slug: 'care-card', title: 'Caring for pearls', date: '2026-11-20' });
  });

  it('a policy page that does not exist cannot be made, and an unknown page is a 404', async () => {
    const res = await save('policies', 'our-secret-policy', {
      version: 0,
      title: 'Secret',
      description: 'Secret',
      body: 'Secret',
      date: null,
    });
    expect(res.statusCode).toBe(404);
    expect((await page('policies', 'our-secret-policy')).statusCode).toBe(404);
    expect((await page('blog', 'no-such-post')).statusCode).toBe(404);
  });
});

describe('the home page’s first screen and tiles', () => {
  const home = async () => (await t.app.inject({ method: 'GET', url: '/api/content/home' })).json().data;
  const saveHome = (body: object) => adminCall(t, manager, 'PUT', '/content/home', body);

  it('starts with the store’s words and one tile per menu section; staff words are served at once, facts filled', async () => {
    const first = await home();
    expect(first.hero.heading).toBe('Rings made for the rest of your life');
    expect(first.tiles).toBeNull();
    const staff = (await adminCall(t, manager, 'GET', '/content/home')).json().data;
    expect(staff.version).toBe(0);
    const next = {
      hero: {
        ...staff.home.hero,
        eyebrow: 'Returns within {{returnDays}} days',
        heading: 'The holiday edit',
        secondary: null,
      },
      tiles: [
        { label: 'Signets', href: '/search?q=signet', picture: 'mountings' },
        { label: 'Lab diamonds', href: '/diamonds?origin=lab', picture: 'lab-grown-diamonds' },
      ],
    };
    const saved = await saveHome({ version: 0, home: next });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data, saved.body).toMatchObject({ version: 1, updatedBy: expect.stringMatching(/^manager\./) });
    const shown = await home();
    expect(shown.hero).toMatchObject({
      eyebrow: 'Returns within 30 days',
      heading: 'The holiday edit',
      secondary: null,
    });
    expect(shown.tiles.map((x: { label: string }) => x.label)).toEqual(['Signets', 'Lab diamonds']);

    const stale = await saveHome({ version: 0, home: next });
    expect(stale.statusCode, 'a save from a stale form is refused').toBe(409);
  });

  it('refuses an unknown placeholder, a link to another site and an empty heading; nothing is saved', async () => {
    const { home: was, version } = (await adminCall(t, manager, 'GET', '/content/home')).json().data;
    for (const [hero, tiles, field] of [
      [{ ...was.hero, text: 'Free over {{freeShipping}}' }, was.tiles, 'home.hero.text'],
      [{ ...was.hero, primary: { label: 'Shop', href: '//evil.example/x' } }, was.tiles, 'home.hero.primary.href'],
      [{ ...was.hero, heading: '' }, was.tiles, 'home.hero.heading'],
      [was.hero, [{ label: 'Away', href: 'https://evil.example', picture: 'diamonds' }], 'home.tiles.0.href'],
      [was.hero, [{ label: 'Odd', href: '/x', picture: 'unicorn' }], 'home.tiles.0.picture'],
    ] as const) {
      const res = await saveHome({ version, home: { hero, tiles } });
      expect(res.statusCode, JSON.stringify(hero)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    expect((await adminCall(t, manager, 'GET', '/content/home')).json().data.version).toBe(version);
  });
});

describe('taking a journal post down', () => {
  const list = async () =>
    ((await t.app.inject({ method: 'GET', url: '/api/content/blog' })).json().data as Array<{ slug: string }>).map(
      (p) => p.slug,
    );
  const visibility = (kind: string, slug: string, body: object) =>
    adminCall(t, manager, 'POST', `/content/${kind}/${slug}/visibility`, body);

  it('a post the store shipped with is taken off the journal and put back; it can never be deleted', async () => {
    expect(await list()).toContain('gemstone-care');
    const off = await visibility('blog', 'gemstone-care', { version: 0, hidden: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ hidden: true, deletable: false, version: 1 });
    expect((await page('blog', 'gemstone-care')).statusCode).toBe(404);
    expect(await list()).not.toContain('gemstone-care');
    const gone = await adminCall(t, manager, 'DELETE', '/content/blog/gemstone-care?version=1');
    expect(gone.statusCode).toBe(409);
    const back = await visibility('blog', 'gemstone-care', { version: 1, hidden: false });
    expect(back.json().data.hidden).toBe(false);
    expect((await page('blog', 'gemstone-care')).statusCode).toBe(200);
    // An edit keeps a post where it is: saving a hidden post does not put it back.
    await visibility('blog', 'gemstone-care', { version: 2, hidden: true });
    const src = await source('blog', 'gemstone-care');
    await save('blog', 'gemstone-care', { ...fields(src), title: `${src.title} (revised)` });
    expect((await page('blog', 'gemstone-care')).statusCode).toBe(404);
  });

  it('a post written here can be deleted (with the version read); a policy page cannot be hidden', async () => {
    const made = await save('blog', 'workshop-news', {
      version: 0,
      title: 'News from the workshop',
      description: 'What the bench made this month.',
      body: 'Three signets and a pavé band.',
      date: '2026-11-20',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.deletable).toBe(true);
    expect((await adminCall(t, manager, 'DELETE', '/content/blog/workshop-news?version=9')).statusCode).toBe(409);
    const del = await adminCall(t, manager, 'DELETE', '/content/blog/workshop-news?version=1');
    expect(del.statusCode).toBe(204);
    expect((await page('blog', 'workshop-news')).statusCode).toBe(404);
    expect(await list()).not.toContain('workshop-news');
    expect((await visibility('policies', 'return-policy', { version: 0, hidden: true })).statusCode).toBe(409);
  });
});

describe('drafts and scheduled posts', () => {
  const list = async () =>
    ((await t.app.inject({ method: 'GET', url: '/api/content/blog' })).json().data as Array<{ slug: string }>).map(
      (p) => p.slug,
    );
  const post = (extra: object) => ({
    version: 0,
    title: 'The winter signets',
    description: 'Three new signets from the bench.',
    body: 'Cast, carved and polished by hand.',
    date: '2026-12-01',
    ...extra,
  });

  it('a draft is the staff’s alone until it is published', async () => {
    const made = await save('blog', 'winter-signets', post({ draft: true }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ draft: true, state: 'draft', version: 1 });
    expect((await page('blog', 'winter-signets')).statusCode).toBe(404);
    expect(await list()).not.toContain('winter-signets');
    const staffList = (await adminCall(t, manager, 'GET', '/content')).json().data as Array<{
      slug: string;
      state: string;
    }>;
    expect(staffList.find((p) => p.slug === 'winter-signets')?.state).toBe('draft');

    const out = await save('blog', 'winter-signets', post({ version: 1, draft: false }));
    expect(out.json().data.state).toBe('published');
    // Dated the day it appeared, on the store's calendar, not the day typed while it was a draft.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.app.config.STORE_TIMEZONE }).format(new Date());
    expect(out.json().data.date).toBe(today);
    expect((await page('blog', 'winter-signets')).statusCode).toBe(200);
    expect(await list()).toContain('winter-signets');
  });

  it('a scheduled post appears at its moment with nobody writing anything, though the list was kept before', async () => {
    const at = new Date(Date.now() + 1_500).toISOString();
    const made = await save('blog', 'holiday-hours', post({ title: 'Holiday hours', publishAt: at }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ state: 'scheduled', publishAt: at });
    expect(made.json().data.date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: t.app.config.STORE_TIMEZONE }).format(new Date(at)),
    );
    // Read now (and kept): it is not there yet.
    expect(await list()).not.toContain('holiday-hours');
    expect((await page('blog', 'holiday-hours')).statusCode).toBe(404);
    await expect.poll(list, { timeout: 5_000, interval: 250 }).toContain('holiday-hours');
    expect((await page('blog', 'holiday-hours')).statusCode).toBe(200);
    expect((await source('blog', 'holiday-hours')).state).toBe('published');
  });

  it('a policy page is never a draft nor waiting: it is part of the store', async () => {
    const src = await source('policies', 'privacy-policy');
    const res = await save('policies', 'privacy-policy', {
      ...fields(src),
      draft: true,
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ draft: false, publishAt: null, state: 'published' });
    expect((await page('policies', 'privacy-policy')).statusCode).toBe(200);
  });
});

describe('one title per page', () => {
  it('the page draws the title; the text never repeats it nor brings a second first-level heading', async () => {
    const shipped = (await page('policies', 'return-policy')).json().data;
    expect(shipped.title).toBe('Return Policy');
    expect(shipped.html).not.toMatch(/<h1|>Return Policy</);
    const res = await adminCall(t, manager, 'POST', '/content/preview', {
      title: 'Bench notes',
      body: '# Bench notes\n\nIntro.\n\n# A second big heading\n\nMore.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.html).not.toContain('<h1');
    expect(res.json().data.html).not.toContain('Bench notes');
    expect(res.json().data.html).toContain('<h2>A second big heading</h2>');
  });
});

describe('images for pages and the home page', () => {
  const jpeg = () =>
    sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d9c9a8' } })
      .jpeg()
      .toBuffer();

  it('an uploaded image is placed in a post and on the first screen; it cannot be removed while shown', async () => {
    const up = await photoUpload(t, manager, '/content/images', await jpeg(), 'The bench at first light');
    expect(up.statusCode, up.body).toBe(201);
    const image = up.json().data;
    expect(image).toMatchObject({ alt: 'The bench at first light', width: 1200, height: 800 });
    expect(image.markdown).toBe(`![The bench at first light](/api/media/photo/${image.key}-large.webp)`);
    expect((await adminCall(t, manager, 'GET', '/content/images')).json().data[0].key).toBe(image.key);
    expect((await t.app.inject({ method: 'GET', url: image.large })).statusCode).toBe(200);

    // In a post: the store's own image shows; a path elsewhere on the site is not an image source.
    const made = await save('blog', 'first-light', {
      version: 0,
      title: 'First light',
      description: 'The bench before the day begins.',
      body: `${image.markdown}\n\n![odd](/api/admin/orders)`,
      date: '2026-11-27',
    });
    expect(made.statusCode, made.body).toBe(200);
    const html = (await page('blog', 'first-light')).json().data.html as string;
    expect(html).toContain(`<img src="/api/media/photo/${image.key}-large.webp" alt="The bench at first light"`);
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('/api/admin/orders');

    // On the first screen: shoppers get it in every size; a key that is not an upload is refused.
    const home = (await adminCall(t, manager, 'GET', '/content/home')).json().data;
    const unknown = await adminCall(t, manager, 'PUT', '/content/home', {
      version: home.version,
      home: { ...home.home, hero: { ...home.home.hero, image: { key: 'AAAAAAAAAAAAAAAA', alt: 'x' } } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty(['home.hero.image.key']);
    const withImage = await adminCall(t, manager, 'PUT', '/content/home', {
      version: home.version,
      home: { ...home.home, hero: { ...home.home.hero, image: { key: image.key, alt: 'The workshop bench' } } },
    });
    expect(withImage.statusCode, withImage.body).toBe(200);
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/content/home' })).json().data.heroPhoto)
      .toMatchObject({ alt: 'The workshop bench', width: 1200, height: 800, large: image.large });

    const refused = await adminCall(t, manager, 'DELETE', `/content/images/${image.key}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/“First light”, the home page/);

    // Taken out of both, it goes, files and all.
    const after = withImage.json().data;
    await adminCall(t, manager, 'PUT', '/content/home', {
      version: after.version,
      home: { ...after.home, hero: { ...after.home.hero, image: null } },
    });
    await adminCall(t, manager, 'DELETE', '/content/blog/first-light?version=1');
    const gone = await adminCall(t, manager, 'DELETE', `/content/images/${image.key}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: image.large })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/home' })).json().data.heroPhoto).toBeNull();
  });
});
