import type { FastifyInstance } from 'fastify';
import { redactUrl } from '@facet/contracts/secret-routes';
import type { FacetModule } from './module-kit.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { apiRateLimit } from './plugins/security.ts';
import { adminScope } from './plugins/staff-auth.ts';

/**
 * The API under /api: its request plumbing, every module's routes, the back office's inside the
 * staff scope, and a JSON 404 for anything else.
 */
export const apiScope =
  (modules: ReadonlyArray<[string, FacetModule]>, extraApiRoutes?: (api: FastifyInstance) => void | Promise<void>) =>
  async (api: FastifyInstance) => {
    await api.register(errorsPlugin);
    // JSON or multipart only: text/plain is a CORS "simple" type a foreign page could post.
    api.removeContentTypeParser('text/plain');
    await api.register(apiRateLimit);
    await api.register(inputGuard);
    api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
    // Each module's own routes (its module.ts), then the back office's inside the staff scope:
    // staff sessions (cookie), one permission per route, same-origin writes only.
    for (const [, m] of modules) for (const routes of m.routes ?? []) await api.register(routes);
    await api.register(
      async (admin) => {
        await adminScope(admin);
        for (const [, m] of modules) for (const routes of m.admin ?? []) await admin.register(routes);
      },
      { prefix: '/admin' },
    );
    await extraApiRoutes?.(api);
    // Any other /api path, whatever the method, is a JSON 404 — never the storefront's HTML page.
    api.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/*',
      schema: { hide: true },
      handler: async (req, reply) =>
        reply.status(404).send({
          message: `No API route for ${req.method} ${redactUrl(req.url.split('?')[0]!)}`,
          requestId: req.id,
        }),
    });
  };
