import { z } from 'zod';
import { DATE_KINDS } from './customer-record.ts';
import { formatMoney } from './money.ts';

// Saved filters over customers, for the back office (who to write to, who to call): what they
// bought and when, what they have not, a date coming up, what they spent, whether they agreed to e-mails.

export const SEGMENT_PIECES = ['engagement', 'band', 'jewelry', 'chain', 'diamond', 'gemstone'] as const;
export type SegmentPiece = (typeof SEGMENT_PIECES)[number];
export const SEGMENT_PIECE_LABELS: Record<SegmentPiece, string> = {
  engagement: 'an engagement ring',
  band: 'a band',
  jewelry: 'jewelry',
  chain: 'a chain',
  diamond: 'a loose diamond',
  gemstone: 'a loose gemstone',
};

const months = z.number().int().min(0, 'From 0 months').max(240, 'At most 240 months');
export const segmentFilter = z
  .object({
    /** Bought this kind of piece between `fromMonths` and `toMonths` months ago (orders not cancelled). */
    bought: z
      .object({ piece: z.enum(SEGMENT_PIECES), fromMonths: months, toMonths: months })
      .strict()
      .optional(),
    /** And never bought this kind. */
    notBought: z.enum(SEGMENT_PIECES).optional(),
    /** A date they keep falls within the next `days` days. */
    dateWithin: z
      .object({ kind: z.enum([...DATE_KINDS, 'any']), days: z.number().int().min(1).max(366) })
      .strict()
      .optional(),
    /** Spent more than this, net of refunds. */
    spentOverCents: z.number().int().min(0).max(1_000_000_000).optional(),
    /** Only those who agreed to e-mails and have not unsubscribed. */
    agreedToEmails: z.boolean().optional(),
  })
  .strict()
  .refine((f) => !f.bought || f.bought.fromMonths <= f.bought.toMonths, {
    message: 'The first number of months comes before the second',
    path: ['bought', 'toMonths'],
  });
export type SegmentFilter = z.infer<typeof segmentFilter>;

export const segmentBody = z
  .object({
    name: z.string().trim().min(1, 'Name the segment').max(80, 'At most 80 characters'),
    filter: segmentFilter,
  })
  .strict();

export const segmentCustomer = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  orders: z.number().int(),
  spentCents: z.number().int(),
  lastOrderAt: z.string().nullable(),
  agreedToEmails: z.boolean(),
});
export const adminSegment = z.object({
  id: z.number().int(),
  name: z.string(),
  filter: segmentFilter,
  /** The filter in words ("Bought an engagement ring 9–12 months ago, and no band"). */
  description: z.string(),
  count: z.number().int(),
  updatedAt: z.string(),
});
export const segmentPreview = z.object({
  description: z.string(),
  count: z.number().int(),
  /** The first customers it finds (the export has them all). */
  customers: z.array(segmentCustomer),
});

const DATE_WORDS = {
  anniversary: 'an anniversary',
  birthday: 'a birthday',
  'partner-birthday': 'a partner’s birthday',
  any: 'a date they keep',
} as const;
const bare = (p: SegmentPiece) => SEGMENT_PIECE_LABELS[p].replace(/^an? /, '');

/** The filter said in words, for the list and the export's name. */
export function describeSegment(f: SegmentFilter): string {
  const parts: string[] = [];
  if (f.bought)
    parts.push(`bought ${SEGMENT_PIECE_LABELS[f.bought.piece]} ${f.bought.fromMonths}–${f.bought.toMonths} months ago`);
  if (f.notBought)
    parts.push(f.bought ? `and no ${bare(f.notBought)}` : `never bought ${SEGMENT_PIECE_LABELS[f.notBought]}`);
  if (f.dateWithin) parts.push(`${DATE_WORDS[f.dateWithin.kind]} in the next ${f.dateWithin.days} days`);
  if (f.spentOverCents !== undefined) parts.push(`spent over ${formatMoney(f.spentOverCents)}`);
  if (f.agreedToEmails) parts.push('agreed to e-mails');
  if (!parts.length) return 'Every customer';
  const s = parts.join(', ').replace(', and no', ' and no');
  return s[0]!.toUpperCase() + s.slice(1);
}
