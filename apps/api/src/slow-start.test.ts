import { describe, expect, it } from 'vitest';
import { buildTestApp } from './test/build-test-app.ts';

// On a busy machine (load 10–20 on two cores) loading the storefront build into the render threads
// took longer than Fastify's 10 s plugin timeout, and the store did not start at all. A plugin that
// is only slow must not stop the start. (The busy-machine start itself: e2e busy-machine.spec.ts.)
describe('a slow start', () => {
  it('a plugin that takes longer than 10 s still starts the app, which then answers', async () => {
    const started = Date.now();
    const t = await buildTestApp(
      {},
      {
        seed: false,
        extraApiRoutes: (api) => {
          void api.register(async (slow) => {
            await new Promise((r) => setTimeout(r, 10_500));
            slow.get('/slow-ready', async () => ({ data: 'ready' }));
          });
        },
      },
    );
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(10_500);
      const res = await t.app.inject('/api/slow-ready');
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 40_000);
});
