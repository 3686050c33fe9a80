import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
  jsonSchemaTransform,
} from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import compress from '@fastify/compress';
import { COMPRESS_FROM_BYTES } from './http-cache.ts';
import zlib from 'node:zlib';
import type { Config } from './config.ts';
import { redactUrl } from '@facet/contracts/secret-routes';
import { logOptions } from './log-safety.ts';
import { AnswerCache } from './answer-cache.ts';
import type { Database } from './db/client.ts';
import { dbPlugin } from './plugins/db.ts';
import { followCatalogueChanges } from './catalogue-changes.ts';
import { SharedCachePurge } from './shared-cache-purge.ts';
import { throttleFor, type Throttle } from './modules/throttle/index.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { apiRateLimit, securityPlugin } from './plugins/security.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { sitemapRoutes } from './modules/sitemap/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { liveToken, RESET_LINK_INVALID } from './modules/account/index.ts';
import { audit } from './modules/audit/index.ts';
import { sealStoredTotpSecrets, sessionOf } from './modules/staff/index.ts';
import { backupAdminRoutes, backupControlRoutes } from './modules/backup/routes.ts';
import { startBackupWorker } from './modules/backup/worker.ts';
import { configuratorRoutes } from './modules/configurator/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { addressRoutes } from './modules/address/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { savedSearchRoutes } from './modules/saved-searches/routes.ts';
import { appointmentAdminRoutes, appointmentRoutes } from './modules/appointments/routes.ts';
import { hintRoutes } from './modules/hints/routes.ts';
import { orderRoutes } from './modules/order/routes.ts';
import { orderAdminRoutes } from './modules/order/admin-routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { customerAdminRoutes } from './modules/customers/routes.ts';
import { inventoryAdminRoutes, stoneReportRoutes } from './modules/inventory/routes.ts';
import { productAdminRoutes } from './modules/products/routes.ts';
import { categoryAdminRoutes } from './modules/categories/routes.ts';
import { promotionAdminRoutes } from './modules/promotions/routes.ts';
import { saleAdminRoutes } from './modules/sales/index.ts';
import { returnAdminRoutes, returnRoutes } from './modules/returns/index.ts';
import { serviceAdminRoutes, serviceRoutes } from './modules/service-tickets/index.ts';
import { giftCardAdminRoutes, giftCardRoutes, startGiftCardDelivery, storeToday } from './modules/gift-cards/index.ts';
import { storeInfo } from './store-facts.ts';
import { feedAdminRoutes } from './modules/feeds/routes.ts';
import { importAdminRoutes } from './modules/imports/routes.ts';
import { startImportWorker } from './modules/imports/worker.ts';
import { startStoneMediaWorker } from './modules/stone-media/index.ts';
import { startSavedSearchWorker } from './modules/saved-searches/worker.ts';
import { startPulls } from './modules/imports/index.ts';
import { jobsOn, type Jobs } from './modules/jobs/index.ts';
import { pricingAdminRoutes } from './modules/pricing/routes.ts';
import { startHoldSweeper } from './modules/inventory/index.ts';
import { adminScope } from './plugins/staff-auth.ts';
import { MailOutbox } from './modules/mail/index.ts';
import { createTransport } from './modules/mail/index.ts';
import { mailboxRoutes } from './modules/mail/index.ts';
import { stripeClient, stripeProvider, testCardProvider, type PaymentProvider } from './modules/payments/index.ts';
import { stripeTaxProvider, tableTaxProvider, type TaxProvider } from './modules/tax/index.ts';
import {
  addressCheckRoutes,
  easyPostProvider,
  fixedShippingProvider,
  type ShippingProvider,
} from './modules/carrier/index.ts';
import { shippingAdminRoutes, trackingWebhookRoutes } from './modules/shipping/index.ts';
import { paymentRoutes, paymentStatusRoutes, startPaymentSweeper, startTaxLedger } from './modules/order/index.ts';

export { COMPRESS_FROM_BYTES };

/** The configured provider: Stripe when PAYMENT_PROVIDER=stripe (keys checked by the config), else the test cards. */
const paymentProviderFor = (config: Config): PaymentProvider =>
  config.PAYMENT_PROVIDER === 'stripe' ? stripeProvider(config) : testCardProvider();
import { Foreground } from './modules/jobs/index.ts';
import { DiamondIndex } from './modules/catalog/index.ts';
import { StoreSettingsCopy, settingsAdminRoutes } from './modules/settings/index.ts';
import { contentAdminRoutes, contentRoutes } from './modules/content/index.ts';
import sharp from 'sharp';
import {
  moveMedia,
  openMediaStore,
  photoFileRoutes,
  postgresMediaStore,
  MIGRATED_PREFIXES,
  type MediaStore,
} from './modules/media-store/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
    throttle: Throttle;
    config: Config;
    answerCache: AnswerCache;
    /** Purges the shared caches in front of the store (CACHE_PURGE_URLS) by tag. */
    sharedCache: SharedCachePurge;
    internalSecret: string;
    controlToken: string | null;
    outbox: MailOutbox;
    payments: PaymentProvider;
    /** Sales tax at the address: the store's table, or Stripe Tax (TAX_PROVIDER). */
    tax: TaxProvider;
    /** Shipping: the store's own prices, or a carrier service's rates, labels and tracking (SHIPPING_PROVIDER). */
    shipping: ShippingProvider;
    diamondIndex: DiamondIndex;
    /** The store's settings (shipping, returns, tax, contact details): this instance's copy. */
    storeSettings: StoreSettingsCopy;
    jobs: Jobs;
    /** Requests being answered now: background jobs step aside while there are many. */
    foreground: Foreground;
    /** Where photographs and report PDFs are kept: the database, or the bucket MEDIA_S3_URL names. */
    media: MediaStore;
  }
}

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

/** The API as a plugin under /api: tests inject into it, server.ts adds the storefront beside it. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  payments,
  extraApiRoutes,
  jobWorkers = config.JOB_WORKERS === '1',
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? logOptions(config.LOG_LEVEL, logStream) : false,
    // The socket's address and the TRUST_PROXY hops nearest to it (proxy-addr counts from 0).
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    // Unique across instances, so a shopper quoting one from an error finds the one log line.
    // Behind a trusted proxy a well-formed X-Request-Id from it is kept, to join both logs.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return config.TRUST_PROXY > 0 && typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    // A client gets REQUEST_TIMEOUT_MS to send its whole request (a body that trickles in is cut
    // off with 408) and 10 s for the headers; idle keep-alive sockets close after 72 s, longer than
    // the 60 s idle timeout of common load balancers so the balancer always closes first.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 72_000,
    routerOptions: { maxParamLength: 200 },
    // A plugin may take as long as the machine makes it: on a busy machine loading the storefront
    // build into the render threads took longer than Fastify's 10 s default, and the store did not
    // start at all. A start that is only slow is not a failure; one that fails still throws.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = Math.min(10_000, config.REQUEST_TIMEOUT_MS);
  // Node checks these timeouts on this interval (30 s by default, which would let a trickle run long).
  Object.assign(app.server, { connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // Set when a shutdown begins: readiness then fails so the balancer stops sending requests.
  app.decorate('lifecycle', { draining: false });
  app.decorate('answerCache', new AnswerCache());
  app.decorate('sharedCache', new SharedCachePurge(config.CACHE_PURGE_URLS, app.log));
  app.addHook('onClose', async () => app.sharedCache.close());
  // Marks in-process calls from server-side rendering (see clientKey); never leaves the process.
  app.decorate('internalSecret', randomBytes(24).toString('hex'));
  // The embedded store's answer to `npm run backup` while it runs (DATA_DIR/control.json holds it).
  app.decorate(
    'controlToken',
    database.kind === 'pglite' && !config.inMemoryDb ? randomBytes(32).toString('base64url') : null,
  );

  await app.register(dbPlugin, { database });
  // What the request plumbing (plugins/) needs of the domain, handed to it here rather than imported.
  app.decorate('tokens', { liveToken, resetLinkInvalid: RESET_LINK_INVALID });
  app.decorate('staffAccess', { sessionOf, audit });
  app.decorate('throttle', throttleFor(database));
  const outbox = new MailOutbox(database.db, createTransport(config), {
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    log: app.log,
  });
  app.decorate('outbox', outbox);
  app.decorate<PaymentProvider>('payments', payments ?? paymentProviderFor(config));
  app.decorate<TaxProvider>(
    'tax',
    config.TAX_PROVIDER === 'stripe'
      ? stripeTaxProvider(stripeClient(config))
      : tableTaxProvider(() => app.storeSettings.current()),
  );
  app.decorate<ShippingProvider>(
    'shipping',
    config.SHIPPING_PROVIDER === 'easypost'
      ? easyPostProvider({
          apiKey: config.EASYPOST_API_KEY!,
          webhookSecret: config.EASYPOST_WEBHOOK_SECRET!,
          baseUrl: config.EASYPOST_API_BASE,
        })
      : fixedShippingProvider,
  );
  app.decorate('diamondIndex', new DiamondIndex(database.db));
  app.decorate('storeSettings', await StoreSettingsCopy.load(database.db, config));
  // Authenticator secrets an earlier release kept readable are sealed before anyone signs in.
  await sealStoredTotpSecrets(database.db, config);
  app.decorate('jobs', jobsOn(database, app.log));
  app.decorate('foreground', new Foreground());
  app.decorate('media', await openMediaStore(config, database.db));
  // Customers' photographs and avatars a migration moved into the database's files belong in the bucket.
  if (config.MEDIA_S3_URL) {
    let moved = 0;
    for (const prefix of MIGRATED_PREFIXES)
      moved += await moveMedia(postgresMediaStore(database.db), app.media, prefix);
    if (moved) app.log.info({ moved }, 'customers’ photographs moved from the database to the bucket');
  }
  // One thread per image operation: photographs are encoded a few at a time (uploads, the feed's
  // background jobs), and a second thread each would take the processor shoppers' requests need.
  sharp.concurrency(1);
  app.addHook('onRequest', async () => app.foreground.note());
  let stopFollowing: (() => Promise<void>) | undefined;
  let stopSweeping: (() => void) | undefined;
  let stopHolds: (() => void) | undefined;
  let stopPayments: (() => void) | undefined;
  let stopTaxLedger: (() => void) | undefined;
  let stopPulls: (() => void) | undefined;
  let stopAlerts: (() => Promise<void>) | undefined;
  let stopBackups: (() => void) | undefined;
  let stopGiftCards: (() => void) | undefined;
  app.addHook('onReady', async () => {
    outbox.start();
    stopSweeping = app.throttle.startSweeper();
    stopHolds = startHoldSweeper(database.db, app.log);
    stopPayments = startPaymentSweeper(app);
    stopTaxLedger = startTaxLedger(database.db, app.tax, app.log);
    stopGiftCards = startGiftCardDelivery(
      database.db,
      () => storeInfo(app.storeSettings.current(), config),
      () => storeToday(config.STORE_TIMEZONE),
      () => void outbox.kick(),
      app.log,
    );
    stopFollowing = await followCatalogueChanges(app, database);
    if (jobWorkers) {
      await startImportWorker(app, app.jobs);
      await startStoneMediaWorker(app, app.jobs);
      stopPulls = startPulls(app);
      stopAlerts = await startSavedSearchWorker(app, app.jobs, database);
      stopBackups = await startBackupWorker(app, app.jobs);
    }
  });
  app.addHook('onClose', async () => {
    stopSweeping?.();
    stopHolds?.();
    stopPayments?.();
    stopTaxLedger?.();
    stopGiftCards?.();
    stopPulls?.();
    await stopAlerts?.();
    stopBackups?.();
    await app.jobs.stop();
    await stopFollowing?.();
    await outbox.stop();
  });
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

  await app.register(
    async (api) => {
      await api.register(errorsPlugin);
      // JSON or multipart only: text/plain is a CORS "simple" type a foreign page could post.
      api.removeContentTypeParser('text/plain');
      await api.register(apiRateLimit);
      await api.register(inputGuard);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(menuRoutes);
      await api.register(contentRoutes);
      await api.register(catalogRoutes);
      await api.register(sitemapRoutes);
      await api.register(mediaRoutes);
      await api.register(photoFileRoutes);
      await api.register(stoneReportRoutes);
      await api.register(configuratorRoutes);
      await api.register(accountRoutes);
      await api.register(addressRoutes);
      await api.register(contactRoutes);
      await api.register(giftCardRoutes);
      await api.register(newsletterRoutes);
      await api.register(cartRoutes);
      await api.register(wishlistRoutes);
      await api.register(savedSearchRoutes);
      await api.register(appointmentRoutes);
      await api.register(hintRoutes);
      await api.register(orderRoutes);
      await api.register(returnRoutes);
      await api.register(serviceRoutes);
      await api.register(paymentStatusRoutes);
      await api.register(paymentRoutes);
      await api.register(addressCheckRoutes);
      await api.register(trackingWebhookRoutes);
      // The back office: staff sessions (cookie), one permission per route, same-origin writes only.
      await api.register(
        async (admin) => {
          await adminScope(admin);
          await admin.register(staffRoutes);
          await admin.register(orderAdminRoutes);
          await admin.register(shippingAdminRoutes);
          await admin.register(auditRoutes);
          await admin.register(customerAdminRoutes);
          await admin.register(inventoryAdminRoutes);
          await admin.register(pricingAdminRoutes);
          await admin.register(productAdminRoutes);
          await admin.register(categoryAdminRoutes);
          await admin.register(promotionAdminRoutes);
          await admin.register(saleAdminRoutes);
          await admin.register(giftCardAdminRoutes);
          await admin.register(returnAdminRoutes);
          await admin.register(serviceAdminRoutes);
          await admin.register(feedAdminRoutes);
          await admin.register(importAdminRoutes);
          await admin.register(appointmentAdminRoutes);
          await admin.register(backupAdminRoutes);
          await admin.register(settingsAdminRoutes);
          await admin.register(contentAdminRoutes);
        },
        { prefix: '/admin' },
      );
      await api.register(backupControlRoutes(app.controlToken));
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
    },
    { prefix: '/api' },
  );
  if (outbox.transport.kind === 'mailbox') {
    await app.register(async (box) => {
      await box.register(errorsPlugin);
      await box.register(mailboxRoutes);
    });
  }
  return app;
}
