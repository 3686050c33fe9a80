import { z } from 'zod';

/** What a webhook can be told about; each delivery names one. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'return.received',
  'stone.sold',
  'product.changed',
  'customer.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.placed': 'Order placed',
  'order.paid': 'Order paid',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Order refunded',
  'return.received': 'Return received',
  'stone.sold': 'Stone sold',
  'product.changed': 'Product changed',
  'customer.created': 'Customer created',
};

/** Retried with back-off for this long after the event, then given up. */
export const WEBHOOK_RETRY_HOURS = 24;
/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'facet-signature';

export const webhookEndpointBody = z
  .object({
    url: z
      .string()
      .trim()
      .max(500)
      .url('Enter the full address, starting with https://')
      .refine((u) => /^https?:\/\//i.test(u), 'Enter the full address, starting with https://'),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length),
    description: z.string().trim().max(200).default(''),
    active: z.boolean().default(true),
  })
  .strict();
export type WebhookEndpointBody = z.infer<typeof webhookEndpointBody>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

export const adminWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  /** Deliveries of the last 7 days by state. */
  recent: z.object({ delivered: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
});
export type AdminWebhookEndpoint = z.infer<typeof adminWebhookEndpoint>;

/** Answered once, when the endpoint is made: the secret is never shown again. */
export const createdWebhookEndpoint = adminWebhookEndpoint.extend({ secret: z.string() });

export const webhookAttempt = z.object({
  at: z.string(),
  status: z.number().int().nullable(),
  answer: z.string(),
  error: z.string().nullable(),
  ms: z.number().int(),
});

export const adminWebhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string(),
  /** An event, or the owner's `ping`. */
  event: z.enum([...WEBHOOK_EVENTS, 'ping']),
  endpointId: z.number().int(),
  endpointUrl: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  payload: z.unknown(),
  log: z.array(webhookAttempt),
});
export type AdminWebhookDelivery = z.infer<typeof adminWebhookDelivery>;

export const webhookDeliveryQuery = z
  .object({
    endpoint: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
  })
  .strict();
