import { CARRIERS, type Carrier } from '@facet/contracts/admin';
import {
  TRACKING_STATES,
  type AdminShipment,
  type OrderShipments,
  type TrackingState,
} from '@facet/contracts/shipping';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MediaStore } from '../media-store/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { Conflict, NotFound, Unprocessable } from '../../errors.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { audit, type Actor } from '../audit/index.ts';
import { advanceByCarrier, orderAfterSale, unpaidReason, type BackOfficeDeps, type OrderRow } from '../order/index.ts';
import {
  CarrierRefused,
  parcelOf,
  type BoughtLabel,
  type LabelRequest,
  type ShipAddress,
  type ShippingProvider,
} from '../carrier/index.ts';
import { shippingRepository as repo, type ShipmentRow } from './repository.ts';

// Labels, their PDFs and tracking after the sale (rates and address checks at checkout: carrier/).

export interface ShippingDeps extends BackOfficeDeps {
  shipping: ShippingProvider;
  /** Where label PDFs are kept, with the store's other media files (never at a public address). */
  media: MediaStore;
}

/** A bought label's PDF in the media store: staff print it through its shipment only. */
const labelFile = (shipmentId: number) => `label/shipment-${shipmentId}.pdf`;

/**
 * Records a bought label with its PDF: the file first (a bucket cannot join the transaction; the
 * database store writes it in it), and taken out again if the record fails. Answers what `record`
 * answers.
 */
async function keepLabel<T>(deps: ShippingDeps, shipmentId: number, pdf: Buffer, record: (tx: DbOrTx) => Promise<T>) {
  try {
    return await deps.db.transaction(async (tx) => {
      await deps.media.put(labelFile(shipmentId), pdf, 'application/pdf', tx);
      return record(tx);
    });
  } catch (e) {
    await deps.media.remove([labelFile(shipmentId)]).catch(() => {});
    throw e;
  }
}

/** "580 Fifth Avenue, Suite 1200, New York, NY 10036" → where labels ship from. */
export function fromAddressOf(settings: StoreSettings): ShipAddress {
  const parts = settings.store.address.split(',').map((p) => p.trim());
  const stateZip = parts.at(-1)?.match(/^([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/);
  if (!stateZip || parts.length < 3)
    throw new Unprocessable(
      'Write the store’s address in Settings as street, city, state and ZIP code (like 580 Fifth Avenue, New York, NY 10036): labels ship from it.',
    );
  const [line1, ...middle] = parts.slice(0, -2);
  return {
    name: settings.store.name,
    line1: line1!,
    line2: middle.join(', '),
    city: parts.at(-2)!,
    state: stateZip[1]!,
    zip: stateZip[2]!,
    country: 'US',
    phone: settings.store.phone,
  };
}

const shipTo = (o: OrderRow): ShipAddress => {
  const a = o.shippingAddress as unknown as ShipAddress & { line1: string };
  return { ...a, country: a.country || 'US' };
};

/** What is shipped: the merchandise after its discount (gift cards travel by e-mail). */
async function goodsOf(db: Db, o: OrderRow) {
  const lines = (await orderAfterSale.lines(db, o.id)).filter((l) => l.kind !== 'gift-card');
  const value = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  return {
    valueCents: Math.max(0, value - o.discountCents),
    pieces: lines.reduce((s, l) => s + l.quantity, 0),
  };
}

const labelUrl = (id: number) => `/api/admin/shipments/${id}/label.pdf`;
const KNOWN_STATES = new Set<string>(TRACKING_STATES);

const shape = (s: ShipmentRow): AdminShipment | null =>
  s.boughtAt
    ? {
        id: s.id,
        kind: s.kind,
        carrier: s.carrier ?? '',
        service: s.service ?? '',
        trackingNumber: s.trackingNumber ?? '',
        trackingUrl: s.trackingUrl,
        insuredCents: s.insuredCents,
        signature: s.signature,
        costCents: s.costCents,
        state: (KNOWN_STATES.has(s.state) ? s.state : 'label_bought') as TrackingState,
        labelUrl: labelUrl(s.id),
        boughtAt: s.boughtAt,
        boughtBy: s.createdBy,
      }
    : null;

async function orderByNumber(db: Db, number: string) {
  const o = await orderAfterSale.byNumber(db, number);
  if (!o) throw new NotFound(`There is no order ${number}.`);
  return o;
}

/** Why "Buy label" is not offered for this order now (null: it is). */
const cannotBuy = (deps: ShippingDeps, o: OrderRow, outbound: AdminShipment | null): string | null =>
  deps.shipping.name === 'fixed'
    ? 'No carrier service is connected: buy the label at the carrier and enter its tracking number when the order ships.'
    : outbound
      ? null
      : o.status !== 'ready_to_ship'
        ? 'A label is bought once the order is ready to ship.'
        : unpaidReason(o);

export async function orderShipments(deps: ShippingDeps, number: string): Promise<OrderShipments> {
  const o = await orderByNumber(deps.db, number);
  const rows = await repo.forOrder(deps.db, o.id);
  const shipments = rows.map(shape).filter((s): s is AdminShipment => s !== null);
  const goods = await goodsOf(deps.db, o);
  const settings = deps.settings.current();
  return {
    shipments,
    cannotBuy: cannotBuy(deps, o, shipments.find((s) => s.kind === 'outbound') ?? null),
    wouldInsureCents: goods.valueCents,
    wouldNeedSignature: goods.valueCents >= settings.signatureOverCents,
  };
}

interface LabelState {
  deps: ShippingDeps;
  actor: Actor;
  number: string;
  o?: OrderRow;
  row?: Pick<ShipmentRow, 'id' | 'providerShipmentId'>;
  req?: LabelRequest;
  label?: BoughtLabel;
  pdf?: Buffer;
  done?: boolean;
}

/**
 * Buying an order's label, step by step. The carrier's shipment is kept before anything is bought,
 * under the order's lock, so a retry (a second click, a timeout, a failure after any step) buys that
 * same shipment, which the carrier sells once: it answers the label it sold, never a second one. The
 * PDF and the record are kept together (the file removed again if the record fails).
 */
export const ORDER_LABEL_STEPS: Array<Step<LabelState>> = [
  {
    name: 'prepare shipment',
    async run(s) {
      const settings = s.deps.settings.current();
      await s.deps.db.transaction(async (tx) => {
        const o = await orderAfterSale.lock(tx, s.number);
        if (!o) throw new NotFound(`There is no order ${s.number}.`);
        s.o = o;
        const existing = await repo.outbound(tx, o.id);
        if (existing?.boughtAt) {
          s.done = true;
          return;
        }
        const why = cannotBuy(s.deps, o, null);
        if (why) throw new Conflict(why);
        const goods = await goodsOf(tx as Db, o);
        s.req = {
          from: fromAddressOf(settings),
          to: shipTo(o),
          parcel: parcelOf(settings, goods),
          method: o.shippingMethod as LabelRequest['method'],
          service: o.shippingService ?? null,
          signature: goods.valueCents >= settings.signatureOverCents,
          insureCents: goods.valueCents,
          reference: o.number,
        };
        if (existing) {
          s.row = existing;
          return;
        }
        const shipmentId = await s.deps.shipping.prepareLabel(s.req);
        const id = await repo.prepare(tx, {
          orderId: o.id,
          kind: 'outbound',
          returnNumber: null,
          provider: s.deps.shipping.name,
          providerShipmentId: shipmentId,
          signature: s.req.signature,
          by: s.actor.email,
        });
        s.row = { id, providerShipmentId: shipmentId };
      });
    },
  },
  {
    name: 'buy label',
    async run(s) {
      s.label = await s.deps.shipping.buyLabel(s.row!.providerShipmentId, s.req!);
    },
  },
  {
    name: 'fetch label',
    async run(s) {
      s.pdf = await s.deps.shipping.labelPdf(s.label!.labelPdfUrl);
    },
  },
  {
    name: 'keep label',
    async run(s) {
      const { o, row, req, label } = s as Required<Pick<LabelState, 'o' | 'row' | 'req' | 'label'>>;
      const actor = s.actor;
      await keepLabel(s.deps, row.id, s.pdf!, async (tx) => {
        if (!(await repo.bought(tx, row.id, label))) return;
        // The order carries its tracking from now (marking it shipped by hand needs nothing typed).
        const carrier = CARRIERS.find((c) => c.toLowerCase() === label.carrier.toLowerCase());
        if (carrier) await orderAfterSale.setTracking(tx, o.id, carrier, label.trackingNumber);
        await orderAfterSale.event(tx, {
          orderId: o.id,
          type: 'label',
          visibleToCustomer: false,
          data: {
            carrier: label.carrier,
            service: label.service,
            trackingNumber: label.trackingNumber,
            insuredCents: label.insuredCents,
            signature: req.signature,
            costCents: label.costCents,
          },
          staff: actor,
        });
        await audit(tx, actor, 'order.label', 'order', o.number, null, {
          carrier: label.carrier,
          service: label.service,
          trackingNumber: label.trackingNumber,
          insuredCents: label.insuredCents,
          costCents: label.costCents,
        });
      });
    },
  },
];

/**
 * Buys the order's label: insured for what is in the box, signed for at or above the store's
 * threshold, with the carrier and service the shopper was quoted — once (ORDER_LABEL_STEPS).
 */
export async function buyOrderLabel(
  deps: ShippingDeps,
  actor: Actor,
  number: string,
  hooks?: FlowHooks,
): Promise<OrderShipments> {
  await runFlow('buy order label', ORDER_LABEL_STEPS, { deps, actor, number }, hooks);
  return orderShipments(deps, number);
}

interface ReturnLabelState {
  deps: ShippingDeps;
  actor: Actor;
  r: { number: string; orderId: number; valueCents: number; pieces: number };
  req?: LabelRequest;
  row?: ShipmentRow;
  label?: BoughtLabel;
  pdf?: Buffer;
  done?: boolean;
}

/**
 * Buying a return's label, step by step, once per return: the carrier's shipment kept first (two
 * approvals at once keep one), so a retry after a failure at any step buys that same shipment,
 * which the carrier sells once; the PDF and the record kept together.
 */
export const RETURN_LABEL_STEPS: Array<Step<ReturnLabelState>> = [
  {
    name: 'prepare shipment',
    async run(s) {
      const { deps, r } = s;
      const o = await orderAfterSale.byId(deps.db, r.orderId);
      if (!o) throw new NotFound('There is no such order.');
      const settings = deps.settings.current();
      s.req = {
        from: shipTo(o),
        to: fromAddressOf(settings),
        parcel: parcelOf(settings, { valueCents: r.valueCents, pieces: r.pieces }),
        method: 'standard',
        service: null,
        signature: r.valueCents >= settings.signatureOverCents,
        insureCents: r.valueCents,
        reference: r.number,
        isReturn: true,
      };
      let row = await repo.forReturn(deps.db, r.number);
      if (!row) {
        const shipmentId = await deps.shipping.prepareLabel(s.req);
        // Two approvals at once: the unique index keeps one return shipment; the loser reads it.
        await deps.db
          .transaction(async (tx) => {
            await repo.prepare(tx, {
              orderId: o.id,
              kind: 'return',
              returnNumber: r.number,
              provider: deps.shipping.name,
              providerShipmentId: shipmentId,
              signature: s.req!.signature,
              by: s.actor.email,
            });
          })
          .catch((err: unknown) => {
            if (!isUniqueViolation(err, 'shipment_return_once')) throw err;
          });
        row = (await repo.forReturn(deps.db, r.number))!;
      }
      s.row = row;
      if (row.boughtAt) s.done = true;
    },
  },
  {
    name: 'buy label',
    async run(s) {
      s.label = await s.deps.shipping.buyLabel(s.row!.providerShipmentId, s.req!);
    },
  },
  {
    name: 'fetch label',
    async run(s) {
      s.pdf = await s.deps.shipping.labelPdf(s.label!.labelPdfUrl);
    },
  },
  {
    name: 'keep label',
    async run(s) {
      const { row, label } = s as Required<Pick<ReturnLabelState, 'row' | 'label'>>;
      await keepLabel(s.deps, row.id, s.pdf!, (tx) => repo.bought(tx, row.id, label));
    },
  },
];

/**
 * A prepaid, insured return label for an approved return: from the customer's address to the store,
 * bought once per return (a second ask answers the same label). Answers the PDF to send them.
 */
export async function buyReturnLabel(
  deps: ShippingDeps,
  actor: Actor,
  r: { number: string; orderId: number; valueCents: number; pieces: number },
  hooks?: FlowHooks,
): Promise<{ filename: string; pdf: Buffer }> {
  if (deps.shipping.name === 'fixed')
    throw new Unprocessable('No carrier service is connected: attach a label bought at the carrier instead.');
  const s = await runFlow('buy return label', RETURN_LABEL_STEPS, { deps, actor, r }, hooks);
  const file = await deps.media.get(labelFile(s.row!.id));
  if (!file) throw new CarrierRefused('The carrier did not give a label for this return.');
  return { filename: `return-label-${r.number}.pdf`, pdf: file.bytes };
}

/** The label's PDF, for printing. */
export async function labelPdf(deps: Pick<ShippingDeps, 'db' | 'media'>, id: number) {
  const row = await repo.boughtOne(deps.db, id);
  const file = row ? await deps.media.get(labelFile(id)) : null;
  if (!row || !file) throw new NotFound('There is no label with this number.');
  return { pdf: file.bytes, filename: `label-${row.returnNumber ?? row.trackingNumber ?? id}.pdf` };
}

/** What the store did with a tracking update. */
export type TrackingResult =
  { applied: true; order: string; state: TrackingState; moved: string[] } | { applied: false; reason: string };

const RANK: Partial<Record<TrackingState, number>> = {
  label_bought: 0,
  pre_transit: 1,
  in_transit: 2,
  out_for_delivery: 3,
  delivered: 4,
};

/**
 * A tracking update (its signature already checked): the shipment takes the new state, and an
 * outbound parcel moves its order to shipped at the first scan and delivered on delivery, e-mailing
 * the customer as each step does. Updates arriving late (in transit after delivered) change nothing.
 */
export async function applyTracking(
  deps: ShippingDeps,
  u: { trackingNumber: string; shipmentId: string | null; state: TrackingState; detail: string; at: string },
): Promise<TrackingResult> {
  const found = await deps.db.transaction(async (tx) => {
    const s = await repo.tracked(tx, u.trackingNumber, u.shipmentId);
    if (!s) return null;
    const was = RANK[s.state as TrackingState];
    const now = RANK[u.state];
    const forward = was === undefined || now === undefined || now > was;
    if (forward && s.state !== u.state) {
      await repo.setState(tx, s.id, u.state);
      await orderAfterSale.event(tx, {
        orderId: s.orderId,
        type: 'tracking',
        visibleToCustomer: false,
        data: { kind: s.kind, returnNumber: s.returnNumber, state: u.state, detail: u.detail, at: u.at },
      });
    }
    return { s, forward };
  });
  if (!found) return { applied: false, reason: `No shipment of this store has tracking number ${u.trackingNumber}.` };
  const { s, forward } = found;
  const o = await orderAfterSale.byId(deps.db, s.orderId);
  const moved: string[] = [];
  const carrier = CARRIERS.find((c) => c.toLowerCase() === (s.carrier ?? '').toLowerCase()) as Carrier | undefined;
  if (forward && s.kind === 'outbound' && o && carrier && (RANK[u.state] ?? 0) >= RANK.in_transit!)
    moved.push(
      ...(await advanceByCarrier(deps, o.number, u.state === 'delivered' ? 'delivered' : 'shipped', {
        carrier,
        trackingNumber: s.trackingNumber!,
        signature: s.signature,
      })),
    );
  return { applied: true, order: o?.number ?? '', state: u.state, moved };
}
