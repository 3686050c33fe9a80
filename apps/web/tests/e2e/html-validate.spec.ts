import { HtmlValidate } from 'html-validate';
import { expect, test } from './support/ready.ts';

// The key pages' server-rendered HTML through html-validate's document and accessibility rules:
// references to ids that are not there, names on elements that cannot carry one, and the like.

const validator = new HtmlValidate({
  extends: ['html-validate:document', 'html-validate:a11y'],
  rules: {
    // Style attributes and inline <style> are the framework's (streamed hydration, CSS variables).
    'no-inline-style': 'off',
    // Subresource integrity matters for other origins' files; ours come from this server.
    'require-sri': ['error', { target: 'crossorigin' }],
    // The filters' checkboxes and the sort select are Radix widgets: buttons with the ARIA role,
    // state and keyboard of a checkbox or listbox, chosen for their look (decision 012's forms keep
    // native inputs).
    'prefer-native-element': 'off',
  },
});

test('the key pages are valid HTML with names and references that assistive technology can use', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const product = (await (await request.get('/api/category/1101?pageSize=1')).json()).data.products[0].href as string;
  const diamond = (await (await request.get('/api/diamond?pageSize=1')).json()).data.diamonds[0] as {
    id: number;
    serial: string;
    origin: string;
  };
  const pages = [
    '/',
    '/category/1100',
    product,
    '/diamonds',
    `/diamond/${encodeURIComponent(diamond.serial)}/${diamond.origin === 'lab' ? 1800 : 1700}/${diamond.id}/${diamond.id}`,
    '/notable-gemstones/shop-by-stone-type',
    '/search?q=ring',
    '/cart',
    '/blog',
    '/contact-us',
    '/wishlist',
    '/book-appointment',
    '/gift-cards',
    '/gift-cards/balance',
  ];
  const problems: string[] = [];
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    const report = await validator.validateString(html, path);
    for (const r of report.results)
      for (const m of r.messages) problems.push(`${path}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
  }
  expect(problems).toEqual([]);
});
