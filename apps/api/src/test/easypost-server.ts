import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { centsOf, decimalPrice } from '@facet/contracts/money';

// A small, stateful server speaking the part of EasyPost's API the store uses, for tests on a
// machine without internet: addresses with verification, shipments with rates, buying a rate with
// insurance (a shipment bought once; buying it again is refused as EasyPost refuses it), retrieving
// a shipment, label PDFs, and tracker webhooks signed as EasyPost signs them (HMAC-SHA256 of the body
// with the webhook's secret, in X-Hmac-Signature). The official SDK talks to it through
// EASYPOST_API_BASE. What it cannot prove (real carriers' rates and transit times, USPS address
// data, EasyPost's exact error texts and retry schedule) is listed in docs/decisions/026-carrier-service.md.

interface Rate {
  id: string;
  object: 'Rate';
  shipment_id: string;
  carrier: string;
  service: string;
  rate: string;
  currency: 'USD';
  delivery_days: number | null;
}
interface Shipment {
  id: string;
  object: 'Shipment';
  reference: string | null;
  is_return: boolean;
  to_address: Record<string, unknown>;
  from_address: Record<string, unknown>;
  parcel: { weight: number };
  options: Record<string, unknown>;
  rates: Rate[];
  selected_rate: Rate | null;
  tracking_code: string | null;
  postage_label: { object: 'PostageLabel'; label_pdf_url: string; label_url: string } | null;
  insurance: string | null;
  tracker: { id: string; object: 'Tracker'; public_url: string } | null;
}

/** The carriers' services and transit times the local server offers, and what each costs per pound. */
const SERVICES = [
  { carrier: 'USPS', service: 'GroundAdvantage', days: 5, base: 980 },
  { carrier: 'UPS', service: 'Ground', days: 4, base: 1420 },
  { carrier: 'UPS', service: '2ndDayAir', days: 2, base: 3150 },
  { carrier: 'FedEx', service: 'PRIORITY_OVERNIGHT', days: 1, base: 5840 },
];

const ABBREVIATIONS: Array<[RegExp, string]> = [
  [/\bavenue\b/gi, 'AVE'],
  [/\bstreet\b/gi, 'ST'],
  [/\bfifth\b/gi, '5TH'],
  [/\bsuite\b/gi, 'STE'],
];
const normal = (s: string) => ABBREVIATIONS.reduce((t, [re, to]) => t.replace(re, to), s).toUpperCase();

/** A PDF a printer opens: one page with the tracking number on it. */
const labelPdf = (tracking: string) => {
  const text = `BT /F1 18 Tf 36 300 Td (${tracking}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class LocalEasyPost {
  readonly apiKey = 'EZTKfacetLocalServer0000000001';
  readonly webhookSecret = 'facet-local-easypost-webhook-secret';
  url = '';
  private server: Server | null = null;
  readonly shipments = new Map<string, Shipment>();
  /** Every label bought (what the store was charged for). */
  readonly purchases: Array<{ shipmentId: string; cents: number; insurance: string | null }> = [];
  /** Every request, in order (method and path). */
  readonly requests: string[] = [];
  /** Failure injection: answer every API call with 500, or only after a delay. */
  down = false;
  delayMs = 0;

  async start(port = 0) {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that points the store at this server. */
  env() {
    return {
      SHIPPING_PROVIDER: 'easypost' as const,
      EASYPOST_API_KEY: this.apiKey,
      EASYPOST_WEBHOOK_SECRET: this.webhookSecret,
      EASYPOST_API_BASE: this.url,
    };
  }

  /** A tracker.updated event for a shipment, signed with `secret` (the right one unless a test says). */
  trackerEvent(trackingCode: string, status: string, secret = this.webhookSecret) {
    const s = [...this.shipments.values()].find((x) => x.tracking_code === trackingCode);
    const at = new Date().toISOString();
    const body = JSON.stringify({
      object: 'Event',
      id: id('evt'),
      description: 'tracker.updated',
      mode: 'test',
      result: {
        object: 'Tracker',
        id: s?.tracker?.id ?? id('trk'),
        tracking_code: trackingCode,
        status,
        shipment_id: s?.id ?? null,
        carrier: s?.selected_rate?.carrier ?? 'UPS',
        updated_at: at,
        tracking_details: [
          {
            object: 'TrackingDetail',
            status,
            message: status === 'delivered' ? 'Delivered, signed for' : 'On its way',
            datetime: at,
          },
        ],
      },
    });
    const signature = `hmac-sha256-hex=${createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
      .update(body, 'utf8')
      .digest('hex')}`;
    return { body, headers: { 'content-type': 'application/json', 'x-hmac-signature': signature } };
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private refuse(res: ServerResponse, status: number, code: string, message: string) {
    this.send(res, status, { error: { code, message, errors: [] } });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? '').split('?')[0]!;
    this.requests.push(`${req.method} ${path}`);
    const label = path.match(/^\/labels\/(\w+)\.pdf$/);
    if (label && req.method === 'GET') {
      const s = this.shipments.get(label[1]!);
      if (!s?.tracking_code) return this.refuse(res, 404, 'NOT_FOUND', 'No such label');
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(labelPdf(s.tracking_code));
    }
    const auth = req.headers.authorization ?? '';
    if (auth !== `Basic ${Buffer.from(`${this.apiKey}:`).toString('base64')}`)
      return this.refuse(res, 401, 'APIKEY.REQUIRED', 'Invalid or missing API Key.');
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.down) return this.refuse(res, 500, 'INTERNAL_SERVER_ERROR', 'We are experiencing an issue.');
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, never>) : {};

    if (req.method === 'POST' && path === '/v2/addresses') return this.address(res, body);
    if (req.method === 'POST' && path === '/v2/shipments') return this.createShipment(res, body);
    const one = path.match(/^\/v2\/shipments\/(\w+)(\/buy)?$/);
    const s = one && this.shipments.get(one[1]!);
    if (one && !s) return this.refuse(res, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    if (s && req.method === 'GET' && !one![2]) return this.send(res, 200, s);
    if (s && req.method === 'POST' && one![2]) return this.buy(res, s, body);
    return this.refuse(res, 404, 'NOT_FOUND', `No route ${req.method} ${path}`);
  }

  private address(res: ServerResponse, body: { address?: Record<string, string>; verify?: unknown }) {
    const a = body.address ?? {};
    const undeliverable = /nowhere/i.test(a.street1 ?? '') || a.zip === '00000';
    const out = {
      id: id('adr'),
      object: 'Address',
      name: a.name,
      street1: undeliverable ? a.street1 : normal(a.street1 ?? ''),
      street2: a.street2 ? normal(a.street2) : null,
      city: (a.city ?? '').toUpperCase(),
      state: a.state,
      zip: undeliverable ? a.zip : `${a.zip}-0001`,
      country: a.country,
      verifications: body.verify
        ? {
            delivery: undeliverable
              ? {
                  success: false,
                  errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found' }],
                }
              : { success: true, errors: [] },
          }
        : {},
    };
    this.send(res, 201, out);
  }

  private createShipment(res: ServerResponse, body: { shipment?: Record<string, never> }) {
    const sh = (body.shipment ?? {}) as {
      to_address?: Record<string, string>;
      from_address?: Record<string, string>;
      parcel?: { weight: number };
      options?: Record<string, unknown>;
      reference?: string;
      is_return?: boolean;
    };
    if (sh.to_address?.zip === '00000')
      return this.refuse(res, 422, 'ADDRESS.VERIFY.FAILURE', 'Unable to verify address.');
    const pounds = Math.max(1, Math.ceil((sh.parcel?.weight ?? 16) / 16));
    const sid = id('shp');
    const far = !['NY', 'NJ', 'CT', 'PA'].includes(sh.to_address?.state ?? 'NY');
    const rates: Rate[] = SERVICES.map((x) => ({
      id: id('rate'),
      object: 'Rate',
      shipment_id: sid,
      carrier: x.carrier,
      service: x.service,
      rate: decimalPrice(x.base + (pounds - 1) * 150 + (far ? 400 : 0)),
      currency: 'USD',
      delivery_days: far && x.days > 1 ? x.days + 1 : x.days,
    }));
    const s: Shipment = {
      id: sid,
      object: 'Shipment',
      reference: sh.reference ?? null,
      is_return: sh.is_return === true,
      to_address: sh.to_address ?? {},
      from_address: sh.from_address ?? {},
      parcel: { weight: sh.parcel?.weight ?? 16 },
      options: sh.options ?? {},
      rates,
      selected_rate: null,
      tracking_code: null,
      postage_label: null,
      insurance: null,
      tracker: null,
    };
    this.shipments.set(sid, s);
    this.send(res, 201, s);
  }

  private buy(res: ServerResponse, s: Shipment, body: { rate?: { id: string }; insurance?: string }) {
    if (s.postage_label) return this.refuse(res, 422, 'SHIPMENT.POSTAGE.EXISTS', 'This shipment already has postage.');
    const rate = s.rates.find((r) => r.id === body.rate?.id);
    if (!rate) return this.refuse(res, 422, 'SHIPMENT.RATE.INVALID', 'The rate is not one of this shipment’s.');
    s.selected_rate = rate;
    s.tracking_code = `1Z${randomBytes(8).toString('hex').toUpperCase()}`;
    s.postage_label = {
      object: 'PostageLabel',
      label_pdf_url: `${this.url}/labels/${s.id}.pdf`,
      label_url: `${this.url}/labels/${s.id}.pdf`,
    };
    s.insurance = body.insurance ?? null;
    s.tracker = { id: id('trk'), object: 'Tracker', public_url: `https://track.easypost.com/${s.tracking_code}` };
    this.purchases.push({
      shipmentId: s.id,
      cents: centsOf(Number(rate.rate)),
      insurance: s.insurance,
    });
    this.send(res, 200, s);
  }
}
