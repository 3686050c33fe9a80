import { z } from 'zod';
import { onSale } from './sale.ts';
import { photoAnswer } from './catalog.ts';

// Configurator calls (POST /stuller/…).

export { centerRange } from './center-fit.ts';

const id = z.number().int().positive().max(2_147_483_647);

export const stoneFamiliesBody = z
  .object({
    groupId: id,
    /** The caller's location numbers to fill; answers are keyed by them. */
    locations: z.array(z.number().int().min(1).max(20)).min(1).max(20),
  })
  .strict();

export const familySchema = z.object({
  name: z.string(),
  slug: z.string(),
  categories: z.array(z.object({ name: z.enum(['Natural', 'Lab-Grown']), serialized: z.boolean() })),
});
export type StoneFamily = z.infer<typeof familySchema>;

export const STONE_SORTS = ['price-asc', 'price-desc', 'carat-desc', 'carat-asc'] as const;
export const searchStonesBody = z
  .object({
    groupId: id,
    location: z.number().int().min(1).max(20),
    family: z.string().regex(/^[a-z-]{2,40}$/, 'Unknown stone family'),
    category: z.enum(['Natural', 'Lab-Grown']).optional(),
    filters: z
      .object({
        colorMax: z.number().int().min(0).max(9).optional(),
        clarityMax: z.number().int().min(0).max(9).optional(),
        priceMax: z.number().int().min(0).max(100_000_000).optional(),
      })
      .strict()
      .optional(),
    sort: z.enum(STONE_SORTS).default('price-asc'),
    limit: z.number().int().min(1).max(48).default(24),
  })
  .strict();

export const configuredStone = z.object({
  kind: z.enum(['diamond', 'gemstone', 'melee']),
  id: z.number(),
  title: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  settingLabourCents: z.number().int(),
  totalCents: z.number().int(),
  href: z.string().nullable(),
});
export type ConfiguredStone = z.infer<typeof configuredStone>;

export const stoneChoice = z
  .object({
    location: z.number().int().min(1).max(20),
    kind: z.enum(['diamond', 'gemstone', 'melee']),
    id,
  })
  .strict();
export type StoneChoiceInput = z.infer<typeof stoneChoice>;

export const configureBody = z
  .object({
    groupId: id,
    /** A metal quality code; whether the piece is made in it is the service's rule (422). */
    metal: z.string().trim().min(1).max(10),
    size: z.number().min(1).max(16).optional(),
    widthMm: z.number().min(1).max(12).optional(),
    style: z.string().trim().min(1).max(40).optional(),
    stones: z.array(stoneChoice).max(20).default([]),
  })
  .strict();
export type ConfigureInput = z.infer<typeof configureBody>;

export const configuredProduct = z.object({
  sku: z.string(),
  title: z.string(),
  images: z.array(z.object({ FullUrl: z.string() })),
  breakdown: z.array(
    z.object({ kind: z.string(), label: z.string(), cents: z.number().int(), location: z.number().optional() }),
  ),
  /** The configuration as chosen so far. */
  totalCents: z.number().int(),
  /** Stone locations the piece is sold with that are still empty: it cannot be bought until they are filled. */
  missing: z.array(z.object({ location: z.number().int(), label: z.string() })),
  /** The least the finished piece costs today: totalCents plus the cheapest stones that fit what is missing. */
  fromCents: z.number().int(),
  /** The stones that make `fromCents` (the cheapest that fit what is missing), by name. */
  fromStones: z.array(z.string()),
  /** The configuration priced `fromCents`: what is chosen, with those stones. */
  fromConfiguration: configureBody,
  /**
   * The least any whole configuration of the design costs today (its card's "from"), what it is and
   * how to reach it; null when nothing fits today. Only the configure-product answer carries it.
   */
  least: z
    .object({
      cents: z.number().int(),
      wasCents: z.number().int().optional(),
      title: z.string(),
      /** Its metal and shape, as a sentence names them ("14K White Gold, size 3"). */
      choices: z.string(),
      stones: z.array(z.string()),
      configuration: configureBody,
    })
    .nullable()
    .optional(),
  /** The sale on the piece: `wasCents` is totalCents before it (the breakdown ends with the sale's line). */
  ...onSale,
  configuration: configureBody,
  /** The chosen stones' photographs by location (a diamond or gemstone that has one). */
  stonePhotos: z.array(z.object({ location: z.number().int(), photo: photoAnswer })),
});
export type ConfiguredProduct = z.infer<typeof configuredProduct>;
