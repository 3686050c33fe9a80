import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { paths } from '@facet/contracts/paths';
import { carriesSecret, redactUrl } from '@facet/contracts/secret-routes';
import routes from './routes.ts';

// Every link the store writes (pages, e-mails, sitemaps) comes from `paths`: each must land on a
// route of the storefront, not on "not found" (an e-mail once linked /orders, which was no page).

const flat = (entries: RouteConfigEntry[], base = ''): string[] =>
  entries.flatMap((e) => {
    const here = e.path === undefined ? base : `${base}/${e.path}`.replace(/\/+/g, '/');
    return [...(e.path !== undefined || e.index ? [here || '/'] : []), ...flat(e.children ?? [], here)];
  });
const patterns = flat(routes as RouteConfigEntry[]).filter((p) => p !== '/*');
const page = (href: string) => {
  const path = href.split('?')[0]!;
  return patterns.find((p) => matchPath(p, path)) ?? null;
};

describe('every path the store links to is a page', () => {
  const samples: Record<string, string> = {
    home: paths.home(),
    category: paths.category(1201),
    product: paths.product({ series: 'WB10361', categoryId: 1201, groupId: 361, productId: 12100 }),
    diamond: paths.diamond({ series: 'LD1', categoryId: 1800, groupId: 3, productId: 3 }),
    diamondOf: paths.diamondOf({ serial: 'ND 1/2', origin: 'natural', id: 7 }),
    configured: paths.configured({ series: 'ER1', categoryId: 1101, groupId: 1, productId: 2 }, { metal: '14KW' }),
    search: paths.search('oval'),
    stoneTypes: paths.stoneTypes(),
    stoneType: paths.stoneType('sapphire'),
    diamonds: paths.diamonds(),
    melee: paths.melee(),
    giftCards: paths.giftCards(),
    giftBalance: paths.giftBalance(),
    blog: paths.blog(),
    blogPost: paths.blog('ring-sizes'),
    orders: paths.orders(),
    orderReturn: paths.orderReturn('FCT-ABCDEFGH', 'tok'),
    orderReview: paths.orderReview('FCT-ABCDEFGH', 'tok'),
    orderService: paths.orderService('FCT-ABCDEFGH', 'tok'),
    serviceTicket: paths.serviceTicket('SVC-ABCDEFGH', 'tok'),
  };
  for (const [name, href] of Object.entries(samples))
    it(`${name} (${href})`, () => expect(page(href), href).not.toBeNull());

  it('and a path that is no page is caught', () => {
    expect(page('/orders')).toBeNull();
  });

  it('names every page path the store builds (a new one is added here)', () => {
    const pagePaths = Object.keys(paths).filter((k) => !['itemArt', 'avatar', 'photo', 'stoneReport'].includes(k));
    expect(pagePaths.filter((k) => !(k in samples))).toEqual([]);
  });
});

describe('every page whose address carries a secret declares it (the log and Referrer-Policy read that)', () => {
  it('each page with a token or signature in its path is a declared secret route', () => {
    const carrying = patterns.filter((p) => /:(?:token|sig|secret)\b/.test(p));
    expect(carrying.length).toBeGreaterThan(0);
    for (const p of carrying) {
      const sample = p.replace(/:(\w+)/g, (_, n: string) => `${n}-Zq81x`);
      expect(carriesSecret(sample), p).toBe(true);
      expect(redactUrl(sample), p).not.toMatch(/(?:token|sig|secret)-Zq81x/);
    }
  });

  it('each page the store links to with a token in its query is a declared secret route', () => {
    for (const href of [
      paths.orderReturn('FCT-1', 'tok-Zq81x'),
      paths.orderService('FCT-1', 'tok-Zq81x'),
      paths.serviceTicket('SVC-1', 'tok-Zq81x'),
    ]) {
      expect(carriesSecret(href), href).toBe(true);
      expect(redactUrl(href)).not.toContain('tok-Zq81x');
    }
  });

  it('and a secret page left undeclared is caught', () => {
    expect(carriesSecret('/gift-cards/claim/token-Zq81x')).toBe(false);
  });
});
