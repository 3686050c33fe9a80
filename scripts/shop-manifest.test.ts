import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script, without types
import { BACK_OFFICE, withoutBranch } from './shop-manifest.mjs';

const route = (id: string, parentId?: string) => ({ id, parentId, path: id, module: `/assets/${id}.js` });
const manifest = {
  url: '/assets/manifest-1.js',
  version: '1',
  routes: Object.fromEntries(
    [
      route('root'),
      route('routes/_store', 'root'),
      route('routes/product', 'routes/_store'),
      route('routes/admin/product-preview', 'routes/_store'),
      route('routes/admin/login', 'root'),
      route(BACK_OFFICE, 'root'),
      route('routes/admin/orders', BACK_OFFICE),
      route('routes/admin/order', 'routes/admin/orders'),
    ].map((r) => [r.id, r]),
  ),
};

describe('the storefront’s route manifest', () => {
  it('leaves out the back office’s layout and every route under it, at any depth, and keeps the rest as they were', () => {
    const shop = withoutBranch(manifest, BACK_OFFICE);
    expect(Object.keys(shop.routes).sort()).toEqual([
      'root',
      'routes/_store',
      'routes/admin/login',
      'routes/admin/product-preview',
      'routes/product',
    ]);
    expect(shop.routes['routes/product']).toEqual(manifest.routes['routes/product']);
    expect(shop.version).toBe('1');
    expect(Object.keys(manifest.routes)).toHaveLength(8);
  });
});
