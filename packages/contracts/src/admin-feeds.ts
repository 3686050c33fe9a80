import { z } from 'zod';

// Markup rules as staff edit them: cost → retail for supplier stones. The first rule (in order)
// matching a stone's origin, carat band and cost band decides; the last must cover every stone.

export const ROUNDINGS = ['cent', 'dollar', 'end-0', 'end-9'] as const;
export const ROUNDING_LABELS: Record<(typeof ROUNDINGS)[number], string> = {
  cent: 'to the cent',
  dollar: 'up to a whole dollar',
  'end-0': 'up to a price ending in 0',
  'end-9': 'up to a price ending in 9',
};
export const CARAT_POINTS_ANY = 1_000_000;
export const COST_CENTS_ANY = Number.MAX_SAFE_INTEGER;

export const markupRuleSchema = z
  .object({
    origin: z.enum(['natural', 'lab', 'any']),
    caratMin: z.number().int().min(0).max(CARAT_POINTS_ANY),
    caratMax: z.number().int().min(1).max(CARAT_POINTS_ANY),
    costMinCents: z.number().int().min(0).max(COST_CENTS_ANY),
    costMaxCents: z.number().int().min(1).max(COST_CENTS_ANY),
    /** Never below 1: a feed stone is never sold under its cost. */
    multiplier: z.number().min(1, 'A multiplier below 1 sells under cost').max(10, 'At most 10 × cost'),
    rounding: z.enum(ROUNDINGS),
  })
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
