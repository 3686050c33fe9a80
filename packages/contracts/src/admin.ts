import { z } from 'zod';
import { emailField, passwordField } from './account.ts';
import { orderSchema } from './commerce.ts';
import { boughtGiftCard } from './gift-cards.ts';
import { customerRecordOut } from './customer-record.ts';

// The back office: staff roles and what each may do, order statuses and their transitions, and
// the bodies and answers of /api/admin. One table of permissions serves the API guard, the route
// × role test and the admin navigation.

export const ROLES = ['owner', 'manager', 'fulfilment', 'support', 'sales'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'dashboard:read',
  'orders:read',
  'orders:fulfil',
  'orders:note',
  'orders:cancel',
  'orders:refund',
  'orders:mail',
  'catalogue:write',
  'prices:write',
  'imports:run',
  'customers:read',
  'customers:note',
  'staff:manage',
  'settings:manage',
  'audit:read',
  'appointments:manage',
  'content:write',
  'promotions:manage',
  'giftcards:manage',
  'returns:manage',
  'service:manage',
  'quotes:manage',
  'webhooks:manage',
  'reports:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: [
    'dashboard:read',
    'orders:read',
    'orders:fulfil',
    'orders:note',
    'orders:cancel',
    'orders:refund',
    'orders:mail',
    'catalogue:write',
    'prices:write',
    'imports:run',
    'customers:read',
    'customers:note',
    'appointments:manage',
    'content:write',
    'promotions:manage',
    'giftcards:manage',
    'returns:manage',
    'service:manage',
    'quotes:manage',
    'reports:read',
  ],
  fulfilment: ['dashboard:read', 'orders:read', 'orders:fulfil', 'orders:note'],
  support: [
    'dashboard:read',
    'orders:read',
    'orders:note',
    'orders:mail',
    'customers:read',
    'customers:note',
    'appointments:manage',
    'returns:manage',
    'service:manage',
  ],
  // Commissions: quotes for customers, and what they need to write them.
  sales: ['dashboard:read', 'orders:read', 'customers:read', 'customers:note', 'appointments:manage', 'quotes:manage'],
};
export const can = (role: Role, p: Permission) => ROLE_PERMISSIONS[role].includes(p);

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  fulfilment: 'Fulfilment',
  support: 'Support',
  sales: 'Sales',
};

// Orders after the sale: made to order, checked, shipped insured, delivered; or cancelled before shipping.
export const ORDER_STATUSES = [
  'placed',
  'in_production',
  'ready_to_ship',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  in_production: 'In production',
  ready_to_ship: 'Ready to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
/** The next steps from each status (cancelling is its own permission, and only before shipping). */
export const NEXT_STATUS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['in_production', 'cancelled'],
  in_production: ['ready_to_ship', 'cancelled'],
  ready_to_ship: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/**
 * The steps open to an order now. An order whose every piece is ready-made (loose stones, pieces
 * sold from what is on hand, nothing to engrave) may also skip production: straight to ready to
 * ship, or to shipped.
 */
export const nextStatuses = (status: OrderStatus, readyMade: boolean): readonly OrderStatus[] =>
  status === 'placed' && readyMade ? ['in_production', 'ready_to_ship', 'shipped', 'cancelled'] : NEXT_STATUS[status];

export const CARRIERS = ['UPS', 'FedEx', 'USPS'] as const;
export type Carrier = (typeof CARRIERS)[number];
const TRACKING: Record<Carrier, (n: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(n)}`,
};
export const trackingUrl = (carrier: Carrier, number: string) => TRACKING[carrier](number);

// ---- staff sign-in
export const staffLoginBody = z.object({ email: emailField, password: z.string().min(1).max(200) }).strict();
export const staffTotpBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
  })
  .strict();
export const staffSetPasswordBody = z.object({ token: z.string().min(20).max(100), password: passwordField }).strict();
export const staffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  totpEnabled: z.boolean(),
  /** Recovery codes not yet used (0 without two-factor). */
  recoveryCodesLeft: z.number().int(),
  /** How long a back-office session lasts (server settings): idle minutes, and hours in all. */
  session: z.object({ idleMinutes: z.number().int(), hours: z.number().int() }),
});
export type StaffMe = z.infer<typeof staffMe>;
/** The answer to a password sign-in: done, or the second factor still to give. */
export const staffLoginAnswer = z.union([
  z.object({ status: z.literal('signed-in'), staff: staffMe }),
  z.object({ status: z.literal('totp-required') }),
]);
/**
 * POST /api/admin/auth/totp/setup: the secret to add to an authenticator app, its otpauth:// link,
 * and that link as a QR code (an SVG path on a grid of `qrSize` modules, drawn here, no service).
 */
export const totpSetup = z.object({
  secret: z.string(),
  uri: z.string(),
  qrPath: z.string(),
  qrSize: z.number().int(),
});
/** How many recovery codes a member gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as typed: ten letters and digits, the dash and case optional. */
export const RECOVERY_CODE = /^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$/;
export const staffRecoveryBody = z
  .object({
    code: z.string().trim().regex(RECOVERY_CODE, 'Enter one of your recovery codes, like 7KQ2M-XW4TD'),
  })
  .strict();
/** Recovery codes, shown once: each signs in once without the authenticator. */
export const recoveryCodes = z.object({ message: z.string(), codes: z.array(z.string()) });
export type TotpSetup = z.infer<typeof totpSetup>;
/** POST /api/admin/staff: the new member, and the link to set a password (null when e-mailed). */
export const staffCreated = z.object({ staff: staffMe, setPasswordUrl: z.string().nullable() });

// ---- orders
const date = z.iso.date().optional();
export const ORDER_SORTS = ['placed-desc', 'placed-asc', 'total-desc', 'total-asc'] as const;
export const adminOrderQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    payment: z.enum(['paid', 'partially_refunded', 'refunded']).optional(),
    from: date,
    to: date,
    sort: z.enum(ORDER_SORTS).default('placed-desc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;

export const adminOrderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  placedAt: z.string(),
  email: z.string(),
  customerName: z.string(),
  itemCount: z.number().int(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
/**
 * Lists count matching orders up to this many: past it the answer says "10,000+" rather than
 * count every order on every page view (an exact count of 100,000 costs more than the page).
 */
export const ORDER_COUNT_CAP = 10_000;
export const adminOrderList = z.object({
  rows: z.array(adminOrderRow),
  /** Exact, unless `countCapped`: then at least this many. */
  count: z.number().int(),
  countCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderList>;

export const orderEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  visibleToCustomer: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});

export const adminStone = z.object({
  kind: z.enum(['diamond', 'gemstone']),
  id: z.number().int(),
  serial: z.string(),
  title: z.string(),
  certificate: z.string().nullable(),
  lab: z.string().nullable(),
  /** From a supplier's feed: confirmed with the supplier (when), before the card is charged. */
  supplier: z.boolean(),
  confirmedAt: z.string().nullable(),
});
export const adminOrder = orderSchema.omit({ accessToken: true }).extend({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  version: z.number().int(),
  customerName: z.string(),
  userId: z.number().int().nullable(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  /** The gift cards this order bought: refunding them takes back what is left on them. */
  boughtGiftCards: z.array(boughtGiftCard),
  /**
   * What can still be refunded while the gift cards it bought stay as they are: paid less refunded,
   * less the cards' value (what a card still holds comes back only when the card is taken back).
   */
  refundableCents: z.number().int(),
  /** Cancelled with money paid and not yet refunded: the customer is owed this much. */
  cancelledOwedCents: z.number().int(),
  /** 'pending': the shopper has not paid yet (Stripe); its stones are reserved until it lapses. */
  paymentState: z.enum(['pending', 'authorized', 'paid', 'expired', 'refunded']),
  /** The customer's bank disputes the payment: answer it in Stripe's dashboard. */
  disputed: z.boolean(),
  carrier: z.enum(CARRIERS).nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  stones: z.array(adminStone),
  events: z.array(orderEventSchema),
  next: z.array(z.enum(ORDER_STATUSES)),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const orderNumberParams = z.object({ number: z.string().max(20) }).strict();
export const orderStoneParams = z
  .object({ number: z.string().max(20), stone: z.coerce.number().int().positive() })
  .strict();
/** The back office's layaway plans: paid so far, the next instalment, what is late. */
export const adminLayawayPlan = z.object({
  number: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  placedAt: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  nextDueOn: z.string().nullable(),
  nextCents: z.number().int().nullable(),
  lateCents: z.number().int(),
  daysLate: z.number().int(),
  attempts: z.number().int(),
  cardSaved: z.boolean(),
  state: z.enum(['on-schedule', 'late', 'paid', 'cancelled']),
});
export const adminLayawayList = z.object({ plans: z.array(adminLayawayPlan) });
export type AdminLayawayPlan = z.infer<typeof adminLayawayPlan>;
export const supplierAnswer = z.object({
  /** The payment was taken (the last of the order's supplier stones confirmed). */
  captured: z.boolean().optional(),
  /** Voided: the closest stones on sale, as e-mailed to the customer. */
  alternatives: z
    .array(z.object({ id: z.number().int(), serial: z.string(), priceCents: z.number().int() }))
    .optional(),
});
const version = z.number().int().min(1);
export const trackingNumberField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{6,40}$/, 'A tracking number is 6–40 letters, digits or dashes');
export const orderStatusBody = z
  .object({
    version,
    status: z.enum(ORDER_STATUSES),
    /** Required to ship: who carries it and the number to follow it. */
    carrier: z.enum(CARRIERS).optional(),
    trackingNumber: trackingNumberField.optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .strict()
  .refine((b) => b.status !== 'shipped' || (b.carrier && b.trackingNumber), {
    message: 'Shipping needs the carrier and the tracking number',
    path: ['trackingNumber'],
  })
  .refine((b) => b.status !== 'cancelled' || (b.reason && b.reason.length >= 3), {
    message: 'Say why the order is cancelled',
    path: ['reason'],
  });
/** The steps many orders may take at once (cancelling stays one order at a time, with its reason). */
export const BULK_STATUSES = ['in_production', 'ready_to_ship', 'shipped', 'delivered'] as const;
/** How many orders one bulk step moves. */
export const BULK_ORDERS_MAX = 100;
/**
 * POST /api/admin/orders/bulk-status: move these orders one step, each in its own transaction (one
 * refused does not stop the rest); shipping takes each parcel's carrier and tracking number.
 */
export const bulkStatusBody = z
  .object({
    status: z.enum(BULK_STATUSES),
    orders: z
      .array(
        z
          .object({
            number: z.string().trim().max(20),
            carrier: z.enum(CARRIERS).optional(),
            trackingNumber: trackingNumberField.optional(),
          })
          .strict(),
      )
      .min(1, 'Choose at least one order')
      .max(BULK_ORDERS_MAX, `At most ${BULK_ORDERS_MAX} orders at once`)
      .refine((rows) => new Set(rows.map((r) => r.number)).size === rows.length, 'An order is listed twice'),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.status === 'shipped')
      b.orders.forEach((o, i) => {
        if (!o.carrier) ctx.addIssue({ code: 'custom', path: ['orders', i, 'carrier'], message: 'Choose the carrier' });
        if (!o.trackingNumber)
          ctx.addIssue({ code: 'custom', path: ['orders', i, 'trackingNumber'], message: 'Paste the tracking number' });
      });
  });
export const bulkStatusAnswer = z.object({
  status: z.enum(BULK_STATUSES),
  moved: z.array(z.string()),
  refused: z.array(z.object({ number: z.string(), reason: z.string() })),
});
export type BulkStatusAnswer = z.infer<typeof bulkStatusAnswer>;
export const customerNoteBody = z.object({ note: z.string().trim().min(1, 'Write the note').max(2_000) }).strict();
export const orderNoteBody = z
  .object({ version, note: z.string().trim().min(1, 'Write the note').max(2_000) })
  .strict();
export const orderRefundBody = z
  .object({
    version,
    amountCents: z.number().int().min(1, 'Refund at least one cent'),
    reason: z.string().trim().min(3, 'Say why you refund').max(500),
    /** Take back the gift cards the order bought (what is left on them, and they cannot be spent). */
    takeBackGiftCards: z.boolean().default(false),
  })
  .strict();

/** GET /api/admin/dashboard: sales over the last 1, 7 and 30 days, and orders by status. */
export const adminDashboard = z.object({
  periods: z.array(
    z.object({
      days: z.number().int(),
      orders: z.number().int(),
      revenueCents: z.number().int(),
      averageCents: z.number().int(),
      stones: z.number().int(),
    }),
  ),
  queue: z.partialRecord(z.enum(ORDER_STATUSES), z.number().int()),
  /** Returns waiting for staff (asked, approved, received, inspected). */
  returnsWaiting: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

/** A page of rows, as every back-office list answers. */
export const adminPage = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), count: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** GET /api/admin/audit: one staff write, what it changed (before → after) and who made it. */
export const auditEntry = z.object({
  id: z.number().int(),
  /** Null for the command line and for a member since removed. */
  staffId: z.number().int().nullable(),
  staffEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export const auditPage = adminPage(auditEntry);

/** GET /api/admin/customers: accounts, newest first, with what each has bought. */
export const adminCustomerRow = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  orders: z.number().int(),
  /** Paid less refunded, over every order. */
  spentCents: z.number().int(),
});
export const adminCustomerList = adminPage(adminCustomerRow);
export type AdminCustomerList = z.infer<typeof adminCustomerList>;

export const NEWSLETTER_STATES = ['not subscribed', 'subscribed', 'waiting for confirmation'] as const;
/** GET /api/admin/customers/:id: one account, its orders, addresses and staff notes (never a secret). */
export const adminCustomer = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  newsletter: z.enum(NEWSLETTER_STATES),
  notes: z.array(z.object({ id: z.number().int(), body: z.string(), by: z.string(), at: z.string() })),
  orders: z.array(
    z.object({
      number: z.string(),
      status: z.enum(ORDER_STATUSES),
      placedAt: z.string(),
      totalCents: z.number().int(),
      refundedCents: z.number().int(),
    }),
  ),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      company: z.string(),
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      phone: z.string(),
      isDefaultShipping: z.boolean(),
    }),
  ),
  /** Ring sizes, partner and dates, as the customer keeps them (staff may correct them). */
  record: customerRecordOut,
  /** Agreed to the store's e-mails (their account's choice), and not unsubscribed since. */
  marketing: z.boolean(),
});
export type AdminCustomer = z.infer<typeof adminCustomer>;
