import { randomBytes } from 'node:crypto';
import { healthRepository } from './repository.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Unavailable } from '../../errors.ts';

const healthSchema = z.object({
  data: z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    uptimeS: z.number(),
    /** Which server process answered (random per process): behind a balancer or with CONCURRENCY > 1. */
    instance: z.string(),
  }),
});

const INSTANCE = randomBytes(4).toString('hex');

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // The benchmark's baseline: what this server answers with no work at all.
  app.get('/ping', { schema: { hide: true }, config: { rateLimit: false } }, async () => ({ data: 'pong' }));
  // Liveness: the process answers at all (restart it if not). No database call, so a database
  // outage does not make an orchestrator restart every instance at once.
  app.get('/health/live', { schema: { hide: true }, config: { rateLimit: false } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: 'live' };
  });

  // Readiness: send this instance traffic. Not while it drains for shutdown, nor without its database.
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema } }, config: { rateLimit: false } },
    async (_req, reply) => {
      if (app.lifecycle.draining) throw new Unavailable('Shutting down');
      try {
        await healthRepository.ping(app.db);
      } catch {
        throw new Unavailable('Database unavailable');
      }
      reply.header('cache-control', 'no-store');
      return {
        data: {
          status: 'ok' as const,
          database: app.database.kind,
          uptimeS: Math.round(process.uptime()),
          instance: INSTANCE,
        },
      };
    },
  );
};
