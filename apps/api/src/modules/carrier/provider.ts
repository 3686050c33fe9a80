import type { ShippingMethod } from '@facet/contracts/commerce';
import type { AddressCheck, TrackingState } from '@facet/contracts/shipping';

/** An address as a carrier takes it. */
export interface ShipAddress {
  name: string;
  company?: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone?: string;
}

/** What is shipped: the box's weight and what its contents are worth (declared, and insured). */
export interface Parcel {
  ounces: number;
  valueCents: number;
}

/** One of the store's methods as the carrier prices it to this address. */
export interface MethodRate {
  cents: number;
  /** "2 business days", from the carrier's estimate. */
  days: string;
  carrier: string;
  service: string;
}
export type MethodRates = Partial<Record<ShippingMethod, MethodRate>>;

export interface LabelRequest {
  from: ShipAddress;
  to: ShipAddress;
  parcel: Parcel;
  method: ShippingMethod;
  /** The carrier and service the shopper was quoted, bought again if still offered. */
  service: { carrier: string; service: string } | null;
  signature: boolean;
  insureCents: number;
  /** The order or return it is for (shown on the carrier's records). */
  reference: string;
  /** A return label: the customer sends the parcel back to the store. */
  isReturn?: boolean;
}

export interface BoughtLabel {
  shipmentId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  trackingUrl: string | null;
  costCents: number;
  insuredCents: number;
  /** Where the carrier service keeps the label's PDF. */
  labelPdfUrl: string;
}

/** A tracking update as the carrier service reported it. */
export interface TrackingUpdate {
  trackingNumber: string;
  shipmentId: string | null;
  state: TrackingState;
  /** The latest scan, as the carrier words it ("Delivered, front desk"). */
  detail: string;
  at: string;
}

/**
 * Shipping: the store's own prices (offline, the default; labels bought elsewhere and tracking typed
 * by hand), or a carrier service that prices each method for the address and parcel, checks
 * addresses, sells insured labels and reports tracking by signed webhook (EasyPost).
 */
export interface ShippingProvider {
  readonly name: 'fixed' | 'easypost';
  /** The methods priced for this parcel to this address (null: the store's own prices apply). */
  rates(to: ShipAddress, parcel: Parcel): Promise<MethodRates | null>;
  check(to: ShipAddress): Promise<AddressCheck>;
  /** A label's shipment at the carrier (its id kept before buying, so a retry buys the same one). */
  prepareLabel(req: LabelRequest): Promise<string>;
  /** Buys the prepared shipment, or answers the label it already has: never two labels for one. */
  buyLabel(shipmentId: string, req: LabelRequest): Promise<BoughtLabel>;
  labelPdf(url: string): Promise<Buffer>;
  /** A webhook's update, once its signature holds; throws on a bad one. Null: not a tracking event. */
  trackingUpdate(body: Buffer, headers: Record<string, string | string[] | undefined>): TrackingUpdate | null;
}

const noCarrier = (): never => {
  throw new Error('No carrier service is configured (SHIPPING_PROVIDER=fixed).');
};

/** The store's three prices from its settings; nothing is asked of a carrier. */
export const fixedShippingProvider: ShippingProvider = {
  name: 'fixed',
  rates: async () => null,
  check: async () => ({ status: 'unchecked' }),
  prepareLabel: async () => noCarrier(),
  buyLabel: async () => noCarrier(),
  labelPdf: async () => noCarrier(),
  trackingUpdate: () => noCarrier(),
};
