import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

// The one place that reads process.env.
const repoRoot = path.resolve(import.meta.dirname, '../../..');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * PostgreSQL: the schema owner's URL, used only to migrate. Set it and DATABASE_URL's role needs
   * (and is given) no more than reading and writing rows.
   */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Facet <hello@facet.example>'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  STORE_NAME: z.string().default('Facet Fine Jewelry'),
  STORE_EMAIL: z.string().email().default('hello@facet.example'),
  STORE_PHONE: z.string().default('+1 (212) 555-0142'),
  STORE_ADDRESS: z.string().default('580 Fifth Avenue, Suite 1200, New York, NY 10036'),
  /** The store's clock: opening hours and appointment times are on it. */
  STORE_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York'),
  /** When jewellers take appointments: "Mon-Fri 10:00-18:00; Sat 10:00-16:00" (days not listed are closed). */
  OPENING_HOURS: z
    .string()
    .regex(
      /^\s*(Mon|Tue|Wed|Thu|Fri|Sat|Sun)(-(Mon|Tue|Wed|Thu|Fri|Sat|Sun))? \d\d:\d\d-\d\d:\d\d(\s*;\s*(Mon|Tue|Wed|Thu|Fri|Sat|Sun)(-(Mon|Tue|Wed|Thu|Fri|Sat|Sun))? \d\d:\d\d-\d\d:\d\d)*\s*$/,
      'must look like "Mon-Fri 10:00-18:00; Sat 10:00-16:00"',
    )
    .default('Mon-Fri 10:00-18:00; Sat 10:00-16:00'),
  /** Hints a client may send an hour, and hints one address may receive a day (from anyone). */
  HINT_RATE_MAX: z.coerce.number().int().positive().default(5),
  HINTS_PER_RECIPIENT_DAY: z.coerce.number().int().positive().default(2),
  APPOINTMENT_MINUTES: z.coerce.number().int().min(15).max(240).default(60),
  /** How far ahead appointments can be booked. */
  APPOINTMENT_DAYS: z.coerce.number().int().min(1).max(90).default(21),
  /** The shortest notice for an appointment, so someone is there to prepare. */
  APPOINTMENT_NOTICE_HOURS: z.coerce.number().int().min(0).max(72).default(2),
  /**
   * The server's secret for keyed hashes (one-time codes), kept out of the database and its backups.
   * Optional on one machine (a key is made in DATA_DIR/secret.key); the same value on every machine
   * of a store on several.
   */
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters (openssl rand -base64 32)').optional(),
  SEED_SCALE: z.coerce.number().positive().max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEV_MAILBOX: z.enum(['0', '1']).optional(),
  NODE_ENV: z.string().default('development'),
  FACET_DEV: z.enum(['0', '1']).default('0'),
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, 'apps/web/build')),
  /**
   * Proxies in front that append the client's address to X-Forwarded-For (Varnish: 1; a CDN in
   * front of Varnish: 2). Only that many hops from the right are believed: an address a client
   * wrote into the header itself is never taken for its own.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),
  /** Requests per minute per client across the API (stricter limits sit on auth, codes, contact). */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /**
   * Storefront pages per client per minute, per instance. 1,800 = 30 pages a second: a crawler at
   * 10 pages a second, or an office behind one address, stays well under it.
   */
  PAGE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1_800),
  /**
   * GET /metrics answers this machine and these addresses (comma-separated; the Prometheus host),
   * never a request a proxy forwarded. With METRICS_PORT it is served on that port instead, alone.
   */
  METRICS_ALLOW: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** On SIGTERM: how long readiness fails while the instance still serves, before it closes. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().nonnegative().default(5_000),
  /** Time a client has to send a whole request, body included (2 MB at 1.2 Mbit/s fits); then 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Per client per 15 minutes on sign-in, registration, codes and resets. */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(30),
  /** Per client per hour on the contact form and newsletter sign-ups. */
  RATE_LIMIT_FORM_MAX: z.coerce.number().int().positive().default(10),
  /** Per client per minute on placing orders (card testing is what it stops). */
  RATE_LIMIT_ORDER_MAX: z.coerce.number().int().positive().default(30),
  /** First retry delay of a failed e-mail delivery; each further failure doubles it (capped at 15 min). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(2_000),
  /** Insured standard shipping is free from this subtotal (cents). */
  FREE_SHIPPING_OVER_CENTS: z.coerce.number().int().nonnegative().default(25_000),
  /** Shipping prices in cents: standard,express,overnight. */
  SHIPPING_CENTS: z
    .string()
    .regex(/^\d+,\d+,\d+$/)
    .default('1500,3500,6500'),
  /** Delivery time of each method once the order is ready: standard|express|overnight. */
  SHIPPING_DAYS: z
    .string()
    .regex(/^[^|]{1,40}\|[^|]{1,40}\|[^|]{1,40}$/, 'SHIPPING_DAYS must be three texts separated by |')
    .default('5–7 business days|2–3 business days|Next business day'),
  /** Business days to make a made-to-order (configured) piece before it ships, "from-to". */
  MADE_TO_ORDER_DAYS: z
    .string()
    .regex(/^\d{1,2}-\d{1,2}$/, 'MADE_TO_ORDER_DAYS must look like 10-14')
    .default('10-14'),
  /** Days after delivery within which unworn pieces may be returned. */
  RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  FREE_RESIZE_DAYS: z.coerce.number().int().min(0).max(365).default(60),
  /**
   * An S3-compatible bucket for photographs and report PDFs, for a store that outgrows one database:
   * https://ACCESS_KEY:SECRET@endpoint/bucket[/prefix][?region=…]. Unset: kept in the database.
   */
  MEDIA_S3_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\/[^/]+\/[^/?#]+/.test(u), {
      message: 'MEDIA_S3_URL: an address like https://key:secret@s3.example.com/bucket',
    })
    .optional(),
  /**
   * Shared caches in front of the store (Varnish with deploy/varnish/facet.vcl), comma-separated
   * addresses each instance sends PURGE requests to, with the tags of what changed. Unset: none.
   */
  CACHE_PURGE_URLS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url()))
    .default([]),
  /** First-start video hosts (origins, comma-separated); the owner changes them in the settings. */
  VIDEO_ORIGINS: z
    .string()
    .default('')
    .refine((v) => !v || v.split(',').every((o) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(o.trim())), {
      message: 'VIDEO_ORIGINS: origins like https://video.supplier.com, comma-separated',
    }),
  /** Restocking fee (percent) on returned made-to-order rings: the setting is melted and recast. */
  MADE_TO_ORDER_RESTOCKING_PERCENT: z.coerce.number().int().min(0).max(100).default(15),
  /**
   * Sales tax by state in basis points, JSON. The default is the demo store's table (New York
   * nexus plus a few states); a state not listed is charged none.
   */
  /** First start only: sales tax by state in thousandths of a percent (8.875 % = 8875). */
  TAX_RATES: z
    .string()
    .default('{"NY":8875,"NJ":6625,"CA":7250,"TX":6250,"FL":6000,"IL":6250,"PA":6000,"MA":6250,"WA":6500,"CT":6350}')
    .refine((s) => {
      try {
        const o = JSON.parse(s);
        return Object.entries(o).every(
          ([k, v]) => /^[A-Z]{2}$/.test(k) && Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 20_000,
        );
      } catch {
        return false;
      }
    }, 'TAX_RATES must be a JSON object of state → thousandths of a percent, like {"NY":8875}'),
  /**
   * First start only: sales tax of places inside a state by ZIP code (its first 3 or all 5 digits),
   * JSON. The default names New York City's boroughs (8.875 %), Buffalo (Erie County, 8.75 %) and Los
   * Angeles (9.75 %), so none of them is charged another place's rate.
   */
  ZIP_TAX_RATES: z
    .string()
    .default(
      JSON.stringify([
        ...['100', '101', '102', '103', '104', '111', '112', '113', '114', '116'].map((zip) => ({
          zip,
          state: 'NY',
          place: 'New York City',
          rate: 8875,
        })),
        { zip: '142', state: 'NY', place: 'Buffalo', rate: 8750 },
        { zip: '900', state: 'CA', place: 'Los Angeles', rate: 9750 },
      ]),
    )
    .refine((s) => {
      try {
        const rows = JSON.parse(s);
        return (
          Array.isArray(rows) &&
          rows.every(
            (r) =>
              /^\d{3}(\d{2})?$/.test(r.zip) &&
              /^[A-Z]{2}$/.test(r.state) &&
              typeof r.place === 'string' &&
              Number.isInteger(r.rate) &&
              r.rate >= 0 &&
              r.rate <= 20_000,
          )
        );
      } catch {
        return false;
      }
    }, 'ZIP_TAX_RATES must be a JSON list like [{"zip":"142","state":"NY","place":"Buffalo","rate":8750}]'),
  /** Payment provider: the built-in test card provider (default), or Stripe with the keys below. */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  /**
   * Sales tax: the rates per state in the store's settings (`table`, offline), or Stripe Tax
   * (`stripe`: the rate of the address's city, county and districts; STRIPE_SECRET_KEY).
   */
  TAX_PROVIDER: z.enum(['table', 'stripe']).default('table'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{10,}$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]{10,}$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{10,}$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  /** Only for tests: where the Stripe SDK sends its requests (a local server speaking Stripe's API). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Shipping: the store's own three prices (`fixed`, offline, tracking typed by hand), or EasyPost
   * (`easypost`: the carrier's rates for the address and parcel, address checks, insured labels,
   * tracking by webhook; EASYPOST_API_KEY and EASYPOST_WEBHOOK_SECRET).
   */
  SHIPPING_PROVIDER: z.enum(['fixed', 'easypost']).default('fixed'),
  EASYPOST_API_KEY: z
    .string()
    .regex(/^EZ[AT]K[A-Za-z0-9]{10,}$/, 'must be an EasyPost API key (EZTK… for test, EZAK… for production)')
    .optional(),
  /** The secret EasyPost signs tracking webhooks with (set on the webhook in EasyPost's dashboard). */
  EASYPOST_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Only for tests: where the EasyPost SDK sends its requests (a local server speaking its API). */
  EASYPOST_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** How long a stone is held for a shopper while their payment completes; released after. */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(5).max(60).default(15),
  /** How often each instance looks for instalments to charge and authorisations run out (ms). */
  PLAN_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** How often the job queue is asked to look for left carts and dates to write about (ms). */
  REMINDER_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /**
   * host:port pairs a supplier fetch may reach although they are private or local (a test's feed
   * server). Empty in production: feeds and images come from the public internet only.
   */
  FEED_FETCH_ALLOW: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[\w.-]+:\d{1,5}$/, 'host:port pairs, comma-separated'))),
  /**
   * How many cores the server uses: on PostgreSQL that many server processes; on the embedded
   * database (one process) that many page-render threads beside the main thread, 1 meaning none.
   */
  CONCURRENCY: z.coerce.number().int().min(1).max(64).default(os.availableParallelism()),
  /** Whether this instance takes background jobs (feed imports, scheduled pulls); "0" for a web-only instance. */
  JOB_WORKERS: z.enum(['0', '1']).default('1'),
  /** The largest supplier feed staff may upload on /admin/imports, in MB (bigger ones: the CLI). */
  IMPORT_MAX_MB: z.coerce.number().positive().max(2_000).default(200),
  SESSION_DAYS: z.coerce.number().int().positive().max(90).default(14),
  /** Back-office sessions end after this many idle minutes, and after STAFF_SESSION_HOURS whatever happens. */
  STAFF_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(30),
  STAFF_SESSION_HOURS: z.coerce.number().int().positive().max(72).default(12),
});

const checked = schema.superRefine((c, ctx) => {
  if (c.SHIPPING_PROVIDER === 'easypost')
    for (const key of ['EASYPOST_API_KEY', 'EASYPOST_WEBHOOK_SECRET'] as const)
      if (!c[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when SHIPPING_PROVIDER=easypost' });
  if (c.TAX_PROVIDER === 'stripe' && !c.STRIPE_SECRET_KEY)
    ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when TAX_PROVIDER=stripe' });
  if (c.PAYMENT_PROVIDER !== 'stripe') return;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
    if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
  const secret = c.STRIPE_SECRET_KEY?.split('_')[1];
  const publishable = c.STRIPE_PUBLISHABLE_KEY?.split('_')[1];
  if (secret && publishable && secret !== publishable)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: `is a ${publishable} key but STRIPE_SECRET_KEY is a ${secret} key; use both from the same mode`,
    });
});

export const CONFIG_KEYS = Object.keys(schema.shape);

export type Config = z.infer<typeof schema> & { repoRoot: string; inMemoryDb: boolean };

export function loadConfig(
  overrides: Partial<Record<keyof z.infer<typeof schema>, string>> = {},
  inMemoryDb = false,
): Config {
  const parsed = checked.safeParse({ ...process.env, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, repoRoot, inMemoryDb };
}

/**
 * Without SMTP the store keeps its e-mails in a mailbox page that only this machine may open
 * (see mail/mailbox.ts), so a newcomer running `npm start` can read their code. With SMTP_URL set
 * it does not exist; DEV_MAILBOX=0 turns it off too.
 */
export const devMailboxEnabled = (c: Config) => !c.SMTP_URL && c.DEV_MAILBOX !== '0';
