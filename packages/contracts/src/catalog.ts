import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';
import { onSale } from './sale.ts';
import { engravingOffer } from './engraving.ts';

// Query and answer shapes of the catalogue API.

const page = z.coerce.number().int().min(1, 'page starts at 1').max(1000, 'page is out of range').default(1);
const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(PAGE_SIZE_MAX, `pageSize is at most ${PAGE_SIZE_MAX}`)
  .default(PAGE_SIZE_DEFAULT);
const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Comma-separated list in a query string: `shape=Round,Oval`. */
const list = (max = 20) =>
  z
    .string()
    .max(400)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
        .slice(0, max),
    );

import { CATEGORY_SORTS } from './constants.ts';
export { CATEGORY_SORTS };
/** A photograph: card and page sizes, an AVIF and a WebP `srcset` (photo-sizes.ts), its words and shape. */
export const photoAnswer = z.object({
  small: z.string(),
  large: z.string(),
  srcSet: z.object({ avif: z.string(), webp: z.string() }),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
});
export type PhotoAnswer = z.infer<typeof photoAnswer>;
/** A design's photograph and the metal it shows (null: any metal). */
export const designPhoto = photoAnswer.extend({ metal: z.string().nullable() });
export type DesignPhoto = z.infer<typeof designPhoto>;

export const categoryQuery = z
  .object({
    filters: z.string().max(4000).optional(),
    sort: z.enum(CATEGORY_SORTS).default('featured'),
    page,
    pageSize,
  })
  .strict();
export const categoryParams = z.object({ id });

export const productCard = z.object({
  groupId: z.number(),
  productId: z.number(),
  series: z.string(),
  categoryId: z.number(),
  GroupDescription: z.string(),
  /** "From": the least it costs now (after any sale). */
  priceCents: z.number().int(),
  ...onSale,
  image: z.string(),
  metals: z.array(z.string()),
  href: z.string(),
  /** Approved reviews, counted and averaged (absent: none yet). */
  rating: z.object({ count: z.number().int(), average: z.number() }).optional(),
});
export type ProductCard = z.infer<typeof productCard>;

export const facet = z.object({
  label: z.string(),
  values: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type Facet = z.infer<typeof facet>;

export const categoryInfo = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  section: z.string(),
  /** What search engines show, when staff wrote it (else the name and the description). */
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  breadcrumb: z.array(z.object({ id: z.number(), name: z.string() })),
  children: z.array(z.object({ id: z.number(), name: z.string() })),
});
export const categoryAnswer = z.object({
  products: z.array(productCard),
  count: z.number().int(),
  category: categoryInfo,
  attributes: z.array(facet),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CategoryAnswer = z.infer<typeof categoryAnswer>;

export const productQuery = z.object({ groupId: id, productId: id.optional() }).strict();
export const variant = z.object({
  id: z.number(),
  sku: z.string(),
  metal: z.string(),
  metalName: z.string(),
  fingerSize: z.number().nullable(),
  lengthIn: z.number().nullable(),
  weightG: z.number(),
  /** What it costs now (after any sale). */
  priceCents: z.number().int(),
  ...onSale,
  /** The maker's list price, where it is above the price and no sale is on (listPriceShown). */
  listPriceCents: z.number().int().optional(),
  stock: z.number().int(),
  leadDays: z.number().int(),
});
export const productDetail = z.object({
  groupId: z.number(),
  series: z.string(),
  GroupDescription: z.string(),
  longDescription: z.string(),
  kind: z.string(),
  configurable: z.boolean(),
  /** Sold from what is on hand: a variant with no stock is out of stock, not made to order. */
  stockTracked: z.boolean(),
  /** What search engines show, when staff wrote it (else the name and the description). */
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  /** Whether and how it can be engraved (null: it cannot). */
  engraving: engravingOffer.nullable(),
  category: categoryInfo,
  attributes: z.array(z.object({ label: z.string(), values: z.array(z.string()) })),
  variants: z.array(variant),
  selectedProductId: z.number(),
  images: z.array(z.object({ metal: z.string(), FullUrl: z.string() })),
  /**
   * Photographs staff uploaded (cover first; each of one metal or of any); the drawn art per metal
   * stays for the metal picker.
   */
  photos: z.array(designPhoto),
  related: z.array(productCard),
  /** How a configurable piece can be made (null for pieces sold as they are). */
  configuration: z
    .object({
      metals: z.array(z.string()),
      sizes: z.array(z.number()),
      widthsMm: z.array(z.number()).nullable(),
      styles: z.array(z.object({ name: z.string(), labourCents: z.number().int() })).nullable(),
      locations: z.array(
        z.object({
          LocationNumber: z.number(),
          group: z.enum(['Center', 'Accent']),
          count: z.number(),
          settingType: z.string(),
          shape: z.string(),
          caratMin: z.number().optional(),
          caratMax: z.number().optional(),
          sizeMm: z.number().optional(),
          /** False: the piece is sold with a stone here (a complete ring); true: the shopper may leave it empty (a mounting). */
          optional: z.boolean(),
        }),
      ),
    })
    .nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const fetchProductsQuery = z
  .object({ series: z.string().max(40).optional(), groupId: id.optional() })
  .strict()
  .refine((q) => q.series || q.groupId, { message: 'Give a series or a groupId' });

// Diamonds
export const DIAMOND_SORTS = [
  'price-asc',
  'price-desc',
  'carat-asc',
  'carat-desc',
  'color',
  'clarity',
  'cut',
  'newest',
] as const;
const num = (min: number, max: number) => z.coerce.number().min(min).max(max);
const rank = z.coerce.number().int().min(0).max(9);
export const diamondQuery = z
  .object({
    origin: z.enum(['natural', 'lab']).optional(),
    shape: list().optional(),
    caratMin: num(0, 100).optional(),
    caratMax: num(0, 100).optional(),
    colorMin: rank.optional(),
    colorMax: rank.optional(),
    clarityMin: rank.optional(),
    clarityMax: rank.optional(),
    cutMin: rank.optional(),
    cutMax: rank.optional(),
    polish: list().optional(),
    symmetry: list().optional(),
    fluorescence: list().optional(),
    lab: list().optional(),
    priceMin: num(0, 100_000_000).optional(),
    priceMax: num(0, 100_000_000).optional(),
    depthMin: num(0, 100).optional(),
    depthMax: num(0, 100).optional(),
    tableMin: num(0, 100).optional(),
    tableMax: num(0, 100).optional(),
    lwMin: num(0, 5).optional(),
    lwMax: num(0, 5).optional(),
    /** Only stones with a photograph, or with a 360° video. */
    media: z.enum(['photo', 'video']).optional(),
    sort: z.enum(DIAMOND_SORTS).default('price-asc'),
    page,
    pageSize,
  })
  .strict();
export type DiamondQuery = z.infer<typeof diamondQuery>;

export const diamondSummary = z.object({
  id: z.number(),
  serial: z.string(),
  origin: z.enum(['natural', 'lab']),
  shape: z.string(),
  carat: z.number(),
  color: z.string(),
  clarity: z.string(),
  cut: z.string(),
  polish: z.string(),
  symmetry: z.string(),
  fluorescence: z.string(),
  depthPct: z.number(),
  tablePct: z.number(),
  lwRatio: z.number(),
  measurements: z.string(),
  lab: z.string(),
  certificate: z.string(),
  priceCents: z.number().int(),
  status: z.string(),
  /** The drawing: the stand-in wherever there is no photograph. */
  image: z.string(),
  /** The first photograph as a list's thumbnail (160 px WebP), when the stone has one. */
  photo: z.string().nullable(),
  href: z.string(),
});
export type DiamondSummary = z.infer<typeof diamondSummary>;
/** One stone's page: its summary and the photographs staff took of it (the first shown first). */
export const diamondDetail = diamondSummary.extend({
  photos: z.array(photoAnswer),
  /** Its 360° video, from a host the store lists (null: none, or from elsewhere). */
  video: z.object({ url: z.string(), kind: z.enum(['file', 'player']) }).nullable(),
  /** Where its grading report opens: the lab's check page for the number, or the report given. */
  report: z.object({ label: z.string(), url: z.string(), kind: z.enum(['lab', 'document']) }).nullable(),
  /** The report PDF staff uploaded, when `report` is the lab's own check page (both are offered). */
  reportFile: z.object({ label: z.string(), url: z.string() }).nullable().optional(),
  /** Held by a supplier: the card is authorised at checkout and charged once the supplier confirms it. */
  fromSupplier: z.boolean().optional(),
});
export type DiamondDetail = z.infer<typeof diamondDetail>;
export const diamondAnswer = z.object({
  diamonds: z.array(diamondSummary),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  shapes: z.array(z.object({ value: z.string(), count: z.number().int() })),
  histogram: z.array(z.object({ fromCents: z.number(), toCents: z.number(), count: z.number().int() })),
  bounds: z.object({
    priceMinCents: z.number(),
    priceMaxCents: z.number(),
    caratMin: z.number(),
    caratMax: z.number(),
  }),
});
export type DiamondAnswer = z.infer<typeof diamondAnswer>;
export const diamondOneQuery = z.object({ id }).strict();

// Notable gemstones
export const gemstoneTypeAnswer = z.array(
  z.object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    color: z.string(),
    count: z.number().int(),
    fromCents: z.number().int(),
    image: z.string(),
  }),
);
export const GEMSTONE_SORTS = ['price-asc', 'price-desc', 'carat-desc', 'carat-asc'] as const;
export const gemstoneQuery = z
  .object({
    type: z.string().regex(/^[a-z-]{2,40}$/, 'Unknown stone type'),
    color: list().optional(),
    shape: list().optional(),
    origin: list().optional(),
    caratMin: num(0, 100).optional(),
    caratMax: num(0, 100).optional(),
    priceMin: num(0, 100_000_000).optional(),
    priceMax: num(0, 100_000_000).optional(),
    agta: z.enum(['yes']).optional(),
    sort: z.enum(GEMSTONE_SORTS).default('price-asc'),
    page,
    pageSize,
  })
  .strict();
export const gemstone = z.object({
  id: z.number(),
  serial: z.string(),
  type: z.string(),
  typeName: z.string(),
  color: z.string(),
  shape: z.string(),
  carat: z.number(),
  measurements: z.string(),
  origin: z.string(),
  agtaCertificate: z.string().nullable(),
  treatment: z.string(),
  priceCents: z.number().int(),
  status: z.string(),
  /** The drawing: the card's picture when there is no photograph. */
  image: z.string(),
  photo: photoAnswer.nullable(),
  /** Its 360° video, from a host the store lists. */
  video: z.object({ url: z.string(), kind: z.enum(['file', 'player']) }).nullable(),
  /** The report PDF staff uploaded (AGTA has no check page by number). */
  report: z.object({ label: z.string(), url: z.string(), kind: z.enum(['lab', 'document']) }).nullable(),
});
export type Gemstone = z.infer<typeof gemstone>;
export const gemstoneAnswer = z.object({
  gemstones: z.array(gemstone),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  type: z.object({ slug: z.string(), name: z.string(), description: z.string() }),
  attributes: z.array(facet),
});

export const meleeParcelSchema = z.object({
  id: z.number(),
  sku: z.string(),
  origin: z.enum(['natural', 'lab']),
  shape: z.string(),
  sizeMm: z.number(),
  sieve: z.string(),
  caratPerStone: z.number(),
  quality: z.string(),
  pricePerCaratCents: z.number().int(),
  pricePerStoneCents: z.number().int(),
  stock: z.number().int(),
});
/** The shapes melee is sold in (the storefront's melee page filters by them). */
export const MELEE_SHAPES = ['Round', 'Princess'] as const;
export const meleeQuery = z
  .object({ origin: z.enum(['natural', 'lab']).optional(), shape: z.enum(MELEE_SHAPES).optional() })
  .strict();

// Search
export const SEARCH_TYPES = ['all', 'product'] as const;
export const searchBody = z
  .object({
    data: z.string().trim().min(1, 'Type something to search for').max(120, 'Search is at most 120 characters'),
    type: z.enum(SEARCH_TYPES).default('all'),
    page: z.number().int().min(1).max(1000).default(1),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  })
  .strict();
export const searchAnswer = z.object({
  products: z.array(productCard),
  count: z.number().int(),
  sections: z.array(z.object({ section: z.string(), count: z.number().int() })),
  matched: z.enum(['text', 'fuzzy', 'none']),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;
export const autocompleteQuery = z.object({ q: z.string().max(120).default('') }).strict();
export const suggestion = z.object({
  Id: z.number(),
  GroupDescription: z.string(),
  Images: z.object({ FullUrl: z.string() }),
});
export type Suggestion = z.infer<typeof suggestion>;

/**
 * What the store can say about its own stock ("Search 10,000+ certified diamonds"): the count as
 * the copy quotes it (countPhrase), so a page that quotes it changes only when the words do, not
 * with every stone sold.
 */
export const catalogueStats = z.object({ diamonds: z.string() });
export type CatalogueStats = z.infer<typeof catalogueStats>;

/** What an item is: decides how it is drawn and which options it has. */
export type ItemKind = 'ring' | 'band' | 'chain' | 'cord' | 'earring' | 'pendant' | 'bracelet' | 'necklace' | 'finding';

/** How to draw a design's picture (the stand-in wherever there is no photograph). */
export interface ImageSpec {
  kind: ItemKind;
  style: string;
  shape?: string;
  stone?: string;
}
