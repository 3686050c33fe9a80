import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AnswerCache, catalogueWritten } from './cache/index.ts';
import { SharedCachePurge } from './cache/index.ts';
import { dbPlugin } from './plugins/db.ts';
import { throttleFor, type Throttle } from './modules/throttle/index.ts';
import { liveToken, RESET_LINK_INVALID } from './modules/account/index.ts';
import { audit } from './modules/audit/index.ts';
import { sealStoredTotpSecrets, sessionOf } from './modules/staff/index.ts';
import { Foreground, jobsOn, type Jobs } from './modules/jobs/index.ts';
import { createTransport, MailOutbox } from './modules/mail/index.ts';
import { stripeClient, stripeProvider, testCardProvider, type PaymentProvider } from './modules/payments/index.ts';
import { stripeTaxProvider, tableTaxProvider, type TaxProvider } from './modules/tax/index.ts';
import { easyPostProvider, fixedShippingProvider, type ShippingProvider } from './modules/carrier/index.ts';
import { DiamondIndex } from './modules/catalog/index.ts';
import { StoreSettingsCopy } from './modules/settings/index.ts';
import {
  moveMedia,
  openMediaStore,
  postgresMediaStore,
  MIGRATED_PREFIXES,
  type MediaStore,
} from './modules/media-store/index.ts';

// What every request and module may use, made once per instance and hung on the app: the caches,
// the mail outbox, the payment, tax and carrier services, the settings copy, the job queue, the
// media store.

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

/** The configured provider: Stripe when PAYMENT_PROVIDER=stripe (keys checked by the config), else the test cards. */
const paymentProviderFor = (config: Config): PaymentProvider =>
  config.PAYMENT_PROVIDER === 'stripe' ? stripeProvider(config) : testCardProvider();

export async function decorateServices(
  app: FastifyInstance,
  { config, database, payments }: { config: Config; database: Database; payments?: PaymentProvider },
) {
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
  app.decorate('staffAccess', { sessionOf, audit, catalogueWritten: (a: FastifyInstance) => catalogueWritten(a) });
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
}
