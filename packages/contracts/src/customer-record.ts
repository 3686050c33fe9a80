import { z } from 'zod';

// What a customer keeps with the store (and staff keep for them): ring sizes by finger, a partner's
// name, and the dates the store may write before (with their consent).

export const FINGERS = ['ring', 'middle', 'index', 'little', 'thumb'] as const;
export const HANDS = ['left', 'right'] as const;
export const DATE_KINDS = ['anniversary', 'birthday', 'partner-birthday'] as const;
export type DateKind = (typeof DATE_KINDS)[number];
export const DATE_KIND_LABELS: Record<DateKind, string> = {
  anniversary: 'Anniversary',
  birthday: 'Birthday',
  'partner-birthday': 'Partner’s birthday',
};
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** Days in each month, February with its leap day (a date kept is a day of the year, not of one year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const ringSizeEntry = z
  .object({
    finger: z.enum(FINGERS),
    hand: z.enum(HANDS),
    size: z
      .number()
      .min(3, 'Sizes run from 3')
      .max(13, 'Sizes run to 13')
      .refine((n) => Number.isInteger(n * 4), 'Quarter sizes at most (6.25)'),
  })
  .strict();
export type RingSizeEntry = z.infer<typeof ringSizeEntry>;

export const keptDate = z
  .object({
    kind: z.enum(DATE_KINDS),
    month: z.number().int().min(1).max(12),
    day: z.number().int().min(1).max(31),
  })
  .strict()
  .refine((d) => d.day <= MONTH_DAYS[d.month - 1]!, { message: 'That month has fewer days', path: ['day'] });
export type KeptDate = z.infer<typeof keptDate>;

export const customerRecord = z
  .object({
    partnerName: z.string().trim().max(80, 'At most 80 characters').default(''),
    ringSizes: z.array(ringSizeEntry).max(10, 'At most 10 sizes').default([]),
    dates: z.array(keptDate).max(10, 'At most 10 dates').default([]),
  })
  .strict()
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.ringSizes.forEach((s, i) => {
      const k = `${s.hand} ${s.finger}`;
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: ['ringSizes', i], message: `The ${k} finger is listed twice` });
      seen.add(k);
    });
  });
export type CustomerRecord = z.infer<typeof customerRecord>;
/** The record as answered (already checked on the way in). */
export const customerRecordOut = z.object({
  partnerName: z.string(),
  ringSizes: z.array(z.object({ finger: z.enum(FINGERS), hand: z.enum(HANDS), size: z.number() })),
  dates: z.array(z.object({ kind: z.enum(DATE_KINDS), month: z.number().int(), day: z.number().int() })),
});

export const dateText = (d: Pick<KeptDate, 'month' | 'day'>) => `${MONTHS[d.month - 1]} ${d.day}`;
