import { z } from 'zod';
import { METAL_QUALITIES } from './metals.ts';

// Metal prices as staff set them: a price per gram for each metal, what a change would do to real
// items before it is saved, and the history of changes.

export const metalRate = z.object({
  quality: z.enum(METAL_QUALITIES),
  name: z.string(),
  centsPerGram: z.number().int(),
});
export type MetalRate = z.infer<typeof metalRate>;

/** GET /api/admin/metal-rates: today's prices and the last changes (newest first). */
export const metalRates = z.object({
  rates: z.array(metalRate),
  history: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      by: z.string(),
      quality: z.string(),
      fromCents: z.number().int(),
      toCents: z.number().int(),
    }),
  ),
});
export type MetalRates = z.infer<typeof metalRates>;

/** POST /api/admin/metal-rates/:quality/preview: a few items made of the metal, now and after. */
export const metalRatePreview = z.array(
  z.object({
    kind: z.enum(['piece', 'configured']),
    id: z.number().int(),
    title: z.string(),
    priceCents: z.number().int(),
    afterCents: z.number().int(),
  }),
);
export type MetalRatePreview = z.infer<typeof metalRatePreview>;

/** PUT /api/admin/metal-rates/:quality: the new price and how many prices it moved. */
export const metalRateSaved = z.object({
  quality: z.enum(METAL_QUALITIES),
  centsPerGram: z.number().int(),
  piecesRepriced: z.number().int(),
  configuredPricesChanged: z.number().int(),
});
export type MetalRateSaved = z.infer<typeof metalRateSaved>;
