import { describe, expect, it } from 'vitest';
import { ADMIN_API, adminPath } from './admin-api.ts';

describe('the back office operations table', () => {
  it('fills a path’s parameters, each encoded', () => {
    expect(adminPath('GET /customers/:id', { id: 7 })).toBe('/customers/7');
    expect(adminPath('DELETE /products/:id/photos/:key', { id: 3, key: 'a/b?c' })).toBe('/products/3/photos/a%2Fb%3Fc');
    expect(adminPath('GET /dashboard', {})).toBe('/dashboard');
  });

  it('names each operation by its method and path', () => {
    for (const key of Object.keys(ADMIN_API)) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[a-z0-9/:.-]+$/);
  });
});
