import { z } from 'zod';
import { ENGRAVING_FONTS, ENGRAVING_MAX_CHARS, engravingProblem, normaliseEngraving } from './engraving-rules.ts';

export * from './engraving-rules.ts';

/** What a design offers: where the words go, how many, in which fonts, for how much and how many more days. */
export const engravingOffer = z
  .object({
    place: z.string().trim().min(3, 'Say where the words go (like “inside the band”)').max(40, 'At most 40 characters'),
    maxChars: z
      .number()
      .int()
      .min(1, 'At least 1 character')
      .max(ENGRAVING_MAX_CHARS, `At most ${ENGRAVING_MAX_CHARS}`),
    fonts: z
      .array(z.enum(ENGRAVING_FONTS))
      .min(1, 'Offer at least one font')
      .refine((f) => new Set(f).size === f.length, 'A font is listed twice'),
    /** What engraving adds to the piece's price (0: free). */
    priceCents: z.number().int('Whole cents').min(0, 'Cannot be negative').max(100_000, 'At most $1,000.00'),
    /** Business days engraving adds before the piece ships. */
    days: z.number().int('Whole days').min(0, 'Cannot be negative').max(30, 'At most 30 days'),
  })
  .strict();
export type EngravingOffer = z.infer<typeof engravingOffer>;

/**
 * The shopper's words and font as sent with a piece. The characters are checked here; the design's
 * own limit and fonts are the cart's to check (it knows the design).
 */
export const engravingChoice = z
  .object({
    text: z
      .string()
      .max(200, 'At most 200 characters')
      .transform(normaliseEngraving)
      .superRefine((t, ctx) => {
        const problem = engravingProblem(t, ENGRAVING_MAX_CHARS);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    font: z.enum(ENGRAVING_FONTS, 'Choose a font'),
  })
  .strict();
export type EngravingChoice = z.infer<typeof engravingChoice>;

/** An engraving as a cart line, an order line and every document shows it. */
export const engravingOnLine = z.object({
  text: z.string(),
  font: z.enum(ENGRAVING_FONTS),
  place: z.string(),
  priceCents: z.number().int(),
  days: z.number().int(),
});
export type EngravingOnLine = z.infer<typeof engravingOnLine>;
