import { z } from 'zod';

// The back office's catalogue: product groups (designs) as staff list and edit them, and the
// limits on their photographs. Shared by the API (validation) and the admin pages (forms).

export const PRODUCT_STATUSES = ['published', 'draft'] as const;
export const PRODUCT_SORTS = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'updated-desc'] as const;

export const adminProductQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    status: z.enum(PRODUCT_STATUSES).optional(),
    sort: z.enum(PRODUCT_SORTS).default('name-asc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type AdminProductQuery = z.infer<typeof adminProductQuery>;

export const adminProductRow = z.object({
  id: z.number().int(),
  series: z.string(),
  description: z.string(),
  category: z.string(),
  minPriceCents: z.number().int(),
  variantCount: z.number().int(),
  photoCount: z.number().int(),
  published: z.boolean(),
  configurable: z.boolean(),
  updatedAt: z.string().nullable(),
  image: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const adminProductList = z.object({
  rows: z.array(adminProductRow),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), section: z.string() })),
});
export type AdminProductList = z.infer<typeof adminProductList>;

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MIN_SIDE = 600;
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTOS_PER_PRODUCT = 12;

export const adminPhoto = z.object({
  key: z.string(),
  small: z.string(),
  large: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const adminVariant = z.object({
  id: z.number().int(),
  sku: z.string(),
  metal: z.string(),
  metalName: z.string(),
  fingerSize: z.number().nullable(),
  lengthIn: z.number().int().nullable(),
  weightG: z.number(),
  priceCents: z.number().int(),
  stock: z.number().int(),
  active: z.boolean(),
});

export const adminProduct = z.object({
  id: z.number().int(),
  version: z.number().int(),
  series: z.string(),
  description: z.string(),
  longDescription: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.string(),
  configurable: z.boolean(),
  published: z.boolean(),
  /** The supplier whose product feed the design comes from (null: the store's own). */
  supplier: z.string().nullable(),
  /** Why that feed keeps the design off the storefront (an image it could not use). */
  heldReason: z.string().nullable(),
  minPriceCents: z.number().int(),
  updatedAt: z.string().nullable(),
  attributes: z.array(z.object({ label: z.string(), value: z.string() })),
  variants: z.array(adminVariant),
  photos: z.array(adminPhoto),
  image: z.string(),
  storefrontUrl: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

const line = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Write the ${what}`)
    .max(max, `The ${what} is at most ${max} characters`)
    .refine((s) => !/[\r\n]/.test(s), `The ${what} is one line`);

/** The cents a piece may be priced at by hand: one dollar to one million dollars. */
export const PRICE_MIN_CENTS = 100;
export const PRICE_MAX_CENTS = 100_000_000;

export const productNameField = line(120, 'name');
export const productStoryField = z
  .string()
  .trim()
  .min(20, 'Write at least a sentence')
  .max(4_000, 'At most 4,000 characters');
export const attributeRow = z.object({ label: line(60, 'attribute'), value: line(120, 'value') }).strict();
/** Attributes are facets shoppers filter on: each label=value once, whatever its case. */
export const attributeList = z
  .array(attributeRow)
  .max(60, 'At most 60 attributes')
  .refine(
    (list) => new Set(list.map((a) => `${a.label.toLowerCase()}=${a.value.toLowerCase()}`)).size === list.length,
    'An attribute is listed twice',
  );
export const priceCentsField = z
  .number()
  .int('Prices are whole cents')
  .min(PRICE_MIN_CENTS, 'At least $1.00')
  .max(PRICE_MAX_CENTS, 'At most $1,000,000.00');

export const adminProductUpdate = z
  .object({
    version: z.number().int().min(1),
    description: productNameField.optional(),
    longDescription: productStoryField.optional(),
    published: z.boolean().optional(),
    attributes: attributeList.optional(),
    prices: z
      .array(z.object({ id: z.number().int().positive(), priceCents: priceCentsField }).strict())
      .max(500)
      .optional(),
  })
  .strict();
export type AdminProductUpdate = z.infer<typeof adminProductUpdate>;

export const PHOTO_KEY = /^[A-Za-z0-9_-]{16}$/;
/** The photos in their new order (cover first): exactly the keys the product has, or 409. */
export const photoOrderBody = z.object({ keys: z.array(z.string().regex(PHOTO_KEY)).max(PHOTOS_PER_PRODUCT) }).strict();

/** Where a loose stone stands: for sale, in a shopper's checkout, set aside by staff, or gone. */
export const STONE_STATUSES = ['available', 'reserved', 'held', 'withdrawn', 'sold'] as const;
export type StoneStatus = (typeof STONE_STATUSES)[number];

/** GET /api/admin/stones (and the answer to a hold, withdraw or release): one diamond or gemstone. */
export const adminStoneRow = z.object({
  kind: z.enum(['diamond', 'gemstone']),
  id: z.number().int(),
  serial: z.string(),
  certificate: z.string().nullable(),
  title: z.string(),
  priceCents: z.number().int(),
  status: z.enum(STONE_STATUSES),
  holdReason: z.string().nullable(),
  holdUntil: z.string().nullable(),
  /** The live order that holds it, if any: such a stone is changed from its order, not here. */
  orderNumber: z.string().nullable(),
});
export type AdminStoneRow = z.infer<typeof adminStoneRow>;
