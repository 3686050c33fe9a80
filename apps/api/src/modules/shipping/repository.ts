import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { isoInstant } from '../../db/moments.ts';
import type { BoughtLabel } from '../carrier/index.ts';

export interface ShipmentRow {
  id: number;
  orderId: number;
  kind: 'outbound' | 'return';
  returnNumber: string | null;
  providerShipmentId: string;
  state: string;
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  insuredCents: number;
  signature: boolean;
  costCents: number;
  createdBy: string;
  boughtAt: string | null;
}

const COLS = sql`s.id, s.order_id as "orderId", s.kind, s.return_number as "returnNumber",
  s.provider_shipment_id as "providerShipmentId", s.state, s.carrier, s.service,
  s.tracking_number as "trackingNumber", s.tracking_url as "trackingUrl", s.insured_cents as "insuredCents",
  s.signature, s.cost_cents as "costCents", s.created_by as "createdBy", ${isoInstant('s.bought_at')} as "boughtAt"`;

export const shippingRepository = {
  forOrder: async (db: DbOrTx, orderId: number) =>
    rowsOf<ShipmentRow>(
      await db.execute(sql`select ${COLS} from shipment s where s.order_id = ${orderId} order by s.id`),
    ),
  outbound: async (db: DbOrTx, orderId: number) =>
    rowsOf<ShipmentRow>(
      await db.execute(sql`select ${COLS} from shipment s where s.order_id = ${orderId} and s.kind = 'outbound'`),
    )[0] ?? null,
  forReturn: async (db: DbOrTx, returnNumber: string) =>
    rowsOf<ShipmentRow>(
      await db.execute(
        sql`select ${COLS} from shipment s where s.return_number = ${returnNumber} and s.kind = 'return'`,
      ),
    )[0] ?? null,
  /** The shipment a tracking update is about: by its tracking number, else the carrier service's id. */
  tracked: async (db: DbOrTx, trackingNumber: string, providerShipmentId: string | null) =>
    rowsOf<ShipmentRow>(
      await db.execute(sql`select ${COLS} from shipment s
        where s.tracking_number = ${trackingNumber}
          or (${providerShipmentId}::text is not null and s.provider_shipment_id = ${providerShipmentId})
        order by s.id limit 1 for update`),
    )[0] ?? null,
  /** A shipment prepared at the carrier service, before its label is bought (kept first: a retry buys this one). */
  prepare: async (
    tx: DbOrTx,
    s: {
      orderId: number;
      kind: 'outbound' | 'return';
      returnNumber: string | null;
      provider: string;
      providerShipmentId: string;
      signature: boolean;
      by: string;
    },
  ) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into shipment (order_id, kind, return_number, provider, provider_shipment_id, signature, created_by)
        values (${s.orderId}, ${s.kind}, ${s.returnNumber}, ${s.provider}, ${s.providerShipmentId}, ${s.signature}, ${s.by})
        returning id`),
    )[0]!.id,
  /** The label bought: answers false when another request recorded it first. */
  bought: async (tx: DbOrTx, id: number, l: BoughtLabel) =>
    rowsOf(
      await tx.execute(sql`update shipment set state = 'label_bought', carrier = ${l.carrier}, service = ${l.service},
        tracking_number = ${l.trackingNumber}, tracking_url = ${l.trackingUrl}, insured_cents = ${l.insuredCents},
        cost_cents = ${l.costCents}, bought_at = now()
        where id = ${id} and bought_at is null returning id`),
    ).length > 0,
  setState: (tx: DbOrTx, id: number, state: string) =>
    tx.execute(sql`update shipment set state = ${state} where id = ${id}`),
  /** A shipment whose label was bought (its PDF is a media file: labelFile). */
  boughtOne: async (db: DbOrTx, id: number) =>
    rowsOf<{ orderId: number; trackingNumber: string | null; returnNumber: string | null }>(
      await db.execute(sql`select order_id as "orderId", tracking_number as "trackingNumber",
        return_number as "returnNumber" from shipment where id = ${id} and bought_at is not null`),
    )[0] ?? null,
};
