import { z } from 'zod';
import { emailField } from './account.ts';
import { browserPayment, cardBody } from './commerce.ts';

// Service tickets: resizing, repairs, cleaning, plating and appraisals, for a piece bought here
// (its order line) or brought to the counter. An estimate the customer approves and pays from an
// e-mailed link; each step e-mailed.

export const TICKET_NUMBER_RE = /^SVC-[0-9A-HJKMNP-TV-Z]{8}$/;

export const SERVICE_KINDS = ['resize', 'repair', 'cleaning', 'rhodium', 'appraisal'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  resize: 'Resize',
  repair: 'Repair',
  cleaning: 'Cleaning and polish',
  rhodium: 'Rhodium plating',
  appraisal: 'Appraisal',
};

/**
 * (requested by the customer online →) received → estimated → approved → in work → ready → returned
 * (or declined by the customer). A free resize goes from received straight to approved.
 */
export const TICKET_STATUSES = [
  'requested',
  'received',
  'estimated',
  'approved',
  'in_work',
  'ready',
  'returned',
  'declined',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  requested: 'Requested — waiting for the piece',
  received: 'Received',
  estimated: 'Estimate sent',
  approved: 'Approved',
  in_work: 'In work',
  ready: 'Ready to collect',
  returned: 'Returned',
  declined: 'Declined',
};
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = [
  'requested',
  'received',
  'estimated',
  'approved',
  'in_work',
  'ready',
];
/** The steps staff move a ticket along once it is approved. */
export const TICKET_NEXT: Partial<Record<TicketStatus, TicketStatus>> = {
  /** The piece a customer asked about online has come in (a free resize is approved then). */
  requested: 'received',
  approved: 'in_work',
  in_work: 'ready',
  ready: 'returned',
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date');
const version = z.number().int().min(1);

/** POST /api/admin/service-tickets — at the counter, or for a line of an order (by number and place). */
export const newTicketBody = z
  .object({
    kind: z.enum(SERVICE_KINDS, 'Choose the service'),
    customer: z
      .object({
        name: z.string().trim().min(2, 'Write the customer’s name').max(120),
        email: emailField,
        phone: z.string().trim().max(40).default(''),
      })
      .strict(),
    piece: z.string().trim().min(3, 'Describe the piece (metal, stones, marks)').max(300),
    /** Bought here: the order and the line's place on it. */
    order: z
      .object({
        number: z.string().regex(/^FCT-[0-9A-HJKMNP-TV-Z]{8}$/, 'An order number like FCT-…'),
        line: z.number().int().min(0).max(200),
      })
      .strict()
      .nullable()
      .default(null),
    /** A resize: the finger size to make it. */
    targetSize: z.number().min(2, 'A size from 2').max(16, 'A size up to 16').multipleOf(0.25).nullable().default(null),
    notes: z.string().trim().max(2_000).default(''),
    dueOn: day,
  })
  .strict()
  .refine((t) => t.kind !== 'resize' || t.targetSize !== null, {
    message: 'Give the size to make it',
    path: ['targetSize'],
  });

export const estimateBody = z
  .object({
    version,
    amountCents: z.number().int().min(0, 'Cannot be negative').max(10_000_000, 'At most $100,000'),
    note: z.string().trim().min(3, 'Say what the work is').max(2_000),
    dueOn: day,
  })
  .strict();
/** The next step; a piece asked for online gets the day it will be ready as it comes in. */
export const ticketStepBody = z.object({ version, dueOn: day.optional() }).strict();

export const adminTicketRow = z.object({
  number: z.string(),
  kind: z.enum(SERVICE_KINDS),
  status: z.enum(TICKET_STATUSES),
  customer: z.string(),
  piece: z.string(),
  dueOn: z.string(),
  overdue: z.boolean(),
});
export const adminTicketList = z.object({ rows: z.array(adminTicketRow) });

export const adminTicket = z.object({
  number: z.string(),
  version: z.number().int(),
  kind: z.enum(SERVICE_KINDS),
  status: z.enum(TICKET_STATUSES),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  piece: z.string(),
  order: z.object({ number: z.string(), line: z.number().int(), title: z.string() }).nullable(),
  targetSize: z.number().nullable(),
  notes: z.string(),
  dueOn: z.string(),
  /** A free resize (a ring bought here, within the window, the first time): no estimate to pay. */
  free: z.boolean(),
  estimateCents: z.number().int().nullable(),
  estimateNote: z.string().nullable(),
  paid: z.object({ cents: z.number().int(), brand: z.string(), last4: z.string() }).nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  history: z.array(z.object({ at: z.string(), status: z.enum(TICKET_STATUSES), by: z.string() })),
  /** Photographs of the piece as it came in (staff only). */
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
export type AdminTicket = z.infer<typeof adminTicket>;

/** What the customer sees from the estimate e-mail's link. */
export const customerTicket = z.object({
  number: z.string(),
  kind: z.enum(SERVICE_KINDS),
  status: z.enum(TICKET_STATUSES),
  piece: z.string(),
  estimateCents: z.number().int().nullable(),
  estimateNote: z.string().nullable(),
  dueOn: z.string(),
  paid: z.boolean(),
  /** Stripe's payment for the browser to confirm (only in the answer that started it). */
  payment: browserPayment.nullable().default(null),
});
export type CustomerTicket = z.infer<typeof customerTicket>;

/** POST /api/service/:number/approve — the estimate's token and the card (the test provider; with Stripe none). */
export const approveEstimateBody = z.object({ token: z.string().min(10).max(100), card: cardBody.optional() }).strict();
export const declineEstimateBody = z.object({ token: z.string().min(10).max(100) }).strict();

/** What a customer may ask for online, for a piece of an order delivered to them. */
export const SHOPPER_SERVICE_KINDS = ['resize', 'repair'] as const;
export const SERVICE_PHOTOS_MAX = 6;

/** POST /api/order/:number/service — a resize or repair of one piece of the order. */
export const serviceRequestBody = z
  .object({
    line: z.number().int().min(0).max(200),
    kind: z.enum(SHOPPER_SERVICE_KINDS, 'Choose a resize or a repair'),
    targetSize: z.number().min(2, 'A size from 2').max(16, 'A size up to 16').multipleOf(0.25).nullable().default(null),
    note: z.string().trim().max(1_000, 'At most 1,000 characters').default(''),
  })
  .strict()
  .refine((b) => b.kind !== 'resize' || b.targetSize !== null, {
    message: 'Choose the size to make it',
    path: ['targetSize'],
  })
  .refine((b) => b.kind !== 'repair' || b.note.length >= 10, {
    message: 'Tell us what needs mending (a few words)',
    path: ['note'],
  });

/** GET /api/order/:number/service — each piece with what can be asked for it, and the requests so far. */
export const orderService = z.object({
  number: z.string(),
  lines: z.array(
    z.object({
      line: z.number().int(),
      title: z.string(),
      details: z.array(z.string()),
      image: z.string(),
      /** Service can be asked for this piece (a piece that was delivered and is not a gift card). */
      serviceable: z.boolean(),
      /** A ring or band that can be resized (not one with stones all the way round). */
      resizable: z.boolean(),
      /** Its resize would be free now (the first, within the store's window after delivery). */
      freeResize: z.boolean(),
      /** Why nothing can be asked for it (null when something can). */
      why: z.string().nullable(),
    }),
  ),
  /** Days after delivery within which a ring bought here is resized free (0: never). */
  freeResizeDays: z.number().int(),
  tickets: z.array(
    z.object({
      number: z.string(),
      kind: z.enum(SERVICE_KINDS),
      status: z.enum(TICKET_STATUSES),
      title: z.string(),
      targetSize: z.number().nullable(),
      free: z.boolean(),
      estimateCents: z.number().int().nullable(),
      photos: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type OrderService = z.infer<typeof orderService>;

/** GET /api/account/service — the signed-in customer's resizes and repairs, across their orders. */
export const accountService = z.object({
  tickets: z.array(
    z.object({
      number: z.string(),
      orderNumber: z.string(),
      kind: z.enum(SERVICE_KINDS),
      status: z.enum(TICKET_STATUSES),
      title: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type AccountService = z.infer<typeof accountService>;
