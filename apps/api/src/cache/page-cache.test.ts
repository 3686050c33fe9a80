import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  bodyIn,
  cacheablePath,
  etagOf,
  inlineScriptHashes,
  keptPage,
  negotiate,
  notModified,
  pageAddress,
  PageCache,
} from './page-cache.ts';

const page = (html: string) => keptPage(200, [['content-type', 'text/html']], Buffer.from(html));
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('page cache', () => {
  it('a change drops the pages filed under its tags, and keeps the rest', () => {
    const cache = new PageCache();
    const tagged = (html: string, tags: string[]) =>
      keptPage(200, [['content-type', 'text/html']], Buffer.from(html), tags);
    cache.set('|/diamond/a/1700/5/5', tagged('<p>stone 5</p>', ['store', 'stone-count', 'stones', 'stone-5']), 0);
    cache.set('|/diamonds', tagged('<p>list</p>', ['store', 'stone-count', 'stones', 'stone-lists']), 0);
    cache.set('|/return-policy', tagged('<p>policy</p>', ['store', 'stone-count']), 0);
    cache.set('|/blog', tagged('<p>careless</p>', ['store', 'stone-count', 'any']), 0);
    // Stone 5 sold: its page, the lists, and a page that did not say what it shows go.
    cache.invalidate(['stone-5', 'stone-lists', 'any']);
    expect(cache.get('|/diamond/a/1700/5/5')).toBeNull();
    expect(cache.get('|/diamonds')).toBeNull();
    expect(cache.get('|/blog')).toBeNull();
    expect(cache.get('|/return-policy')).not.toBeNull();
    // A render that began before the change is not kept.
    cache.set('|/diamonds', tagged('<p>list, old</p>', ['store', 'stone-lists']), 0);
    expect(cache.get('|/diamonds')).toBeNull();
    // The settings changed (or no tags were given): every page goes.
    cache.invalidate(['store']);
    expect(cache.get('|/return-policy')).toBeNull();
    cache.set('|/return-policy', tagged('<p>policy</p>', ['store']), cache.current());
    cache.invalidate();
    expect(cache.get('|/return-policy')).toBeNull();
  });

  it('allows exactly the inline scripts the page runs, by hash', () => {
    const html =
      '<script type="application/ld+json">{"@type":"Product"}</script><script nonce="x">window.a=1</script>' +
      '<script type="module" async="">import("/assets/entry.js")</script><script src="/x.js"></script>' +
      '<script nonce="x">window.a=1</script><script nonce="x">window.b="Ø 1½ ct — ♦"</script>';
    // A browser hashes the script's UTF-8 bytes, names and signs included.
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([
      sha('window.a=1'),
      sha('import("/assets/entry.js")'),
      sha('window.b="Ø 1½ ct — ♦"'),
    ]);
  });

  it('names a page by its content, in every encoding, and knows a client that holds it', async () => {
    const a = page('<p>one</p>');
    expect(page('<p>one</p>').hash).toBe(a.hash);
    expect(page('<p>two</p>').hash).not.toBe(a.hash);
    expect(etagOf(a, 'br')).toBe(`"${a.hash}-br"`);
    expect(notModified(a, etagOf(a, null))).toBe(true);
    expect(notModified(a, `W/${etagOf(a, 'gzip')}, "other"`)).toBe(true);
    expect(notModified(a, etagOf(page('<p>two</p>'), null))).toBe(false);
    expect(notModified(a, undefined)).toBe(false);
    expect(zlib.brotliDecompressSync(await bodyIn(a, 'br')).toString()).toBe('<p>one</p>');
    expect(zlib.gunzipSync(await bodyIn(a, 'gzip')).toString()).toBe('<p>one</p>');
    expect(await bodyIn(a, 'br')).toBe(await bodyIn(a, 'br'));
  });

  it('answers in the encoding the client accepts', () => {
    expect(negotiate('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiate('gzip, br;q=0')).toBe('gzip');
    expect(negotiate('identity')).toBeNull();
    expect(negotiate(undefined)).toBeNull();
  });

  it('drops everything on invalidate, and a render that began before it is not kept', () => {
    const c = new PageCache();
    c.set('/a', page('old'), c.current());
    const before = c.current();
    c.invalidate();
    expect(c.get('/a')).toBeNull();
    c.set('/b', page('rendered from the old catalogue'), before);
    expect(c.get('/b')).toBeNull();
  });

  it('keeps within its size, dropping the least recently used', () => {
    const c = new PageCache(1400);
    c.set('/1', page('x'.repeat(100)), c.current());
    c.set('/2', page('y'.repeat(100)), c.current());
    c.get('/1');
    for (let i = 3; i < 12; i++) c.set(`/${i}`, page('z'.repeat(100)), c.current());
    expect(c.get('/1')).not.toBeNull();
    expect(c.get('/2')).toBeNull();
  });

  it('keeps a page in a bounded number of forms: random parameters cannot push out the pages visitors read', () => {
    const c = new PageCache(64 * 1024 * 1024, 30_000, 3);
    c.set('|/diamonds', page('plain'), c.current());
    for (let i = 0; i < 50; i++) c.set(`|/diamonds?junk=${i}`, page(`junk ${i}`), c.current());
    expect(c.get('|/diamonds')).not.toBeNull();
    expect(c.get('|/diamonds?junk=1')).not.toBeNull();
    expect(c.get('|/diamonds?junk=2')).toBeNull();
    expect(c.get('|/diamonds?junk=49')).toBeNull();
    // Other pages are not limited by it, and a form that goes makes room again.
    c.set('|/category/1100?page=2', page('another page'), c.current());
    expect(c.get('|/category/1100?page=2')).not.toBeNull();
    c.invalidate();
    c.set('|/diamonds?junk=49', page('after a change'), c.current());
    expect(c.get('|/diamonds?junk=49')).not.toBeNull();
  });

  it('reads a page’s address without campaign parameters, keeping every parameter the page uses', () => {
    expect(pageAddress('/product/ER1/1101/1/2', '?utm_source=mail&utm_campaign=holiday')).toBe('/product/ER1/1101/1/2');
    expect(pageAddress('/diamonds', '?shape=Oval&gclid=abc&caratMin=1&fbclid=x&msclkid=y&ref=ig')).toBe(
      '/diamonds?shape=Oval&caratMin=1',
    );
    expect(pageAddress('/diamonds', '?UTM_Medium=cpc&%75tm_term=ring')).toBe('/diamonds');
    expect(pageAddress('/search', '?q=halo&reference=7')).toBe('/search?q=halo&reference=7');
    expect(pageAddress('/', '')).toBe('/');
    expect(pageAddress('/', '?')).toBe('/');
  });

  it('expires after its time', async () => {
    const c = new PageCache(1000, 5);
    c.set('/a', page('a'), c.current());
    await new Promise((r) => setTimeout(r, 10));
    expect(c.get('/a')).toBeNull();
  });

  it('keeps only pages that are the same for every visitor', () => {
    for (const p of [
      '/',
      '/category/1100',
      '/product/ER1001/1101/1/2',
      '/diamond/LD1/1800/5/5',
      '/diamonds',
      '/blog/x',
      '/search',
      '/products',
      '/contact-us',
      '/gift-cards',
    ])
      expect(cacheablePath(p), p).toBe(true);
    for (const p of [
      '/cart',
      '/checkout',
      '/wishlist',
      '/wishlist/shared/abc',
      '/profile',
      '/book-appointment',
      '/admin',
      '/reset-password/x',
      '/order-confirmation',
    ])
      expect(cacheablePath(p), p).toBe(false);
  });
});
