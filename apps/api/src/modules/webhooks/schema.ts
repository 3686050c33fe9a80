import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Where the store tells about its events; the secret (sealed under the server's key) signs each delivery. */
export const webhookEndpoint = pgTable('webhook_endpoint', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: text('description').notNull().default(''),
  secretSealed: text('secret_sealed').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for one endpoint, written in the transaction of the change itself (triggers, migration
 * 0074), so an event is never lost and never told about a change that rolled back. Sent at least
 * once: an instance claims a due row for a while (claimed_until) before posting it.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: serial('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_delivery_event_key').on(t.eventId, t.endpointId),
    index('webhook_delivery_due_idx')
      .on(t.nextAt)
      .where(sql`state = 'pending'`),
    index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_delivery_state', sql`state in ('pending', 'delivered', 'failed')`),
  ],
);

/** Each try: what the receiver answered (the first 500 characters), or why nothing was. */
export const webhookAttempt = pgTable(
  'webhook_attempt',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDelivery.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    status: integer('status'),
    answer: text('answer').notNull().default(''),
    error: text('error'),
    ms: integer('ms').notNull(),
  },
  (t) => [index('webhook_attempt_delivery_idx').on(t.deliveryId, t.at)],
);
