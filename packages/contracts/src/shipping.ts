import { z } from 'zod';
import { addressFields } from './account.ts';

// Shipping through a carrier service: the address checked at checkout, labels bought in the back
// office (insured, signed for above the store's threshold), tracking that moves the order on.

/** POST /api/checkout/address-check: the shipping address as typed. */
export const addressCheckBody = addressFields.strict();
export type AddressToCheck = z.input<typeof addressCheckBody>;

/**
 * What the carrier said of an address: deliverable as typed, deliverable as it would write it
 * (`suggestion`, which the shopper accepts or refuses), or not deliverable (`message` says why).
 * `unchecked`: the store ships at its own prices and checks nothing.
 */
export const addressCheck = z.object({
  status: z.enum(['verified', 'corrected', 'undeliverable', 'unchecked']),
  suggestion: addressFields.pick({ line1: true, line2: true, city: true, state: true, zip: true }).optional(),
  message: z.string().optional(),
});
export type AddressCheck = z.infer<typeof addressCheck>;

export const SHIPMENT_KINDS = ['outbound', 'return'] as const;
export const TRACKING_STATES = [
  'label_bought',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'return_to_sender',
  'failure',
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];
export const TRACKING_LABELS: Record<TrackingState, string> = {
  label_bought: 'Label bought',
  pre_transit: 'Waiting for the carrier',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  return_to_sender: 'Returning to us',
  failure: 'Carrier problem',
};

/** A label the store bought, as the order page shows it. */
export const adminShipment = z.object({
  id: z.number().int(),
  kind: z.enum(SHIPMENT_KINDS),
  carrier: z.string(),
  service: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  insuredCents: z.number().int(),
  signature: z.boolean(),
  costCents: z.number().int(),
  state: z.enum(TRACKING_STATES),
  /** The label to print (PDF), from the store (kept when bought). */
  labelUrl: z.string(),
  boughtAt: z.string(),
  boughtBy: z.string(),
});
export type AdminShipment = z.infer<typeof adminShipment>;

/** GET /api/admin/orders/:number/shipments: the labels, and whether the store can buy one. */
export const orderShipments = z.object({
  shipments: z.array(adminShipment),
  /** Null: "Buy label" is offered; else why not (no carrier service, not ready to ship…). */
  cannotBuy: z.string().nullable(),
  /** What a label bought now would be: insured for, signed for. */
  wouldInsureCents: z.number().int(),
  wouldNeedSignature: z.boolean(),
});
export type OrderShipments = z.infer<typeof orderShipments>;
