import { z } from 'zod';
import { PRICE_MAX_CENTS } from './admin-catalogue.ts';
import { LINE_KINDS, type LineKind } from './commerce.ts';

// Discount codes: what a code takes off (a percentage or an amount of the eligible lines, or the
// shipping), on what (kinds of line, categories), when (a start and an end), for whom (first order
// only, a list of e-mails) and how often (uses in all and per customer). The store's rule holds:
// the server works every discount out, and the shopper is told why a code does not apply.

/** What a cart line is: loose diamonds are left out of a code unless it names them, as jewellers do. */
export { LINE_KINDS, type LineKind };
export const LINE_KIND_NAMES: Record<LineKind, string> = {
  product: 'jewelry',
  configured: 'rings made to order',
  diamond: 'loose diamonds',
  gemstone: 'loose gemstones',
  melee: 'melee',
  'gift-card': 'gift cards',
  custom: 'custom work',
};
/**
 * What a code may take money off: never gift cards (money bought with a discount would be free
 * money), nor a commission's own lines (its quote is the price agreed).
 */
export const CODE_LINE_KINDS = LINE_KINDS.filter((k) => k !== 'gift-card' && k !== 'custom');
export const DISCOUNT_KINDS = ['percent', 'amount', 'free-shipping'] as const;

export const DISCOUNT_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
/**
 * The one answer for a code that does not exist and for one that is not this shopper's (it was made
 * for other e-mail addresses): a guesser learns nothing from which of the two it was.
 */
export const CODE_NOT_APPLICABLE =
  'We cannot apply this code. Check its spelling; a code sent to you works once you sign in, or enter the e-mail it was sent to at checkout.';
/** Wrong codes one client, or one cart, may try in an hour (guessing is made slow, as for gift cards). */
export const DISCOUNT_TRIES_PER_HOUR = 10;
const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(DISCOUNT_CODE, 'Letters, digits and dashes, 3 to 32 characters (like HOLIDAY20)');

export const discountBody = z
  .object({
    code,
    /** What the shopper reads beside the discount ("Holiday 20% off"). */
    name: z.string().trim().min(2, 'Name it for the shopper').max(60, 'At most 60 characters'),
    kind: z.enum(DISCOUNT_KINDS),
    /** Percent off in basis points (2000 = 20 %). */
    percentBp: z.number().int().min(100, 'At least 1 %').max(9_000, 'At most 90 %').nullable(),
    amountCents: z.number().int().min(100, 'At least $1.00').max(PRICE_MAX_CENTS).nullable(),
    minSubtotalCents: z.number().int().min(0).max(PRICE_MAX_CENTS).default(0),
    appliesTo: z
      .array(z.enum(LINE_KINDS))
      .min(1, 'Choose what it takes money off')
      .refine((k) => !k.includes('gift-card'), 'A code never takes money off gift cards')
      .refine((k) => new Set(k).size === k.length, 'Listed twice'),
    /** Only pieces in these categories (and their children); null: any category. */
    categoryIds: z.array(z.number().int().positive()).max(50).nullable(),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    maxUses: z.number().int().min(1).max(1_000_000).nullable(),
    perCustomer: z.number().int().min(1).max(100).nullable(),
    firstOrderOnly: z.boolean().default(false),
    /** Only these shoppers (by e-mail); null: anyone. */
    emails: z.array(z.email('An e-mail address')).max(1_000).nullable(),
    combines: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.kind === 'percent' && d.percentBp === null)
      ctx.addIssue({ code: 'custom', path: ['percentBp'], message: 'How much off, in percent' });
    if (d.kind === 'amount' && d.amountCents === null)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'How much off, in dollars' });
    if (d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Ends after it starts' });
  });
export type DiscountInput = z.infer<typeof discountBody>;

export const adminDiscount = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percentBp: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
  minSubtotalCents: z.number().int(),
  appliesTo: z.array(z.enum(LINE_KINDS)),
  categoryIds: z.array(z.number().int()).nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  perCustomer: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  emails: z.array(z.string()).nullable(),
  combines: z.boolean(),
  active: z.boolean(),
  /** Orders that used it (cancelled ones give their use back). */
  uses: z.number().int(),
  /** Generated with others as single-use codes (null: a code of its own). */
  batch: z.string().nullable(),
  version: z.number().int(),
  createdBy: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscount>;
export const discountUpdateBody = z.object({ version: z.number().int().min(1), discount: discountBody }).strict();

/**
 * Single-use codes for an event: `discount` is the template (its code is the prefix), and `count`
 * codes PREFIX-XXXXXXXX are made from it, each usable once.
 */
export const discountBatchBody = z
  .object({ count: z.number().int().min(2, 'At least 2').max(1_000, 'At most 1,000 at once'), discount: discountBody })
  .strict()
  .refine((b) => b.discount.code.length <= 23, {
    path: ['discount', 'code'],
    message: 'A prefix is at most 23 characters (each code adds 9)',
  });
export const discountBatchMade = z.object({ batch: z.string(), count: z.number().int() });

// Automatic sales: a percentage off every piece in a scope (categories with their children,
// designs, metals) between two times, with no code. When two sales cover a piece, the larger
// percentage applies; they never stack. A discount code is worked out on the sale price.

export const saleBody = z
  .object({
    /** What the shopper reads beside the price ("Black Friday"). */
    name: z.string().trim().min(2, 'Name it for the shopper').max(40, 'At most 40 characters'),
    percent: z.number().int().min(1, 'At least 1 %').max(90, 'At most 90 %'),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    /** Pieces in these categories and every category under them (none, and no designs: every piece). */
    categoryIds: z.array(z.number().int().positive()).max(50),
    /** Designs by style number (R1042). */
    designs: z.array(z.string().trim().toUpperCase().min(1).max(40)).max(500),
    /** Only in these metals (none: any metal). */
    metals: z.array(z.string().trim().min(1).max(12)).max(20),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (Date.parse(s.endsAt) <= Date.parse(s.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Ends after it starts' });
  });
export type SaleInput = z.infer<typeof saleBody>;
export const saleUpdateBody = z.object({ version: z.number().int().min(1), sale: saleBody }).strict();

export const adminSale = z.object({
  id: z.number().int(),
  name: z.string(),
  percent: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  categoryIds: z.array(z.number().int()),
  designs: z.array(z.string()),
  metals: z.array(z.string()),
  active: z.boolean(),
  version: z.number().int(),
  createdBy: z.string(),
  /** Now, ahead, or over (or stopped by staff). */
  state: z.enum(['on', 'scheduled', 'over', 'stopped']),
});
export type AdminSale = z.infer<typeof adminSale>;
/** The sales, newest first, and the categories a sale may name. */
export const adminSales = z.object({
  sales: z.array(adminSale),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), section: z.string() })),
});
