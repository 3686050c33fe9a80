import { z } from 'zod';
import { addressFields, emailField } from './account.ts';
import { browserPayment, cardBody } from './commerce.ts';

// Commissions: a quote staff write for one customer (pieces and stones the store sells, and lines
// of their own: a design fee, a CAD rendering, labour, a stone to be sourced), with a deposit and an
// expiry. Every change is a new version; the customer accepts one version, pays its deposit, and
// that makes the order. Amounts are worked out by the server once, when the version is made.

export const QUOTE_NUMBER_RE = /^QTE-[0-9A-HJKMNP-TV-Z]{8}$/;

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'withdrawn', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** A quote stays open at most this long (the stones it names are held for as long). */
export const QUOTE_MAX_DAYS = 30;
export const QUOTE_MAX_LINES = 20;

const cents = (what: string) =>
  z
    .number({ error: `Enter ${what} in cents` })
    .int(`Enter ${what} in whole cents`)
    .min(0, `${what.replace(/^./, (c) => c.toUpperCase())} cannot be negative`)
    .max(100_000_000, `${what.replace(/^./, (c) => c.toUpperCase())} is at most $1,000,000`);

/**
 * What staff put on a quote: a piece by SKU, a stone by stock or certificate number (priced from
 * today's catalogue), or a line of their own with its own price.
 */
export const quoteLineInput = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('piece'),
      sku: z.string().trim().min(1, 'Enter the SKU').max(60),
      quantity: z.number().int().min(1).max(10).default(1),
    })
    .strict(),
  z
    .object({
      kind: z.literal('ring'),
      /** A configured piece's SKU as the configurator and the cart show it (SERIES:METAL:S7:…:L1D123). */
      sku: z.string().trim().min(3, 'Enter the configured SKU').max(200),
    })
    .strict(),
  z
    .object({
      kind: z.literal('stone'),
      /** The stone's stock number or certificate number. */
      ref: z.string().trim().min(1, 'Enter the stock or certificate number').max(60),
    })
    .strict(),
  z
    .object({
      kind: z.literal('custom'),
      title: z.string().trim().min(2, 'Name the line').max(120, 'At most 120 characters'),
      description: z.string().trim().max(500, 'At most 500 characters').default(''),
      priceCents: cents('the price'),
      quantity: z.number().int().min(1).max(10).default(1),
    })
    .strict(),
]);
export type QuoteLineInput = z.input<typeof quoteLineInput>;

export const depositRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), percent: z.number().int().min(1).max(100) }).strict(),
  z.object({ kind: z.literal('amount'), cents: cents('the deposit').refine((c) => c > 0, 'Enter a deposit') }).strict(),
]);
export type DepositRule = z.infer<typeof depositRule>;

const trimmedText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** A new version of a quote (a new quote is its first version). */
export const quoteVersionBody = z
  .object({
    lines: z
      .array(quoteLineInput)
      .min(1, 'Put at least one line on the quote')
      .max(QUOTE_MAX_LINES, `At most ${QUOTE_MAX_LINES} lines`),
    deposit: depositRule,
    /** The last day the customer may accept it, in the store's calendar (YYYY-MM-DD). */
    expiresOn: z.iso.date('Choose the last day the quote may be accepted'),
    /** To the customer: what this version is (and, for a new version, what changed). */
    message: trimmedText(2000).default(''),
    /** The version the editor started from (absent for a new quote): a stale save answers 409. */
    baseVersion: z.number().int().min(1).optional(),
  })
  .strict();

export const newQuoteBody = quoteVersionBody.omit({ baseVersion: true }).extend({
  email: emailField,
  /** Where the piece goes: its sales tax is worked out for it when each version is made. */
  address: addressFields.strict(),
});

/** A line as the version keeps it: priced, with what it holds. */
export const quoteLine = z.object({
  kind: z.enum(['piece', 'ring', 'stone', 'custom']),
  title: z.string(),
  details: z.array(z.string()),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** A piece's SKU, a stone's stock number (what staff typed to find it). */
  ref: z.string().nullable(),
  /** The named stones the quote holds while it is open (a loose stone, or a ring's). */
  stones: z.array(z.object({ kind: z.enum(['diamond', 'gemstone']), id: z.number().int() })),
  /** A configured ring: what the order makes (its melee taken from stock when accepted). */
  configuration: z.unknown().optional(),
  melee: z.object({ id: z.number().int(), stones: z.number().int() }).nullable().optional(),
  /** A piece on hand: accepting takes it from stock. */
  productId: z.number().int().nullable(),
  onHand: z.boolean(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

export const quoteAmounts = z.object({
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  depositCents: z.number().int(),
  /** What is left to pay when the piece is ready: total less deposit. */
  balanceCents: z.number().int(),
});

/** The deposit a rule asks of a total: a percentage rounded to the cent, or the amount (never more than the total). */
export function depositOf(rule: DepositRule, totalCents: number): number {
  const c = rule.kind === 'percent' ? Math.round((totalCents * rule.percent) / 100) : rule.cents;
  return Math.min(c, totalCents);
}

export const quoteVersion = z.object({
  number: z.number().int(),
  lines: z.array(quoteLine),
  amounts: quoteAmounts,
  taxLabel: z.string(),
  deposit: depositRule,
  expiresOn: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** Since the version before it, in words ("Added: …", "Deposit: …"); empty for the first. */
  changes: z.array(z.string()),
});
export type QuoteVersion = z.infer<typeof quoteVersion>;

export const quoteFile = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  /** Where the customer (or staff) open it. */
  url: z.string(),
});

/** What the customer sees at the quote's link (or in their account). */
export const customerQuote = z.object({
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  name: z.string(),
  current: quoteVersion,
  /** Earlier versions, newest first. */
  history: z.array(quoteVersion),
  files: z.array(quoteFile),
  /** The order accepting it made. */
  order: z
    .object({
      number: z.string(),
      status: z.string(),
      paidCents: z.number().int(),
      balanceCents: z.number().int(),
    })
    .nullable(),
  /** Stripe: the deposit the browser confirms. */
  payment: browserPayment.nullable(),
});
export type CustomerQuote = z.infer<typeof customerQuote>;

export const acceptQuoteBody = z
  .object({
    /** The version the customer read and accepts: a newer one refuses with the reason. */
    version: z.number().int().min(1),
    card: cardBody.optional(),
  })
  .strict();

export const accountQuotes = z.array(
  z.object({
    number: z.string(),
    status: z.enum(QUOTE_STATUSES),
    totalCents: z.number().int(),
    depositCents: z.number().int(),
    expiresOn: z.string(),
    updatedAt: z.string(),
  }),
);

// --- The back office ---
export const adminQuoteRow = z.object({
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  email: z.string(),
  name: z.string(),
  version: z.number().int(),
  totalCents: z.number().int(),
  depositCents: z.number().int(),
  expiresOn: z.string(),
  orderNumber: z.string().nullable(),
  updatedAt: z.string(),
});
export const adminQuoteList = z.array(adminQuoteRow);

export const adminQuote = adminQuoteRow.extend({
  address: addressFields.extend({ state: z.string(), country: z.string() }),
  userId: z.number().int().nullable(),
  versions: z.array(quoteVersion),
  files: z.array(quoteFile),
  /** What the quote holds now (stones "on hold" until its expiry), by title. */
  holds: z.array(z.string()),
  createdBy: z.string(),
  events: z.array(z.object({ at: z.string(), what: z.string(), by: z.string() })),
});
export type AdminQuote = z.infer<typeof adminQuote>;

/** A sketch or CAD rendering (JPEG, PNG or WebP) or a PDF, at most this large. */
export const QUOTE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const QUOTE_MAX_FILES = 12;
export const quoteFileQuery = z
  .object({ filename: z.string().trim().min(1, 'Name the file').max(120, 'At most 120 characters') })
  .strict();

export const quoteActionBody = z.object({ action: z.enum(['send', 'withdraw']) }).strict();

// --- An order paid in parts: its balance, paid at the e-mailed link ---
export const balanceAnswer = z.object({
  number: z.string(),
  status: z.string(),
  name: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  /** What is left to pay (0: paid in full, or cancelled). */
  balanceCents: z.number().int(),
  payments: z.array(z.object({ kind: z.string(), amountCents: z.number().int(), card: z.string(), at: z.string() })),
  /** Layaway: what is paid at this link now (the instalments due by today, or the next one) and what it is. */
  dueNow: z.object({ cents: z.number().int(), label: z.string() }).nullable().optional(),
  /** Stripe: the balance the browser confirms. */
  payment: browserPayment.nullable(),
});
export type BalanceAnswer = z.infer<typeof balanceAnswer>;
export const payBalanceBody = z.object({ token: z.string().max(100).optional(), card: cardBody.optional() }).strict();
