import { z } from 'zod';
import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, SHAPES } from './grades.ts';
import { METAL_QUALITIES } from './metals.ts';
import { MELEE_SHAPES } from './catalog.ts';
import { engravingOffer } from './engraving.ts';
import { ROUNDINGS } from './money.ts';

// The back office's catalogue: product groups (designs) as staff list and edit them, and the
// limits on their photographs. Shared by the API (validation) and the admin pages (forms).

export const PRODUCT_STATUSES = ['published', 'draft', 'archived'] as const;
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
  status: z.enum(PRODUCT_STATUSES),
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
export const PHOTOS_PER_STONE = 6;

/** A stone's 360° video address, as staff give it (https only; shown only from listed hosts). */
const videoUrlField = z
  .string()
  .trim()
  .url('A full address, like https://…')
  .refine((u) => u.startsWith('https://'), 'An https:// address')
  .max(500)
  .nullable();

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
  /** The maker's list price ("compare at"), where the maker sets one. */
  listPriceCents: z.number().int().nullable(),
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
  status: z.enum(PRODUCT_STATUSES),
  /** metal: a metal price change moves the variants by their weight; fixed: only staff change them. */
  pricing: z.enum(['metal', 'fixed']),
  /** Sold from what is on hand: each sale takes one, and none is sold once it is gone. */
  stockTracked: z.boolean(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  /** Whether and how it can be engraved (null: it cannot). */
  engraving: engravingOffer.nullable(),
  /** The supplier whose product feed the design comes from (null: the store's own). */
  supplier: z.string().nullable(),
  /** Why that feed keeps the design off the storefront (an image it could not use). */
  heldReason: z.string().nullable(),
  minPriceCents: z.number().int(),
  updatedAt: z.string().nullable(),
  attributes: z.array(z.object({ label: z.string(), value: z.string() })),
  variants: z.array(adminVariant),
  /** A setting's stone places (null: sold as it is). */
  stonePlaces: z.array(z.lazy(() => stonePlace)).nullable(),
  /** `metal`: the metal the photograph shows (shown first when a shopper picks it); null: any metal. */
  photos: z.array(adminPhoto.extend({ metal: z.string().nullable() })),
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

/** The design's word in its address (`/product/R-SIGNET/…`): changing it keeps the old address as a 301. */
export const seriesField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,23}$/, 'Letters, digits and dashes, 2 to 24 characters (like SIGNET-01)');
export const skuField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9.:_-]{1,39}$/, 'Letters, digits, dots, colons and dashes, 2 to 40 characters');
export const STOCK_MAX = 10_000;
export const stockField = z
  .number()
  .int('Whole pieces')
  .min(0, 'Cannot be negative')
  .max(STOCK_MAX, `At most ${STOCK_MAX.toLocaleString('en-US')}`);
const seoTitleField = z.string().trim().max(70, 'At most 70 characters (search engines cut the rest)');
const seoDescriptionField = z.string().trim().max(160, 'At most 160 characters (search engines cut the rest)');
/** Empty SEO fields mean "use the name and the description". */
const optionalText = <T extends z.ZodString>(f: T) => f.transform((v) => v || null).nullable();

export const adminProductUpdate = z
  .object({
    version: z.number().int().min(1),
    description: productNameField.optional(),
    longDescription: productStoryField.optional(),
    published: z.boolean().optional(),
    categoryId: z.number().int().positive().optional(),
    series: seriesField.optional(),
    seoTitle: optionalText(seoTitleField).optional(),
    seoDescription: optionalText(seoDescriptionField).optional(),
    attributes: attributeList.optional(),
    /** null: the piece cannot be engraved (any more). */
    engraving: engravingOffer.nullable().optional(),
    /** The variants staff changed: any of SKU, price (not for a made-to-order setting), list price, stock. */
    variants: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            sku: skuField.optional(),
            priceCents: priceCentsField.optional(),
            /** null: the maker sets no list price (any more). */
            listPriceCents: priceCentsField.nullable().optional(),
            stock: stockField.optional(),
          })
          .strict(),
      )
      .max(500)
      .optional(),
  })
  .strict();
export type AdminProductUpdate = z.infer<typeof adminProductUpdate>;

export const PHOTO_KEY = /^[A-Za-z0-9_-]{16}$/;
/** The photos in their new order (cover first): exactly the keys the product has, or 409. */
export const photoOrderBody = z.object({ keys: z.array(z.string().regex(PHOTO_KEY)).max(PHOTOS_PER_PRODUCT) }).strict();
/** What a design's photograph shows: its words, and the metal it is of (one the design is made in), or any. */
export const photoDetailsBody = z
  .object({
    alt: z.string().trim().max(200, 'At most 200 characters'),
    metal: z.string().max(20).nullable(),
  })
  .strict();

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

// A new design, made by hand: its variants are every metal × size (or length) it is offered in.

/** What a design is, for its drawing and its options; settings with stone places come from the configurator's models. */
export const DESIGN_KINDS = ['ring', 'band', 'chain', 'necklace', 'bracelet', 'pendant', 'earring'] as const;
export const DESIGN_KIND_NAMES: Record<(typeof DESIGN_KINDS)[number], string> = {
  ring: 'Ring',
  band: 'Band',
  chain: 'Chain',
  necklace: 'Necklace',
  bracelet: 'Bracelet',
  pendant: 'Pendant',
  earring: 'Earrings',
};
/** Kinds sold by finger size, and kinds sold by length. */
export const SIZED_KINDS: ReadonlySet<string> = new Set(['ring', 'band']);
export const LENGTH_KINDS: ReadonlySet<string> = new Set(['chain', 'necklace', 'bracelet']);
export const VARIANTS_MAX = 300;

const ringSize = z
  .number()
  .min(3, 'Ring sizes run from 3')
  .max(13, 'to 13')
  .refine((n) => Number.isInteger(n * 4), 'Quarter sizes at most (like 6.25)');
const lengthIn = z.number().int('Whole inches').min(6, 'At least 6 in').max(36, 'At most 36 in');

export const designPricing = z.discriminatedUnion('mode', [
  z
    .object({
      mode: z.literal('fixed'),
      /** The price of every metal not priced on its own. */
      priceCents: priceCentsField,
      /** A metal's own price, where it differs. */
      byMetal: z
        .array(z.object({ metal: z.enum(METAL_QUALITIES), priceCents: priceCentsField }).strict())
        .max(METAL_QUALITIES.length)
        .default([]),
      /** From this size (or length, in inches) up, so much more: the largest band reached applies. */
      bands: z
        .array(
          z
            .object({
              from: z.number().min(3, 'From size 3 or 6 in').max(36, 'At most 36'),
              plusCents: z.number().int().min(1, 'More than nothing').max(PRICE_MAX_CENTS, 'At most $1,000,000.00'),
            })
            .strict(),
        )
        .max(6, 'At most 6 bands')
        .default([]),
    })
    .strict(),
  z
    .object({
      mode: z.literal('metal'),
      /** Grams in 14K gold at size 7 (or 18 in); other metals, sizes and lengths scale from it. */
      weightG: z.number().min(0.1, 'At least 0.1 g').max(500, 'At most 500 g'),
      labourCents: z.number().int().min(0, 'Cannot be negative').max(PRICE_MAX_CENTS, 'At most $1,000,000.00'),
    })
    .strict(),
]);
export const designStock = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('made-to-order') }).strict(),
  z
    .object({
      mode: z.literal('on-hand'),
      /** Pieces of each variant on the shelf. */
      quantity: stockField,
      shipsInDays: z.number().int().min(1, 'At least 1 day').max(30, 'At most 30 days'),
    })
    .strict(),
]);

/** How a stone is held: what the bench sets and the product page names. */
export const SETTING_TYPES = ['4-prong', '6-prong', 'bezel', 'basket', 'micro-prong', 'pavé', 'channel'] as const;

/**
 * A place for a stone in a setting: the center (a diamond or gemstone the shopper chooses, within
 * a carat range) or accents (melee of one size, set by the count). Optional: the shopper may leave
 * it empty (a mounting); otherwise the piece is only sold with a stone there.
 */
export const stonePlace = z
  .object({
    group: z.enum(['Center', 'Accent']),
    shape: z.enum(SHAPES),
    count: z.number().int().min(1, 'At least one stone').max(80, 'At most 80 stones'),
    settingType: z.enum(SETTING_TYPES),
    caratMin: z.number().min(0.1, 'From 0.10 ct').max(10, 'Up to 10 ct').optional(),
    caratMax: z.number().min(0.1, 'From 0.10 ct').max(10, 'Up to 10 ct').optional(),
    sizeMm: z.number().min(0.5, 'At least 0.5 mm').max(4, 'Melee is at most 4 mm').optional(),
    settingLabourCents: z.number().int().min(0, 'Cannot be negative').max(PRICE_MAX_CENTS),
    optional: z.boolean(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.group === 'Center') {
      if (p.caratMin === undefined || p.caratMax === undefined)
        ctx.addIssue({ code: 'custom', path: ['caratMin'], message: 'The carat range the head is made for' });
      else if (p.caratMin >= p.caratMax)
        ctx.addIssue({ code: 'custom', path: ['caratMax'], message: 'Larger than the smallest' });
    } else {
      if (p.sizeMm === undefined)
        ctx.addIssue({ code: 'custom', path: ['sizeMm'], message: 'The size of the accent stones' });
      if (!(MELEE_SHAPES as readonly string[]).includes(p.shape))
        ctx.addIssue({ code: 'custom', path: ['shape'], message: 'Accent stones are round or princess melee' });
    }
  });

/**
 * POST /api/admin/products/:id/finished-piece: a setting made up with its stones and kept in the
 * case, as a design of its own (sold as it is, from stock).
 */
export const finishedPieceBody = z
  .object({
    metal: z.enum(METAL_QUALITIES),
    size: ringSize.nullable(),
    /** What is set in it, as the shopper reads it ("1.02 ct round, G VS1, GIA 2141234567"). */
    stones: z.string().trim().min(3, 'Say which stones are set in it').max(200, 'At most 200 characters'),
    priceCents: priceCentsField,
    quantity: stockField.min(1, 'At least one piece'),
    shipsInDays: z.number().int().min(1, 'At least 1 day').max(30, 'At most 30 days'),
  })
  .strict();
export type FinishedPiece = z.infer<typeof finishedPieceBody>;

/** PUT /api/admin/products/:id/stone-places: a setting's places as they are to be from now on. */
export type StonePlace = z.infer<typeof stonePlace>;

export const stonePlacesBody = z
  .object({
    version: z.number().int().min(1),
    stonePlaces: z.array(stonePlace).min(1, 'A setting has at least one place').max(4, 'At most 4 places'),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.stonePlaces.filter((p) => p.group === 'Center').length > 1)
      ctx.addIssue({ code: 'custom', path: ['stonePlaces'], message: 'One center place at most' });
  });

export const newDesignBody = z
  .object({
    name: productNameField,
    longDescription: productStoryField,
    categoryId: z.number().int().positive(),
    kind: z.enum(DESIGN_KINDS),
    series: seriesField.optional(),
    metals: z
      .array(z.enum(METAL_QUALITIES))
      .min(1, 'Offer it in at least one metal')
      .refine((m) => new Set(m).size === m.length, 'A metal is listed twice'),
    sizes: z.array(ringSize).max(41).default([]),
    lengthsIn: z.array(lengthIn).max(31).default([]),
    pricing: designPricing,
    stock: designStock,
    attributes: attributeList.default([]),
    seoTitle: optionalText(seoTitleField).optional(),
    seoDescription: optionalText(seoDescriptionField).optional(),
    /** A setting: the places for the stones shoppers choose in the configurator (none: sold as it is). */
    stonePlaces: z.array(stonePlace).max(4, 'At most 4 places').default([]),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.stonePlaces.length) {
      if (d.pricing.mode !== 'metal')
        ctx.addIssue({
          code: 'custom',
          path: ['pricing'],
          message: 'A setting is priced from its metal and the stones chosen',
        });
      if (d.stock.mode !== 'made-to-order')
        ctx.addIssue({ code: 'custom', path: ['stock'], message: 'A setting is made to order' });
      if (d.stonePlaces.filter((p) => p.group === 'Center').length > 1)
        ctx.addIssue({ code: 'custom', path: ['stonePlaces'], message: 'One center place at most' });
    }
    const sized = SIZED_KINDS.has(d.kind);
    const long = LENGTH_KINDS.has(d.kind);
    if (d.pricing.mode === 'fixed') {
      d.pricing.byMetal.forEach((m, i) => {
        if (!d.metals.includes(m.metal))
          ctx.addIssue({ code: 'custom', path: ['pricing', 'byMetal', i, 'metal'], message: 'Not one of its metals' });
      });
      if (new Set(d.pricing.byMetal.map((m) => m.metal)).size !== d.pricing.byMetal.length)
        ctx.addIssue({ code: 'custom', path: ['pricing', 'byMetal'], message: 'A metal is priced twice' });
      if (d.pricing.bands.length && !d.sizes.length && !d.lengthsIn.length)
        ctx.addIssue({
          code: 'custom',
          path: ['pricing', 'bands'],
          message: 'Only a design with sizes or lengths has bands',
        });
      if (new Set(d.pricing.bands.map((b) => b.from)).size !== d.pricing.bands.length)
        ctx.addIssue({ code: 'custom', path: ['pricing', 'bands'], message: 'Two bands start at the same size' });
    }
    if (sized && d.sizes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['sizes'], message: 'A ring is offered in at least one size' });
    if (!sized && d.sizes.length)
      ctx.addIssue({ code: 'custom', path: ['sizes'], message: 'Only rings and bands have sizes' });
    if (!long && d.lengthsIn.length)
      ctx.addIssue({
        code: 'custom',
        path: ['lengthsIn'],
        message: 'Only chains, necklaces and bracelets have lengths',
      });
    if (new Set(d.sizes).size !== d.sizes.length)
      ctx.addIssue({ code: 'custom', path: ['sizes'], message: 'A size is listed twice' });
    if (new Set(d.lengthsIn).size !== d.lengthsIn.length)
      ctx.addIssue({ code: 'custom', path: ['lengthsIn'], message: 'A length is listed twice' });
    const count = d.metals.length * Math.max(1, d.sizes.length) * Math.max(1, d.lengthsIn.length);
    if (count > VARIANTS_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['sizes'],
        message: `That makes ${count} variants; at most ${VARIANTS_MAX}`,
      });
  });
export type NewDesign = z.infer<typeof newDesignBody>;

/**
 * What a fixed-price design's variant costs: its metal's own price (else the design's), plus the
 * largest band its size (or length) reaches. The form's preview and the server use this one rule.
 */
export function fixedVariantPrice(
  p: {
    priceCents: number;
    byMetal?: Array<{ metal: string; priceCents: number }>;
    bands?: Array<{ from: number; plusCents: number }>;
  },
  metal: string,
  sizeOrLength: number | null,
) {
  const base = p.byMetal?.find((m) => m.metal === metal)?.priceCents ?? p.priceCents;
  const band = (p.bands ?? [])
    .filter((b) => sizeOrLength !== null && sizeOrLength >= b.from)
    .reduce<{ from: number; plusCents: number } | null>((best, b) => (!best || b.from > best.from ? b : best), null);
  return base + (band?.plusCents ?? 0);
}

/** What the new-design form offers: every category (with its place in the menu) and every metal. */
export const designOptions = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), section: z.string(), hidden: z.boolean() })),
  metals: z.array(z.object({ quality: z.string(), name: z.string(), centsPerGram: z.number().int() })),
  /** How the store's worked-out prices end (store settings): a percentage on many variants lands so too. */
  priceRounding: z.enum(ROUNDINGS),
});
export type DesignOptions = z.infer<typeof designOptions>;

export const versionBody = z.object({ version: z.number().int().min(1) }).strict();

// A loose diamond bought by the store itself (a local dealer, an estate piece), entered by hand.

const mm = (what: string) => z.number().min(0.5, `${what}: at least 0.5 mm`).max(60, `${what}: at most 60 mm`);
export const DIAMOND_STATES = ['available', 'held'] as const;

export const handDiamondBody = z
  .object({
    origin: z.enum(['natural', 'lab']),
    shape: z.enum(SHAPES),
    carat: z.number().min(0.1, 'At least 0.10 ct').max(30, 'At most 30 ct'),
    color: z.enum(COLORS),
    clarity: z.enum(CLARITIES),
    cut: z.enum(CUTS),
    polish: z.enum(FINISHES),
    symmetry: z.enum(FINISHES),
    fluorescence: z.enum(FLUORESCENCE),
    lengthMm: mm('Length'),
    widthMm: mm('Width'),
    depthMm: mm('Depth'),
    depthPct: z.number().min(40, 'Depth: 40 to 90 %').max(90, 'Depth: 40 to 90 %'),
    tablePct: z.number().min(40, 'Table: 40 to 90 %').max(90, 'Table: 40 to 90 %'),
    lab: z.enum(LABS),
    certificate: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{5,20}$/, 'The report number as printed: 5 to 20 letters, digits or dashes'),
    /** Retail by hand, or worked out from the cost by the markup rules. */
    priceCents: priceCentsField.nullable(),
    costCents: priceCentsField.nullable(),
    videoUrl: videoUrlField,
    memoFrom: z
      .string()
      .trim()
      .max(120)
      .transform((v) => v || null)
      .nullable(),
    status: z.enum(DIAMOND_STATES),
    holdReason: z
      .string()
      .trim()
      .max(200)
      .transform((v) => v || null)
      .nullable(),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.priceCents === null && d.costCents === null)
      ctx.addIssue({ code: 'custom', path: ['priceCents'], message: 'Give a price, or a cost for the markup rules' });
    if (d.status === 'held' && !d.holdReason)
      ctx.addIssue({ code: 'custom', path: ['holdReason'], message: 'Say why it is held, for the next colleague' });
  });
export type HandDiamond = z.infer<typeof handDiamondBody>;

export const adminDiamond = z.object({
  id: z.number().int(),
  serial: z.string(),
  version: z.string(),
  stone: z.object({
    origin: z.enum(['natural', 'lab']),
    shape: z.enum(SHAPES),
    carat: z.number(),
    color: z.enum(COLORS),
    clarity: z.enum(CLARITIES),
    cut: z.enum(CUTS),
    polish: z.enum(FINISHES),
    symmetry: z.enum(FINISHES),
    fluorescence: z.enum(FLUORESCENCE),
    lengthMm: z.number(),
    widthMm: z.number(),
    depthMm: z.number(),
    depthPct: z.number(),
    tablePct: z.number(),
    lab: z.enum(LABS),
    certificate: z.string(),
    priceCents: z.number().int().nullable(),
    costCents: z.number().int().nullable(),
    videoUrl: z.string().nullable(),
    memoFrom: z.string().nullable(),
    status: z.enum(DIAMOND_STATES),
    holdReason: z.string().nullable(),
  }),
  /** What the shopper pays now (worked out by the markup rules when no hand price was given). */
  retailCents: z.number().int(),
  currentStatus: z.enum(STONE_STATUSES),
  supplier: z.string().nullable(),
  addedBy: z.string().nullable(),
  storefrontUrl: z.string(),
  photos: z.array(adminPhoto),
});
export type AdminDiamond = z.infer<typeof adminDiamond>;

// A notable gemstone and a melee parcel by hand.

export const GEM_SHAPES = ['Oval', 'Cushion', 'Round', 'Emerald', 'Pear', 'Heart', 'Marquise', 'Radiant'] as const;
const shortText = (max: number, what: string) =>
  z.string().trim().min(1, `Write the ${what}`).max(max, `At most ${max} characters`);

export const handGemBody = z
  .object({
    /** The stone's 360° video (shown only from a host the store lists under Store settings). */
    videoUrl: videoUrlField.optional().transform((v) => v ?? null),
    type: z.string().trim().min(1, 'Choose the kind of stone').max(40),
    color: shortText(40, 'colour'),
    colorHex: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #1f4fa0'),
    shape: z.enum(GEM_SHAPES),
    carat: z.number().min(0.1, 'At least 0.10 ct').max(100, 'At most 100 ct'),
    lengthMm: mm('Length'),
    widthMm: mm('Width'),
    depthMm: mm('Depth'),
    origin: shortText(60, 'origin (country)'),
    treatment: shortText(60, 'treatment (None if untreated)'),
    agtaCertificate: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9-]{5,30})?$/, 'As printed: 5 to 30 letters, digits or dashes — or leave it empty')
      .transform((v) => v || null)
      .nullable(),
    priceCents: priceCentsField,
    status: z.enum(DIAMOND_STATES),
    holdReason: z
      .string()
      .trim()
      .max(200)
      .transform((v) => v || null)
      .nullable(),
  })
  .strict()
  .superRefine((g, ctx) => {
    if (g.status === 'held' && !g.holdReason)
      ctx.addIssue({ code: 'custom', path: ['holdReason'], message: 'Say why it is held, for the next colleague' });
  });
export type HandGem = z.infer<typeof handGemBody>;

export const adminGem = z.object({
  id: z.number().int(),
  serial: z.string(),
  version: z.number().int(),
  stone: z.object({
    type: z.string(),
    color: z.string(),
    colorHex: z.string(),
    shape: z.enum(GEM_SHAPES),
    carat: z.number(),
    lengthMm: z.number(),
    widthMm: z.number(),
    depthMm: z.number(),
    origin: z.string(),
    treatment: z.string(),
    agtaCertificate: z.string().nullable(),
    priceCents: z.number().int(),
    status: z.enum(DIAMOND_STATES),
    holdReason: z.string().nullable(),
    videoUrl: z.string().nullable(),
  }),
  currentStatus: z.enum(STONE_STATUSES),
  addedBy: z.string().nullable(),
  storefrontUrl: z.string(),
  photos: z.array(adminPhoto),
  /** The kinds of stone the store lists (a new kind is added with the seed's types). */
  types: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AdminGem = z.infer<typeof adminGem>;

export const meleeBody = z
  .object({
    origin: z.enum(['natural', 'lab']),
    shape: z.enum(MELEE_SHAPES),
    sizeMm: z.number().min(0.5, 'At least 0.5 mm').max(4, 'Melee is at most 4 mm'),
    sieve: shortText(20, 'sieve size (like +11.0-11.5)'),
    caratPerStone: z.number().min(0.001, 'At least 0.001 ct').max(0.25, 'At most 0.25 ct a stone'),
    quality: shortText(20, 'quality (like G-H VS)'),
    pricePerCaratCents: priceCentsField,
    stock: stockField,
  })
  .strict();
export type MeleeInput = z.infer<typeof meleeBody>;
export const adminMelee = meleeBody.extend({
  id: z.number().int(),
  sku: z.string(),
  stock: z.number().int(),
  version: z.number().int(),
});
export type AdminMelee = z.infer<typeof adminMelee>;

/** A stone's grading report as a PDF staff uploaded: at most this many bytes. */
export const REPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The uploaded report of a stone, or none. */
export const stoneReportAnswer = z.object({ filename: z.string(), size: z.number().int(), url: z.string() }).nullable();
export const stoneReportQuery = z
  .object({
    filename: z
      .string()
      .trim()
      .regex(/^[\w .()-]{1,100}\.pdf$/i, 'A PDF file name'),
  })
  .strict();

// ---- a category's pieces, arranged by hand
/** How many designs a category may place by hand (the rest follow by "featured"). */
export const ARRANGE_MAX = 500;
/** GET /api/admin/categories/:id/arrangement: the placed designs in order, then the rest of its own. */
export const categoryArrangement = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  pieces: z.array(
    z.object({
      groupId: z.number().int(),
      description: z.string(),
      series: z.string(),
      /** Its home category is this one (else it is here as a member of a collection). */
      home: z.boolean(),
      /** Placed by hand (else it follows the placed ones, by "featured" and age). */
      placed: z.boolean(),
      published: z.boolean(),
    }),
  ),
});
export type CategoryArrangement = z.infer<typeof categoryArrangement>;
/** PUT: the designs placed by hand, first to last; one from another category joins this one as a collection. */
export const categoryArrangementBody = z
  .object({
    groupIds: z
      .array(z.number().int().positive())
      .max(ARRANGE_MAX, `At most ${ARRANGE_MAX} placed by hand`)
      .refine((ids) => new Set(ids).size === ids.length, 'A design is listed twice'),
  })
  .strict();
