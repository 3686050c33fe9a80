import { describe, expect, it } from 'vitest';
import { contentFirst, contentFirstWhole, START_SCRIPTS, wantsScriptsFirst } from './content-first.ts';

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Chains — “was” prices</title>' +
  '<link rel="preload" as="image" href="/a.svg" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-X.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/shared-Y.js" nonce="n1"/>' +
  '<link nonce="n1" rel="stylesheet" href="/assets/root.css"/></head>' +
  '<body><main><p>Rings — “was” $1,200</p></main>' +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import "/assets/entry.client-X.js";</script>' +
  '<script nonce="n1">stream.push(1)</script></body></html>';

/** The page through the rewrite, cut into chunks of `size` bytes. */
async function through(page: string, size: number) {
  const t = contentFirst('n1');
  const out: Buffer[] = [];
  t.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((r) => t.on('end', r));
  const bytes = Buffer.from(page);
  for (let i = 0; i < bytes.length; i += size) t.write(bytes.subarray(i, i + size));
  t.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

describe('content first', () => {
  it.each([1, 7, 23, 64, 100_000])(
    'drops the module preloads, adds the starter and holds the module script (chunks of %i bytes)',
    async (size) => {
      const html = await through(PAGE, size);
      expect(html).not.toContain('modulepreload');
      expect(html).toContain(`<script nonce="n1">${START_SCRIPTS}</script></head>`);
      expect(html).toContain(
        '<script nonce="n1" type="text/facet-module">import "/assets/entry.client-X.js";</script>',
      );
      expect(html).not.toContain('type="module"');
      // Everything else is as it was, byte for byte (the multi-byte text too).
      const expected = PAGE.replace(/<link rel="modulepreload"[^>]*>/g, '')
        .replace('</head>', `<script nonce="n1">${START_SCRIPTS}</script></head>`)
        .replace('type="module" async=""', 'type="text/facet-module"');
      expect(html).toBe(expected);
    },
  );

  it('rewrites a page rendered whole the same way, byte for byte', async () => {
    expect(contentFirstWhole(Buffer.from(PAGE), 'n1').toString('utf8')).toBe(await through(PAGE, 100_000));
    expect(contentFirstWhole(Buffer.from(PAGE), 'n1').toString('utf8')).toContain('type="text/facet-module"');
    const plain = '<html><head><title>t</title></head><body>plain</body></html>';
    expect(contentFirstWhole(Buffer.from(plain), 'n1').toString('utf8')).toBe(await through(plain, 5));
  });

  it('passes a page without a module script through whole', async () => {
    const page = '<html><head><title>t</title></head><body>plain</body></html>';
    expect(await through(page, 5)).toBe(page.replace('</head>', `<script nonce="n1">${START_SCRIPTS}</script></head>`));
  });

  it('lets a page whose content comes from its code start its scripts at once', () => {
    expect(wantsScriptsFirst([undefined, { scriptsFirst: true }])).toBe(true);
    expect(wantsScriptsFirst([undefined, {}, { scriptsFirst: 'yes' }])).toBe(false);
  });
});
