import { describe, expect, it } from 'vitest';
import { cacheablePath, PageCache } from './page-cache.ts';

const page = (html: string, nonce = 'N0nce') => ({
  status: 200,
  headers: [['content-type', 'text/html']] as Array<[string, string]>,
  html,
  nonce,
});

describe('page cache', () => {
  it('answers a kept page with a fresh nonce in place of the one it was rendered with', () => {
    const c = new PageCache();
    c.set('/a', page('<script nonce="N0nce">1</script><script nonce="N0nce">2</script>'), c.current());
    expect(c.get('/a', 'Fresh')!.html).toBe('<script nonce="Fresh">1</script><script nonce="Fresh">2</script>');
    expect(c.get('/a', 'Other')!.html).not.toContain('Fresh');
  });

  it('drops everything on invalidate, and a render that began before it is not kept', () => {
    const c = new PageCache();
    c.set('/a', page('old'), c.current());
    const before = c.current();
    c.invalidate();
    expect(c.get('/a', 'x')).toBeNull();
    c.set('/b', page('rendered from the old catalogue'), before);
    expect(c.get('/b', 'x')).toBeNull();
  });

  it('keeps within its size, dropping the least recently used', () => {
    const c = new PageCache(1000);
    c.set('/1', page('x'.repeat(100)), c.current());
    c.set('/2', page('y'.repeat(100)), c.current());
    c.get('/1', 'n');
    for (let i = 3; i < 12; i++) c.set(`/${i}`, page('z'.repeat(100)), c.current());
    expect(c.get('/1', 'n')).not.toBeNull();
    expect(c.get('/2', 'n')).toBeNull();
  });

  it('expires after its time', async () => {
    const c = new PageCache(1000, 5);
    c.set('/a', page('a'), c.current());
    await new Promise((r) => setTimeout(r, 10));
    expect(c.get('/a', 'n')).toBeNull();
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
