import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import compress from '@fastify/compress';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { COMPRESS_FROM_BYTES } from './cache/index.ts';
import { serverFor } from './app-server.ts';
import { decorateServices } from './app-services.ts';
import { apiScope } from './api-scope.ts';
import { loadModules, startModules, type Stop } from './module-kit.ts';
import { followCatalogueChanges } from './cache/index.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { registerObservability } from './observability.ts';
import { mailboxRoutes } from './modules/mail/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where logs go (tests read them to prove no secret is written); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The payment provider (the test card provider unless a test injects a failing one). */
  payments?: PaymentProvider;
  /** Extra routes inside the /api scope (tests use it for probe routes). */
  extraApiRoutes?: (api: FastifyInstance) => void | Promise<void>;
  /** Take background jobs (feed imports) from the queue: JOB_WORKERS by default; most tests do not. */
  jobWorkers?: boolean;
}

/** The API as a plugin under /api: tests inject into it, main.ts adds the storefront beside it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database, logger = true, logStream, payments, extraApiRoutes } = options;
  const jobWorkers = options.jobWorkers ?? config.JOB_WORKERS === '1';
  const app = serverFor(config, logger, logStream);
  await decorateServices(app, { config, database, payments });
  // Every module plugs itself in (modules/*/module.ts): its routes and its background work.
  const modules = await loadModules();
  let stopModules: Stop | undefined;
  let stopFollowing: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    app.outbox.start();
    stopModules = await startModules(app, modules, { database, jobWorkers });
    stopFollowing = await followCatalogueChanges(app, database);
  });
  app.addHook('onClose', async () => {
    await stopModules?.();
    await app.jobs.stop();
    await stopFollowing?.();
    await app.outbox.stop();
  });
  await registerObservability(app);
  await app.register(securityPlugin);
  // Pages, JSON and drawn SVGs: a fast brotli level per answer (built assets are pre-compressed).
  // A body that fits one network packet is sent as is: compressing a 1 KB cart answer saved ~470
  // bytes and cost 10 % of an add to cart's rate (docs/quality.md, issue 32).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Facet API', version: '1.0.0' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(apiScope(modules, extraApiRoutes), { prefix: '/api' });
  if (app.outbox.transport.kind === 'mailbox')
    await app.register(async (box) => {
      await box.register(errorsPlugin);
      await box.register(mailboxRoutes);
    });
  return app;
}
