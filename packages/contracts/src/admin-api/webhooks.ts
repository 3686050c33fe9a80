import { z } from 'zod';
import {
  adminWebhookDelivery,
  adminWebhookEndpoint,
  createdWebhookEndpoint,
  webhookDeliveryQuery,
  webhookEndpointBody,
} from '../webhooks.ts';
import { op, idParams } from './shared.ts';

/** Outgoing webhooks: endpoints the store tells about its events, and what it delivered. */
export const WEBHOOKS_OPS = {
  'GET /webhooks': op({ access: 'webhooks:manage', answer: z.array(adminWebhookEndpoint) }),
  /** Answers the signing secret, once. */
  'POST /webhooks': op({
    access: 'webhooks:manage',
    body: webhookEndpointBody,
    answer: createdWebhookEndpoint,
    status: 201,
  }),
  'PUT /webhooks/:id': op({
    access: 'webhooks:manage',
    params: idParams,
    body: webhookEndpointBody,
    answer: adminWebhookEndpoint,
  }),
  'DELETE /webhooks/:id': op({
    access: 'webhooks:manage',
    params: idParams,
    answer: z.object({ deleted: z.boolean() }),
  }),
  /** Sends a `ping` to the endpoint now, signed as every delivery is. */
  'POST /webhooks/:id/ping': op({ access: 'webhooks:manage', params: idParams, answer: adminWebhookDelivery }),
  /** The latest 100 deliveries, newest first, with each attempt. */
  'GET /webhooks/deliveries': op({
    access: 'webhooks:manage',
    query: webhookDeliveryQuery,
    answer: z.array(adminWebhookDelivery),
  }),
  /** Sends a delivery again (same event id), now. */
  'POST /webhooks/deliveries/:id/replay': op({
    access: 'webhooks:manage',
    params: idParams,
    answer: adminWebhookDelivery,
  }),
} as const;
