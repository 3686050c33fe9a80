import { z } from 'zod';
import { browserPayment, cardBody, taxLine } from './commerce.ts';

// Returns and exchanges (RMA): what a shopper asks for from a delivered order, and each step staff
// take with it. Shared by the API (validation) and the storefront and back office (forms).

export const RETURN_NUMBER_RE = /^RMA-[0-9A-HJKMNP-TV-Z]{8}$/;

export const RETURN_REASONS = ['does-not-fit', 'not-as-pictured', 'changed-mind', 'arrived-damaged', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  'does-not-fit': 'It does not fit',
  'not-as-pictured': 'It is not as pictured',
  'changed-mind': 'I changed my mind',
  'arrived-damaged': 'It arrived damaged',
  other: 'Another reason',
};

export const RESOLUTIONS = ['refund', 'exchange'] as const;

/**
 * Where a return stands: asked → approved (or declined) → received → inspected → refunded; an
 * exchange ends exchanged instead (through awaiting payment when the replacement costs more).
 */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'declined',
  'received',
  'inspected',
  'refunded',
  'awaiting-payment',
  'exchanged',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  received: 'Received',
  inspected: 'Inspected',
  refunded: 'Refunded',
  'awaiting-payment': 'Awaiting payment',
  exchanged: 'Exchanged',
};
/** Waiting for staff: the dashboard's work queue counts these. */
export const STAFF_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received', 'inspected'];
/** Not finished yet (also an exchange waiting for the customer's payment): the returns list shows these. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = [...STAFF_RETURN_STATUSES, 'awaiting-payment'];

export const INSPECTIONS = ['as-expected', 'damaged'] as const;

const quantity = z.number().int().min(1, 'At least one').max(10);
const message = z.string().trim().max(1_000, 'At most 1,000 characters');

/** POST /api/order/:number/returns — the lines by their place on the order. */
export const returnRequestBody = z
  .object({
    lines: z
      .array(z.object({ line: z.number().int().min(0).max(200), quantity }).strict())
      .min(1, 'Choose what you are returning')
      .max(50)
      .refine((l) => new Set(l.map((x) => x.line)).size === l.length, 'A piece is listed twice'),
    reason: z.enum(RETURN_REASONS, 'Choose a reason'),
    note: message.default(''),
    resolution: z.enum(RESOLUTIONS, 'Choose a refund or an exchange'),
    /** An exchange: what the shopper would like instead (another size, length, metal or piece). */
    exchangeFor: z.string().trim().max(300, 'At most 300 characters').default(''),
  })
  .strict()
  .refine((b) => b.resolution !== 'exchange' || b.exchangeFor.length >= 3, {
    message: 'Tell us what you would like instead',
    path: ['exchangeFor'],
  });

/** The replacement staff offer for an exchange: priced today, less the credit of what came back. */
export const exchangeOffer = z.object({
  lines: z.array(
    z.object({
      sku: z.string(),
      refId: z.number().int(),
      title: z.string(),
      details: z.array(z.string()),
      image: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      lineTotalCents: z.number().int(),
      /** Sold from what is on hand: the replacement order takes it from stock. */
      onHand: z.boolean(),
    }),
  ),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  /** The jurisdictions of that tax, and the tax service's calculation (recorded once the replacement is placed). */
  taxLines: z.array(taxLine).default([]),
  taxCalculation: z.string().nullable().default(null),
  /** The replacement ships free: its total is the pieces and their tax. */
  totalCents: z.number().int(),
  /** What came back is worth this (its share of what was paid, with tax, less any restocking fee). */
  creditCents: z.number().int(),
  /** Positive: the shopper pays it; negative: refunded to the original payment. */
  differenceCents: z.number().int(),
  /** The replacement's order, once made. */
  orderNumber: z.string().nullable(),
});
export type ExchangeOffer = z.infer<typeof exchangeOffer>;

/** POST /api/order/:number/returns/:rma/pay — the difference of an exchange, by card (test provider) or Stripe. */
export const payDifferenceBody = z.object({ card: cardBody.optional() }).strict();

/** One line of an order as the return form shows it: how many can still be returned, or why none. */
export const returnableLine = z.object({
  line: z.number().int(),
  title: z.string(),
  details: z.array(z.string()),
  image: z.string(),
  quantity: z.number().int(),
  returnable: z.number().int(),
  why: z.string().nullable(),
});

export const returnSummary = z.object({
  number: z.string(),
  status: z.enum(RETURN_STATUSES),
  resolution: z.enum(RESOLUTIONS),
  createdAt: z.string(),
  lines: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
  /** Staff's words to the shopper (return instructions, or why it was declined). */
  message: z.string().nullable(),
  refundCents: z.number().int().nullable(),
  /** How many photographs the shopper added. */
  photos: z.number().int(),
  exchangeFor: z.string(),
  exchange: exchangeOffer.nullable(),
});
/** At most this many photographs on one return request. */
export const RETURN_PHOTOS_MAX = 3;

/** GET /api/order/:number/returns */
export const orderReturns = z.object({
  number: z.string(),
  /** The last day a return can be asked for (null: not delivered yet). */
  until: z.string().nullable(),
  returnDays: z.number().int(),
  lines: z.array(returnableLine),
  returns: z.array(returnSummary),
  /** Stripe's payment for the browser to confirm (only in the answer that started it). */
  payment: browserPayment.nullable().default(null),
});
export type OrderReturns = z.infer<typeof orderReturns>;

// --- Back office ---

const version = z.number().int().min(1);
const staffMessage = z.string().trim().min(3, 'Write a message to the customer').max(2_000);
/** A prepaid label, as a PDF (base64), at most 2 MB. */
export const LABEL_MAX_BYTES = 2 * 1024 * 1024;

export const approveReturnBody = z
  .object({
    version,
    message: staffMessage,
    label: z
      .object({
        filename: z
          .string()
          .trim()
          .regex(/^[\w .-]{1,80}\.pdf$/i, 'A PDF file name'),
        base64: z.string().max(Math.ceil((LABEL_MAX_BYTES * 4) / 3) + 4, 'The label is at most 2 MB'),
      })
      .strict()
      .nullable()
      .default(null),
    /** Buy the prepaid, insured return label from the store's carrier service (instead of attaching one). */
    carrierLabel: z.boolean().optional().default(false),
  })
  .strict();
export const declineReturnBody = z.object({ version, message: staffMessage }).strict();
export const receiveReturnBody = z.object({ version }).strict();
export const inspectReturnBody = z
  .object({
    version,
    condition: z.enum(INSPECTIONS, 'Say how it came back'),
    /** Back on sale: stones for sale again, stock up by what came back. */
    restock: z.boolean(),
    note: z.string().trim().max(1_000).default(''),
  })
  .strict();
export const refundReturnBody = z.object({ version }).strict();

/** The replacement for an exchange: catalogue pieces by SKU (another size, length, metal or design). */
export const exchangeReturnBody = z
  .object({
    version,
    lines: z
      .array(
        z
          .object({
            sku: z.string().trim().min(1, 'Enter a SKU').max(60),
            quantity,
          })
          .strict(),
      )
      .min(1, 'Add the replacement')
      .max(10)
      .refine((l) => new Set(l.map((x) => x.sku.toUpperCase())).size === l.length, 'A SKU is listed twice'),
    /** Price it and show the difference without making anything. */
    preview: z.boolean().default(false),
  })
  .strict();

export const adminReturnQuery = z
  .object({
    status: z.enum([...RETURN_STATUSES, 'open']).default('open'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const adminReturnRow = z.object({
  number: z.string(),
  orderNumber: z.string(),
  customer: z.string(),
  email: z.string(),
  status: z.enum(RETURN_STATUSES),
  resolution: z.enum(RESOLUTIONS),
  items: z.number().int(),
  createdAt: z.string(),
});
/** GET /api/admin/orders/:number/returns — the order's returns, newest first, and what each still owes the customer. */
export const staffOrderReturns = z.object({
  returns: z.array(
    adminReturnRow.pick({ number: true, status: true, resolution: true, items: true, createdAt: true }).extend({
      /** The pieces are back and the resolution is a refund not yet given: what the refund will be. */
      owedCents: z.number().int(),
    }),
  ),
});
export type StaffOrderReturns = z.infer<typeof staffOrderReturns>;
export const adminReturnList = z.object({
  rows: z.array(adminReturnRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReturnList = z.infer<typeof adminReturnList>;

export const adminReturn = z.object({
  number: z.string(),
  version: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  resolution: z.enum(RESOLUTIONS),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  createdAt: z.string(),
  order: z.object({ number: z.string(), email: z.string(), customer: z.string(), deliveredAt: z.string().nullable() }),
  lines: z.array(
    z.object({
      line: z.number().int(),
      kind: z.string(),
      title: z.string(),
      details: z.array(z.string()),
      image: z.string(),
      quantity: z.number().int(),
      /** Made to order (a configured ring): its refund is less the restocking fee. */
      madeToOrder: z.boolean(),
    }),
  ),
  message: z.string().nullable(),
  label: z.string().nullable(),
  condition: z.enum(INSPECTIONS).nullable(),
  restocked: z.boolean(),
  inspectionNote: z.string().nullable(),
  /** What a refund gives back now: the lines' share of what was paid (with tax), less the fee. */
  quote: z.object({ goodsCents: z.number().int(), taxCents: z.number().int(), feeCents: z.number().int() }),
  refundCents: z.number().int().nullable(),
  exchangeFor: z.string(),
  exchange: exchangeOffer.nullable(),
  history: z.array(z.object({ at: z.string(), what: z.string(), by: z.string() })),
  /** The shopper's photographs (staff only). */
  photos: z.array(
    z.object({
      key: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      small: z.string(),
      large: z.string(),
    }),
  ),
});
export type AdminReturn = z.infer<typeof adminReturn>;
