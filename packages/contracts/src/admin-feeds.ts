import { z } from 'zod';

// Markup rules as staff edit them: cost → retail for supplier stones and products. The first rule
// (in order) matching an item's origin, carat band and cost band decides; the last must cover all.

import { ROUNDINGS } from './money.ts';
export { ROUNDINGS, ROUNDING_LABELS } from './money.ts';
export const CARAT_POINTS_ANY = 1_000_000;
export const COST_CENTS_ANY = Number.MAX_SAFE_INTEGER;

const markupRuleFields = z.object({
  /** Natural or lab-grown stones, supplier products (mountings, findings: no carat band), or any of these. */
  origin: z.enum(['natural', 'lab', 'product', 'any']),
  /** Carat band [min, max), in points (1 ct = 100). */
  caratMin: z.number().int().min(0).max(CARAT_POINTS_ANY),
  caratMax: z.number().int().min(1).max(CARAT_POINTS_ANY),
  /** Cost band [min, max), in cents. */
  costMinCents: z.number().int().min(0).max(COST_CENTS_ANY),
  costMaxCents: z.number().int().min(1).max(COST_CENTS_ANY),
  /** Retail = cost × multiplier (1.35 = 35 % margin on cost); never below 1: a feed stone is never sold under its cost. */
  multiplier: z.number().min(1, 'A multiplier below 1 sells under cost').max(10, 'At most 10 × cost'),
  rounding: z.enum(ROUNDINGS),
});
export type MarkupRule = z.infer<typeof markupRuleFields>;
export const markupRuleSchema = markupRuleFields
  .strict()
  .refine((r) => r.caratMin < r.caratMax, { message: 'The carat band is empty', path: ['caratMax'] })
  .refine((r) => r.costMinCents < r.costMaxCents, { message: 'The cost band is empty', path: ['costMaxCents'] });
export type MarkupRuleInput = z.infer<typeof markupRuleSchema>;

export const markupRulesBody = z
  .object({ rules: z.array(markupRuleSchema).min(1).max(50) })
  .strict()
  .refine(
    ({ rules }) => {
      const last = rules.at(-1)!;
      return (
        last.origin === 'any' &&
        last.caratMin === 0 &&
        last.caratMax === CARAT_POINTS_ANY &&
        last.costMinCents === 0 &&
        last.costMaxCents === COST_CENTS_ANY
      );
    },
    { message: 'The last rule must cover every stone (any origin, every carat and cost)', path: ['rules'] },
  );

/** GET /api/admin/markup-rules: the rules in order (the last covers every item). */
export const markupRules = z.object({ rules: z.array(markupRuleFields) });
/** PUT /api/admin/markup-rules: the rules saved and how many prices they changed. */
export const markupSaved = markupRules.extend({ repriced: z.number().int() });
/** POST /api/admin/markup-rules/preview: a spread of supplier stones on sale, priced now and by the rules sent. */
export const markupPreview = z.array(
  z.object({
    id: z.number().int(),
    serial: z.string(),
    origin: z.enum(['natural', 'lab']),
    caratPoints: z.number().int(),
    costCents: z.number().int(),
    priceCents: z.number().int(),
    afterCents: z.number().int(),
  }),
);
export type MarkupPreview = z.infer<typeof markupPreview>;

// Supplier feed imports: one run per upload, CLI call or scheduled pull; one live run per supplier.

export const IMPORT_KINDS = ['diamonds', 'products'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = { diamonds: 'Diamonds', products: 'Products' };
export const IMPORT_SOURCE_LABELS = {
  upload: 'upload',
  cli: 'command line',
  pull: 'scheduled pull',
  mapping: 'categories placed',
} as const;
export const IMPORT_STATES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
export const IMPORT_STATE_LABELS: Record<ImportState, string> = {
  uploading: 'Uploading',
  queued: 'Waiting',
  running: 'Running',
  done: 'Finished',
  failed: 'Failed',
};
export const SUPPLIER_CODE = /^[A-Z0-9_-]{2,20}$/;

export const supplierCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(SUPPLIER_CODE, '2–20 letters, digits, dashes or underscores');

/**
 * An upload is sent in pieces of this size (the last one smaller), one request each: every request
 * stays well inside the server's request time limit, and a failed piece is sent again on its own.
 */
export const IMPORT_PIECE_BYTES = 4 * 1024 * 1024;
export const FEED_FILE_NAME = /\.(csv|tsv|txt)(\.gz)?$/i;
/** Product feeds are JSON: one page, pages one after another, or an array of pages. */
export const PRODUCT_FEED_FILE_NAME = /\.(json|jsonl|ndjson)(\.gz)?$/i;

/** Starts an upload: what the file is and what to do with it. */
export const importCreateBody = z
  .object({
    supplier: supplierCodeField,
    kind: z.enum(IMPORT_KINDS),
    dryRun: z.boolean(),
    full: z.boolean().default(false),
    fileName: z.string().trim().min(1).max(200),
    fileBytes: z.number().int().positive('The file is empty'),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.kind === 'diamonds' && !FEED_FILE_NAME.test(b.fileName))
      ctx.addIssue({
        code: 'custom',
        path: ['fileName'],
        message: 'Upload a diamond feed as a .csv, .tsv or .txt file (gzipped too, .csv.gz)',
      });
    if (b.kind === 'products' && !PRODUCT_FEED_FILE_NAME.test(b.fileName))
      ctx.addIssue({
        code: 'custom',
        path: ['fileName'],
        message: 'Upload a product feed as a .json file (gzipped too, .json.gz)',
      });
  });
export type ImportCreateBody = z.input<typeof importCreateBody>;
export const piecesOf = (fileBytes: number) => Math.ceil(fileBytes / IMPORT_PIECE_BYTES);

export const feedErrorSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
});
export const importReportSchema = z.object({
  rows: z.number().int(),
  stones: z.number().int(),
  unlisted: z.number().int(),
  rowsWithErrors: z.number().int(),
  errors: z.array(feedErrorSchema),
  priceForms: z.object({ total: z.number().int(), 'per-carat': z.number().int(), discount: z.number().int() }),
  unknownColumns: z.array(z.string()),
  added: z.number().int(),
  priceChanged: z.number().int(),
  gradeChanged: z.number().int(),
  unchanged: z.number().int(),
  withdrawn: z.number().int(),
  locked: z.array(z.object({ stock: z.string(), status: z.string() })),
  lockedCount: z.number().int(),
  unpriced: z.number().int(),
});
export type ImportReportAnswer = z.infer<typeof importReportSchema>;

/** What a product feed did (or, on a dry run, would do): per design (a series) and per product (a SKU). */
export const productImportReportSchema = z.object({
  supplier: z.string(),
  dryRun: z.boolean(),
  /** Products (SKUs) in the file. */
  products: z.number().int(),
  /** Products of designs placed: listed, or waiting for a category. */
  variants: z.number().int(),
  rowsWithErrors: z.number().int(),
  errors: z.array(feedErrorSchema),
  designs: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Designs whose group has no category yet: kept off the storefront until the manager places the group. */
  waiting: z.number().int(),
  unmapped: z.array(z.object({ groupDescription: z.string(), designs: z.number().int() })),
  /** Products no markup rule covers: not listed. */
  unpriced: z.number().int(),
  imagesFetched: z.number().int(),
  imagesFailed: z.number().int(),
  /** Designs kept unpublished because an image could not be fetched, with why. */
  held: z.array(z.object({ series: z.string(), reason: z.string() })),
  heldCount: z.number().int(),
});
export type ProductImportReportAnswer = z.infer<typeof productImportReportSchema>;

export const importRunSchema = z.object({
  id: z.string().uuid(),
  supplier: z.string(),
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  full: z.boolean(),
  source: z.enum(['upload', 'cli', 'pull', 'mapping']),
  fileName: z.string(),
  fileBytes: z.number().int(),
  state: z.enum(IMPORT_STATES),
  /** What the run is doing now: reading the file, checking rows, writing stones, withdrawing. */
  phase: z.string().nullable(),
  rowsTotal: z.number().int().nullable(),
  rowsDone: z.number().int(),
  errorsSoFar: z.number().int(),
  /** Set once the run has finished. */
  report: importReportSchema.nullable(),
  /** Set once a product feed's run has finished. */
  productReport: productImportReportSchema.nullable(),
  /** Why a run failed (an unusable file, or the import stopped). */
  message: z.string().nullable(),
  staff: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** When progress was last written (rows/s = rows done over the time from start to this). */
  progressAt: z.string(),
  /** A dry run whose file can still be applied as it is. */
  canApply: z.boolean(),
  /**
   * The stones' photographs an applied diamond feed asked for, fetched in the background after the
   * run: how many wait, are on their stones, or failed (a stone that failed keeps its drawing).
   */
  media: z
    .object({
      waiting: z.number().int(),
      ready: z.number().int(),
      failed: z.number().int(),
      failures: z.array(z.object({ stock: z.string(), url: z.string(), reason: z.string() })),
    })
    .nullable()
    .default(null),
});
export type ImportRun = z.infer<typeof importRunSchema>;
/** GET /admin/imports: the newest runs, and the largest upload this store takes. */
export const importList = z.object({ runs: z.array(importRunSchema), maxBytes: z.number().int() });

/** How often a supplier's feed may be fetched: from every 15 minutes to once a day. */
export const PULL_MINUTES_MIN = 15;
export const PULL_MINUTES_MAX = 1_440;

/** PUT /admin/suppliers/:code/pull: fetch this feed every so often, or (null URL) stop. */
export const supplierPullBody = z
  .object({
    feedUrl: z
      .url({ protocol: /^https?$/, message: 'An http or https address' })
      .max(2_000)
      .nullable(),
    everyMinutes: z
      .number()
      .int()
      .min(PULL_MINUTES_MIN, `At least every ${PULL_MINUTES_MIN} minutes`)
      .max(PULL_MINUTES_MAX, 'At least once a day'),
    full: z.boolean(),
    /** What the feed holds: a diamond CSV, or product pages (JSON). */
    kind: z.enum(IMPORT_KINDS).default('diamonds'),
  })
  .strict();
export type SupplierPullBody = z.infer<typeof supplierPullBody>;

/** GET /admin/suppliers: each supplier and its scheduled pull, if any. */
export const supplierFeed = z.object({
  code: z.string(),
  name: z.string(),
  feedUrl: z.string().nullable(),
  everyMinutes: z.number().int().nullable(),
  full: z.boolean(),
  kind: z.enum(IMPORT_KINDS),
  nextPullAt: z.string().nullable(),
  lastPullAt: z.string().nullable(),
  lastPullResult: z.string().nullable(),
});
export type SupplierFeed = z.infer<typeof supplierFeed>;

/** PUT /admin/suppliers/:code/categories: the store category a supplier's product group goes in. */
export const categoryMappingBody = z
  .object({
    groupDescription: z.string().trim().min(1).max(200),
    categoryId: z.number().int().positive('Choose a category'),
  })
  .strict();
export type CategoryMappingBody = z.infer<typeof categoryMappingBody>;

const categoryMappingRow = z.object({
  supplier: z.string(),
  groupDescription: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  /** Designs kept off the storefront until the group has a category. */
  waiting: z.number().int(),
  /** Designs of this group on the catalogue. */
  designs: z.number().int(),
  firstSeenAt: z.string(),
});
export type CategoryMappingRow = z.infer<typeof categoryMappingRow>;
/** GET /admin/supplier-categories: every supplier's product groups, unplaced first. */
export const categoryMappings = z.object({
  mappings: z.array(categoryMappingRow),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), section: z.string() })),
});
export type CategoryMappings = z.infer<typeof categoryMappings>;
/** PUT /admin/suppliers/:code/categories: the groups again, and the run that brings the waiting designs in (if one started). */
export const categoryMappingSaved = categoryMappings.extend({ runId: z.string().uuid().nullable() });
