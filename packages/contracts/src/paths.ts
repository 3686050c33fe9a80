// Type-only: pages that link to categories must not load the schema library for it.
import type { CatalogFilter } from './catalog-filters.ts';

import { CATEGORY } from './categories.ts';
import { photoUrl } from './photo-sizes.ts';

// Storefront URLs, built in one place.
export const paths = {
  home: () => '/',
  category: (id: number, filters?: CatalogFilter[] | null) =>
    filters && filters.length
      ? `/category/${id}?filters=${encodeURIComponent(JSON.stringify(filters))}`
      : `/category/${id}`,
  product: (p: { series: string; categoryId: number; groupId: number; productId: number }) =>
    `/product/${encodeURIComponent(p.series)}/${p.categoryId}/${p.groupId}/${p.productId}`,
  diamond: (p: { series: string; categoryId: number; groupId: number; productId: number }) =>
    `/diamond/${encodeURIComponent(p.series)}/${p.categoryId}/${p.groupId}/${p.productId}`,
  /** A loose diamond's page, under the natural or lab-grown diamonds category. */
  diamondOf: (d: { serial: string; origin: string; id: number }) =>
    `/diamond/${encodeURIComponent(d.serial)}/${d.origin === 'lab' ? CATEGORY.labJewelry : CATEGORY.diamondJewelry}/${d.id}/${d.id}`,
  /**
   * A configured piece: its product page with the choices in the query (the configurator reads
   * them back: ?metal=&size=&width=&style=&s1=d123), so the link reopens the same ring.
   */
  configured: (
    p: { series: string; categoryId: number; groupId: number; productId: number },
    c: {
      metal?: string;
      size?: number;
      widthMm?: number;
      style?: string;
      stones?: Array<{ location: number; kind: 'diamond' | 'gemstone' | 'melee'; id: number }>;
    },
  ) => {
    const q = new URLSearchParams();
    if (c.metal) q.set('metal', c.metal);
    if (c.size !== undefined) q.set('size', String(c.size));
    if (c.widthMm !== undefined) q.set('width', String(c.widthMm));
    if (c.style) q.set('style', c.style);
    for (const s of [...(c.stones ?? [])].sort((a, b) => a.location - b.location))
      q.set(`s${s.location}`, `${s.kind[0]}${s.id}`);
    const base = `/product/${encodeURIComponent(p.series)}/${p.categoryId}/${p.groupId}/${p.productId}`;
    return q.size ? `${base}?${q}` : base;
  },
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  stoneTypes: () => '/notable-gemstones/shop-by-stone-type',
  stoneType: (type: string) => `/notable-gemstone/${encodeURIComponent(type)}`,
  diamonds: () => '/diamonds',
  melee: () => '/diamonds/melee',
  giftCards: () => '/gift-cards',
  giftBalance: () => '/gift-cards/balance',
  /** A signed-in shopper's orders (e-mails link here). */
  orders: () => '/profile/orders',
  /** A service estimate, approved and paid from the e-mailed link (its token). */
  serviceTicket: (number: string, token: string) =>
    `/service/${encodeURIComponent(number)}?token=${encodeURIComponent(token)}`,
  /** Asking to return pieces of an order: signed in, or with the token from the delivery e-mail. */
  /** Reviewing an order's delivered pieces: signed in, or with the delivery e-mail's token. */
  orderReview: (number: string, token?: string) =>
    `/orders/${encodeURIComponent(number)}/review${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  orderReturn: (number: string, token?: string) =>
    `/orders/${encodeURIComponent(number)}/return${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  /** Asking for a resize or repair of a piece of an order: signed in, or with the delivery e-mail's token. */
  orderService: (number: string, token?: string) =>
    `/orders/${encodeURIComponent(number)}/service${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  blog: (slug?: string) => (slug ? `/blog/${slug}` : '/blog'),
  /**
   * Drawn product art (the media route renders an SVG from these fields alone, cached a year), so
   * a change of drawing bumps `v` here, once.
   */
  itemArt: (a: { kind: string; style?: string; metal?: string; shape?: string; stone?: string; title: string }) => {
    const q = new URLSearchParams({ k: a.kind });
    if (a.style) q.set('s', a.style);
    if (a.metal) q.set('m', a.metal);
    if (a.shape) q.set('sh', a.shape.toLowerCase());
    if (a.stone) q.set('st', a.stone.replace('#', ''));
    q.set('t', a.title.slice(0, 120));
    q.set('v', '2');
    return `/api/media/item.svg?${q}`;
  },
  avatar: (key: string) => `/api/media/avatar/${key}.webp`,
  /** A stone's grading report staff uploaded (a PDF download). */
  stoneReport: (kind: 'diamond' | 'gemstone', id: number) => `/api/media/report/${kind}-${id}.pdf`,
  /** A photograph in one of its sizes (photo-sizes.ts): `thumb` for lists, `small` cards, `large` pages. */
  photo: photoUrl,
};

/** A drawn picture of a piece, from its image spec (kind, style, shape, stone), metal and title. */
export const itemImageUrl = (
  spec: { kind: string; style?: string; shape?: string; stone?: string },
  metal: string,
  title: string,
) => paths.itemArt({ kind: spec.kind, style: spec.style, metal, shape: spec.shape, stone: spec.stone, title });

/** A drawn picture of a loose stone. */
export const stoneImageUrl = (shape: string, stone: string, title: string) =>
  paths.itemArt({ kind: 'stone', shape, stone, title });
