import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customerOrder } from '../order/schema.ts';

/**
 * A label bought from the carrier service for an order (or a return): its shipment there, the
 * tracking it reports, the PDF to print. One outbound label per order; its shipment id is kept
 * before the label is bought, so a retry or a second click buys that same shipment, never another.
 */
export const shipment = pgTable(
  'shipment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'outbound' | 'return'>().notNull(),
    /** For a return label: the return's number. */
    returnNumber: text('return_number'),
    provider: text('provider').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    /** 'label_bought' once paid for, then what tracking reports (contracts/shipping.ts). */
    state: text('state').notNull().default('prepared'),
    carrier: text('carrier'),
    service: text('service'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    insuredCents: integer('insured_cents').notNull().default(0),
    signature: boolean('signature').notNull(),
    costCents: integer('cost_cents').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    boughtAt: timestamp('bought_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shipment_outbound_once')
      .on(t.orderId)
      .where(sql`kind = 'outbound'`),
    uniqueIndex('shipment_return_once')
      .on(t.returnNumber)
      .where(sql`kind = 'return'`),
    uniqueIndex('shipment_tracking_idx').on(t.trackingNumber),
    index('shipment_order_idx').on(t.orderId),
  ],
);
