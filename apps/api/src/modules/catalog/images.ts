import type { ImageSpec } from '../../db/schema/products.ts';

// Image URLs are pure functions of the item's data; the media route draws them (cached immutably).
const V = '2';
export function itemImageUrl(spec: ImageSpec, metal: string, title: string): string {
  const p = new URLSearchParams({ k: spec.kind, s: spec.style, m: metal });
  if (spec.shape) p.set('sh', spec.shape);
  if (spec.stone) p.set('st', spec.stone);
  p.set('t', title.slice(0, 120));
  p.set('v', V);
  return `/api/media/item.svg?${p}`;
}
export function stoneImageUrl(shape: string, stone: string, title: string): string {
  const p = new URLSearchParams({
    k: 'stone',
    sh: shape.toLowerCase(),
    st: stone.replace('#', ''),
    t: title.slice(0, 120),
    v: V,
  });
  return `/api/media/item.svg?${p}`;
}
