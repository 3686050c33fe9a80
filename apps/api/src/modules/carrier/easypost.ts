import EasyPostModule from '@easypost/api';
import type { ShippingMethod } from '@facet/contracts/commerce';
import { centsOf, decimalPrice } from '@facet/contracts/money';
import type { AddressCheck, TrackingState } from '@facet/contracts/shipping';
import { CarrierRefused, ShippingUnavailable } from './errors.ts';
import type { BoughtLabel, LabelRequest, MethodRates, Parcel, ShipAddress, ShippingProvider } from './provider.ts';

// EasyPost through its official SDK. Only the calls and fields the store uses are typed here (the
// SDK's own declarations do not type its default export as the class it is under ESM).

interface Client {
  Shipment: {
    create(params: object): Promise<unknown>;
    retrieve(id: string): Promise<unknown>;
    buy(id: string, rate: string, insurance: string | null): Promise<unknown>;
  };
  Address: { create(params: object): Promise<unknown> };
  Utils: { validateWebhook(body: Buffer, headers: Record<string, string>, secret: string): unknown };
}
const EasyPostClient = EasyPostModule as unknown as new (
  key: string,
  options: { baseUrl?: string; requestMiddleware?: (request: Deadline) => Deadline },
) => Client;
/** The SDK's superagent request, as far as a deadline needs it. */
interface Deadline {
  timeout(t: { response: number; deadline: number }): Deadline;
}

interface EpRate {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  delivery_days: number | null;
}
interface EpShipment {
  id: string;
  rates: EpRate[];
  tracking_code: string | null;
  selected_rate: EpRate | null;
  postage_label: { label_pdf_url: string | null; label_url: string } | null;
  insurance: string | null;
  tracker: { public_url: string | null } | null;
}
interface EpAddress {
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
  verifications?: { delivery?: { success: boolean; errors: Array<{ message: string }> } };
}
interface EpTracker {
  object: 'Tracker';
  tracking_code: string;
  status: string;
  shipment_id: string | null;
  updated_at: string;
  tracking_details?: Array<{ message: string; datetime: string }>;
}

/** Rates shoppers wait for at checkout; a label staff wait for. */
const RATE_TIMEOUT_MS = 5_000;
const LABEL_TIMEOUT_MS = 20_000;
/** How long a quote for one parcel to one address is reused (a shopper moving between steps). */
const QUOTE_TTL_MS = 5 * 60_000;
const QUOTES_KEPT = 500;

/** EasyPost writes amounts as decimal dollars ("31.50"). */
const dollars = decimalPrice;
const cents = (amount: string | null) => centsOf(Number(amount ?? 0));
const days = (n: number | null) => (n === null ? null : n === 1 ? '1 business day' : `${n} business days`);

/** The store's methods from the carrier's rates: the cheapest overall, within 2 days, and next day. */
export function methodRates(rates: EpRate[]): MethodRates {
  const cheapest = (fits: (r: EpRate) => boolean) =>
    rates.filter(fits).reduce<EpRate | null>((a, r) => (!a || cents(r.rate) < cents(a.rate) ? r : a), null);
  const picks: Record<ShippingMethod, EpRate | null> = {
    standard: cheapest(() => true),
    express: cheapest((r) => r.delivery_days !== null && r.delivery_days <= 2),
    overnight: cheapest((r) => r.delivery_days === 1),
  };
  const out: MethodRates = {};
  for (const [method, r] of Object.entries(picks) as Array<[ShippingMethod, EpRate | null]>)
    if (r)
      out[method] = {
        cents: cents(r.rate),
        days: days(r.delivery_days) ?? '',
        carrier: r.carrier,
        service: r.service,
      };
  return out;
}

const TRACKING: Record<string, TrackingState> = {
  pre_transit: 'pre_transit',
  unknown: 'pre_transit',
  in_transit: 'in_transit',
  available_for_pickup: 'out_for_delivery',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  return_to_sender: 'return_to_sender',
  failure: 'failure',
  cancelled: 'failure',
  error: 'failure',
};

const epAddress = (a: ShipAddress) => ({
  name: a.name,
  company: a.company || undefined,
  street1: a.line1,
  street2: a.line2 || undefined,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: a.country,
  phone: a.phone || undefined,
});

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().replace(/\s+/g, ' ').toUpperCase() === (b ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

/** An API error's status and words (the SDK's errors carry both). */
const refusal = (err: unknown): { status: number; message: string } | null => {
  const e = err as { statusCode?: number; message?: string };
  // 400, 404, 422: what was asked cannot be done. A 401 or 429 is the store's problem, not the address's.
  return e?.statusCode === 400 || e?.statusCode === 404 || e?.statusCode === 422
    ? { status: e.statusCode, message: e.message ?? '' }
    : null;
};

export function easyPostProvider(opts: { apiKey: string; webhookSecret: string; baseUrl?: string }): ShippingProvider {
  // The SDK keeps a `timeout` option but never applies it (8.9): each request gets its deadline here.
  const client = (ms: number) =>
    new EasyPostClient(opts.apiKey, {
      requestMiddleware: (request) => request.timeout({ response: ms, deadline: ms }),
      ...(opts.baseUrl ? { baseUrl: `${opts.baseUrl}/v2/` } : {}),
    });
  const quick = client(RATE_TIMEOUT_MS);
  const patient = client(LABEL_TIMEOUT_MS);
  const quotes = new Map<string, { at: number; rates: Promise<MethodRates> }>();

  const shipmentFor = (c: Client, req: Omit<LabelRequest, 'method' | 'service' | 'insureCents'>) =>
    c.Shipment.create({
      to_address: epAddress(req.to),
      from_address: epAddress(req.from),
      parcel: { weight: req.parcel.ounces, length: 8, width: 6, height: 4 },
      options: {
        label_format: 'PDF',
        delivery_confirmation: req.signature ? 'SIGNATURE' : 'NO_SIGNATURE',
        declared_value: dollars(req.parcel.valueCents),
      },
      reference: req.reference,
      ...(req.isReturn ? { is_return: true } : {}),
    }) as unknown as Promise<EpShipment>;

  return {
    name: 'easypost',
    async rates(to: ShipAddress, parcel: Parcel) {
      const key = JSON.stringify([to.line1, to.line2, to.city, to.state, to.zip, parcel.ounces, parcel.valueCents]);
      const kept = quotes.get(key);
      if (kept && Date.now() - kept.at < QUOTE_TTL_MS) return kept.rates;
      // A quote needs no store address: the carrier prices from the account's own default origin.
      const rates = (
        quick.Shipment.create({
          to_address: epAddress(to),
          parcel: { weight: parcel.ounces, length: 8, width: 6, height: 4 },
          options: { declared_value: dollars(parcel.valueCents) },
        }) as unknown as Promise<EpShipment>
      ).then(
        (s) => methodRates(s.rates),
        (err: unknown) => {
          quotes.delete(key);
          if (refusal(err))
            throw new CarrierRefused(
              'The carrier cannot deliver to this address. Please check the street, city and ZIP code.',
              { shippingAddress: 'Not deliverable' },
            );
          throw new ShippingUnavailable('rates', err);
        },
      );
      quotes.set(key, { at: Date.now(), rates });
      while (quotes.size > QUOTES_KEPT) quotes.delete(quotes.keys().next().value!);
      return rates;
    },

    async check(to) {
      let a: EpAddress;
      try {
        a = (await quick.Address.create({ ...epAddress(to), verify: true })) as unknown as EpAddress;
      } catch (err) {
        // An address the service cannot look up now is not the shopper's fault: they go on unchecked.
        if (!refusal(err)) return { status: 'unchecked' } satisfies AddressCheck;
        return { status: 'undeliverable', message: 'The carrier cannot deliver to this address. Please check it.' };
      }
      const delivery = a.verifications?.delivery;
      if (!delivery) return { status: 'unchecked' };
      if (!delivery.success)
        return {
          status: 'undeliverable',
          message: `The carrier cannot deliver to this address (${delivery.errors[0]?.message ?? 'not found'}). Please check the street and ZIP code.`,
        };
      const zip5 = a.zip.slice(0, 5);
      const changed =
        !same(a.street1, to.line1) ||
        !same(a.street2, to.line2) ||
        !same(a.city, to.city) ||
        !same(a.state, to.state) ||
        zip5 !== to.zip.slice(0, 5);
      return changed
        ? {
            status: 'corrected',
            suggestion: {
              line1: a.street1,
              line2: a.street2 ?? '',
              city: a.city,
              state: a.state as NonNullable<AddressCheck['suggestion']>['state'],
              zip: zip5,
            },
          }
        : { status: 'verified' };
    },

    async prepareLabel(req) {
      try {
        return (await shipmentFor(patient, req)).id;
      } catch (err) {
        const r = refusal(err);
        if (r) throw new CarrierRefused(`The carrier refused the shipment: ${r.message}`);
        throw new ShippingUnavailable('label', err);
      }
    },

    async buyLabel(shipmentId, req): Promise<BoughtLabel> {
      const label = (s: EpShipment): BoughtLabel => ({
        shipmentId: s.id,
        carrier: s.selected_rate!.carrier,
        service: s.selected_rate!.service,
        trackingNumber: s.tracking_code ?? '',
        trackingUrl: s.tracker?.public_url ?? null,
        costCents: cents(s.selected_rate!.rate),
        insuredCents: cents(s.insurance),
        labelPdfUrl: s.postage_label!.label_pdf_url ?? s.postage_label!.label_url,
      });
      const retrieve = async () => {
        try {
          return (await patient.Shipment.retrieve(shipmentId)) as unknown as EpShipment;
        } catch (err) {
          throw new ShippingUnavailable('label', err);
        }
      };
      const s = await retrieve();
      // Bought already (a retry, or two people at once): the label it has, never a second one.
      if (s.postage_label) return label(s);
      const wanted = req.service;
      const rate =
        (wanted && s.rates.find((r) => r.carrier === wanted.carrier && r.service === wanted.service)) ??
        (() => {
          const pick = methodRates(s.rates)[req.method];
          return pick && s.rates.find((r) => r.carrier === pick.carrier && r.service === pick.service);
        })();
      if (!rate) throw new CarrierRefused('The carrier no longer offers this service to the address.');
      try {
        return label(
          (await patient.Shipment.buy(
            shipmentId,
            rate.id,
            req.insureCents > 0 ? dollars(req.insureCents) : null,
          )) as unknown as EpShipment,
        );
      } catch (err) {
        // The other buyer won: their label is this one.
        const now = await retrieve();
        if (now.postage_label) return label(now);
        const r = refusal(err);
        if (r) throw new CarrierRefused(`The carrier refused the label: ${r.message}`);
        throw new ShippingUnavailable('label', err);
      }
    },

    async labelPdf(url) {
      const res = await fetch(url, { signal: AbortSignal.timeout(LABEL_TIMEOUT_MS) }).catch((err: unknown) => {
        throw new ShippingUnavailable('label', err);
      });
      if (!res.ok) throw new ShippingUnavailable('label', new Error(`label PDF: HTTP ${res.status}`));
      return Buffer.from(await res.arrayBuffer());
    },

    trackingUpdate(body, headers) {
      // Throws SignatureVerificationError unless EasyPost signed this very body with our secret.
      const event = quick.Utils.validateWebhook(body, headers as Record<string, string>, opts.webhookSecret) as {
        description?: string;
        result?: EpTracker;
      };
      const t = event.result;
      if (!event.description?.startsWith('tracker.') || t?.object !== 'Tracker') return null;
      const last = t.tracking_details?.at(-1);
      return {
        trackingNumber: t.tracking_code,
        shipmentId: t.shipment_id,
        state: TRACKING[t.status] ?? 'in_transit',
        detail: last?.message ?? t.status,
        at: last?.datetime ?? t.updated_at,
      };
    },
  };
}
