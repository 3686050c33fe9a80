import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { formatMoney } from '@facet/contracts/money';

// A small, stateful server speaking the part of Stripe's API the store uses, for tests on a
// machine without internet: PaymentIntents (create, retrieve with expand, confirm, cancel),
// refunds, idempotency keys (same key + same parameters → the same answer; other parameters →
// an idempotency error), Stripe's test payment methods for its documented test cards, and signed
// webhooks sent to the store. The official SDK talks to it through STRIPE_API_BASE.
// What it cannot prove (Stripe.js, real 3-D Secure pages, Stripe's retry schedule, its exact
// error texts) is listed in docs/decisions/014-stripe-payments.md.

/** Stripe's test PaymentMethods for its test cards (https://docs.stripe.com/testing). */
export const TEST_METHODS = {
  /** 4242 4242 4242 4242: succeeds. */
  visa: 'pm_card_visa',
  /** 4000 0000 0000 0002: declined. */
  declined: 'pm_card_chargeDeclined',
  /** 4000 0025 0000 3155: needs 3-D Secure. */
  threeDSecure: 'pm_card_authenticationRequired',
} as const;

const CARDS: Record<string, { brand: string; last4: string; outcome: 'ok' | 'decline' | '3ds' }> = {
  [TEST_METHODS.visa]: { brand: 'visa', last4: '4242', outcome: 'ok' },
  [TEST_METHODS.declined]: { brand: 'visa', last4: '0002', outcome: 'decline' },
  [TEST_METHODS.threeDSecure]: { brand: 'visa', last4: '3155', outcome: '3ds' },
};

type Intent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'currency'
  | 'status'
  | 'client_secret'
  | 'metadata'
  | 'capture_method'
  | 'created'
  | 'livemode'
  | 'description'
  | 'receipt_email'
  | 'last_payment_error'
  | 'next_action'
> & {
  latest_charge: string | null;
  payment_method: string | null;
  customer: string | null;
  setup_future_usage: string | null;
  amount_capturable: number;
};
type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_refunded'
  | 'refunded'
  | 'currency'
  | 'paid'
  | 'status'
  | 'created'
  | 'livemode'
  | 'payment_method_details'
> & { payment_intent: string };
type Refund = Pick<Stripe.Refund, 'id' | 'object' | 'amount' | 'currency' | 'status' | 'created' | 'metadata'> & {
  payment_intent: string;
  charge: string;
};

export type WebhookTarget = (body: string, headers: Record<string, string>) => Promise<number>;

class StripeFailure extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  constructor(status: number, type: string, code: string | undefined, message: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
  }
}

/** `a[b][c]=1&expand[0]=x` → { a: { b: { c: '1' } }, expand: ['x'] } (how the SDK encodes parameters). */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let at = out as Record<string, unknown>;
    path.forEach((p, i) => {
      if (i === path.length - 1) at[p] = value;
      else at = (at[p] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

// Stripe Tax's answers for a few real places (rates as published for 2026): New York City is the
// state's 4 % + the city's 4.5 % + the commuter district's 0.375 % = 8.875 %; Buffalo (Erie County)
// 4 % + 4.75 % = 8.75 %; elsewhere in New York 4 % + a county's 4 %; New Jersey 6.625 %. New York and
// New Jersey tax shipping with taxable goods. Anywhere else: not collecting.
type TaxCalculation = Record<string, unknown> & { id: string };
const NYC = /^1(0[0-4]|1[2-6])/;
function taxPlaces(state: string, zip: string) {
  const p = (name: string, level: string, percent: number, shippingTaxed = true) => ({
    name,
    level,
    percent,
    shippingTaxed,
  });
  if (state === 'NY' && NYC.test(zip))
    return [
      p('New York', 'state', 4),
      p('New York City', 'city', 4.5),
      p('Metropolitan Commuter Transportation District', 'district', 0.375),
    ];
  if (state === 'NY' && /^14[0-3]/.test(zip)) return [p('New York', 'state', 4), p('Erie County', 'county', 4.75)];
  if (state === 'NY') return [p('New York', 'state', 4), p('County', 'county', 4)];
  if (state === 'NJ') return [p('New Jersey', 'state', 6.625)];
  return [];
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class LocalStripe {
  readonly intents = new Map<string, Intent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  /** Customers, and the payment methods saved to each (setup_future_usage on a succeeded intent). */
  readonly customers = new Map<string, { id: string; email: string; methods: string[] }>();
  readonly events: Stripe.Event[] = [];
  /** Every request received, as `METHOD /path`, for assertions about what the store asked. */
  readonly requests: Array<{ method: string; path: string; idempotencyKey?: string; params: Record<string, unknown> }> =
    [];
  /** Stripe Tax: calculations made, and transactions and reversals recorded from them. */
  readonly taxCalculations = new Map<string, TaxCalculation>();
  readonly taxTransactions = new Map<
    string,
    {
      id: string;
      type: 'transaction' | 'reversal';
      reference: string;
      calculation?: string;
      original?: string;
      flatAmount?: number;
      mode?: string;
    }
  >();
  /** Failure injection for Stripe Tax: answer calculations this late, or not at all (500). */
  taxDelayMs = 0;
  taxDown = false;
  /** Saved methods whose charges with nobody at the keyboard are declined (a card its bank cancelled). */
  readonly declineOffSession = new Set<string>();
  /** False: events are kept (in `events`) but not sent until `deliver` is called. */
  autoDeliver = true;
  /** The card of an authorised (manual capture) intent, charged when it is captured. */
  private readonly pendingCards = new Map<string, { brand: string; last4: string }>();
  private readonly idempotent = new Map<string, { hash: string; status: number; body: string }>();
  private server?: Server;
  url = '';

  private readonly webhookSecret: string;
  private target?: WebhookTarget;
  constructor(webhookSecret: string, target?: WebhookTarget) {
    this.webhookSecret = webhookSecret;
    this.target = target;
  }

  sendTo(target: WebhookTarget) {
    this.target = target;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop() {
    await new Promise((r) => this.server?.close(r));
  }

  // ---- what the shopper's browser does through Stripe.js

  /** stripe.confirmPayment with a test card: succeeds, declines or asks for 3-D Secure. */
  async confirm(intentId: string, paymentMethod: string, background = false) {
    const pi = this.intent(intentId);
    if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing')
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'payment_intent_unexpected_state',
        `This PaymentIntent's status is ${pi.status}; it cannot be confirmed.`,
      );
    const card = CARDS[paymentMethod];
    if (!card)
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'resource_missing',
        `No such PaymentMethod: '${paymentMethod}'`,
      );
    pi.payment_method = paymentMethod;
    if (card.outcome === 'decline') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      } as Stripe.PaymentIntent.LastPaymentError;
      await this.emit('payment_intent.payment_failed', pi, background);
      return pi;
    }
    if (card.outcome === '3ds') {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} } as Stripe.PaymentIntent.NextAction;
      return pi;
    }
    return this.succeed(pi, card, background);
  }

  /** The shopper passes the 3-D Secure challenge. */
  async authenticate(intentId: string) {
    const pi = this.intent(intentId);
    if (pi.status !== 'requires_action') throw new Error(`${intentId} is ${pi.status}, not requires_action`);
    pi.next_action = null;
    return this.succeed(pi, CARDS[pi.payment_method!]!);
  }

  /** The bank opens a dispute on the payment's charge. */
  async dispute(intentId: string, reason = 'fraudulent') {
    const pi = this.intent(intentId);
    const dispute = {
      id: id('dp'),
      object: 'dispute',
      amount: pi.amount_received,
      currency: 'usd',
      reason,
      status: 'needs_response',
      charge: pi.latest_charge!,
      payment_intent: pi.id,
      created: now(),
      livemode: false,
    } as unknown as Stripe.Dispute;
    await this.emit('charge.dispute.created', dispute);
  }

  /** A refund made in Stripe's dashboard, not through the store. */
  async dashboardRefund(intentId: string, amount: number) {
    return this.refund({ payment_intent: intentId, amount: String(amount) }, undefined);
  }

  /** Sends every kept event, or the given ones (again: Stripe sends an event more than once). */
  async deliver(events: Stripe.Event[] = this.events.splice(0)) {
    const statuses = [];
    for (const e of events) statuses.push(await this.send(e));
    return statuses;
  }

  /** A webhook as Stripe signs it; `secret`/`timestamp` let tests forge wrong or stale ones. */
  signed(event: Stripe.Event, opts: { secret?: string; timestamp?: number } = {}) {
    const body = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: opts.secret ?? this.webhookSecret,
      timestamp: opts.timestamp,
    });
    return { body, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
  }

  // ---- the API

  private intent(intentId: string) {
    const pi = this.intents.get(intentId);
    if (!pi)
      throw new StripeFailure(
        404,
        'invalid_request_error',
        'resource_missing',
        `No such payment_intent: '${intentId}'`,
      );
    return pi;
  }

  /**
   * `background`: the event is sent after the answer, as Stripe does. A call the store makes inside
   * its own transaction (an instalment, a capture, a void) must not wait for the store's webhook.
   */
  private async succeed(pi: Intent, card: { brand: string; last4: string }, background = false) {
    // Saved for later charges with nobody at the keyboard: attached to the intent's customer.
    if (pi.setup_future_usage && pi.customer && pi.payment_method)
      this.customers.get(pi.customer)?.methods.push(pi.payment_method);
    if (pi.capture_method === 'manual' && pi.status !== 'requires_capture') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      pi.last_payment_error = null;
      this.pendingCards.set(pi.id, card);
      await this.emit('payment_intent.amount_capturable_updated', pi, background);
      return pi;
    }
    const charge: Charge = {
      id: id('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      refunded: false,
      currency: pi.currency,
      paid: true,
      status: 'succeeded',
      created: now(),
      livemode: false,
      payment_intent: pi.id,
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4 },
      } as Stripe.Charge.PaymentMethodDetails,
    };
    this.charges.set(charge.id, charge);
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.amount_capturable = 0;
    pi.latest_charge = charge.id;
    pi.last_payment_error = null;
    await this.emit('payment_intent.succeeded', pi, background);
    return pi;
  }

  private view(pi: Intent, expand: unknown) {
    const wanted = Array.isArray(expand) ? expand : expand ? Object.values(expand as object) : [];
    return wanted.includes('latest_charge') && pi.latest_charge
      ? { ...pi, latest_charge: this.charges.get(pi.latest_charge) }
      : pi;
  }

  private refund(p: Record<string, unknown>, _key: string | undefined): Refund {
    const pi = this.intent(String(p.payment_intent));
    if (pi.status !== 'succeeded' || !pi.latest_charge)
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'charge_not_refundable',
        'This PaymentIntent has no successful charge.',
      );
    const charge = this.charges.get(pi.latest_charge)!;
    const amount = p.amount === undefined ? charge.amount - charge.amount_refunded : Number(p.amount);
    if (amount <= 0 || amount > charge.amount - charge.amount_refunded)
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'amount_too_large',
        `Refund amount (${formatMoney(amount, { exact: true })}) is greater than unrefunded amount on charge (${formatMoney(charge.amount - charge.amount_refunded, { exact: true })})`,
      );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      status: 'succeeded',
      created: now(),
      metadata: (p.metadata as Record<string, string>) ?? {},
      payment_intent: pi.id,
      charge: charge.id,
    };
    this.refunds.set(refund.id, refund);
    void this.emit('charge.refunded', charge);
    return refund;
  }

  private async route(method: string, path: string, params: Record<string, unknown>): Promise<unknown> {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const pi: Intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(params.amount),
        amount_received: 0,
        currency: String(params.currency),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (params.metadata as Record<string, string>) ?? {},
        capture_method: (params.capture_method as Intent['capture_method']) ?? 'automatic',
        created: now(),
        livemode: false,
        description: (params.description as string) ?? null,
        receipt_email: (params.receipt_email as string) ?? null,
        last_payment_error: null,
        next_action: null,
        latest_charge: null,
        payment_method: null,
        customer: (params.customer as string) ?? null,
        setup_future_usage: (params.setup_future_usage as string) ?? null,
        amount_capturable: 0,
      };
      if (!Number.isInteger(pi.amount) || pi.amount < 50)
        throw new StripeFailure(400, 'invalid_request_error', 'amount_too_small', 'Amount must be at least $0.50 usd');
      if (pi.customer && !this.customers.has(pi.customer))
        throw new StripeFailure(400, 'invalid_request_error', 'resource_missing', `No such customer: '${pi.customer}'`);
      this.intents.set(pi.id, pi);
      // A saved card charged with nobody at the keyboard: confirmed at once, declined as a card error.
      if (params.confirm === 'true') {
        const pm = String(params.payment_method);
        if (params.off_session === 'true' && !this.customers.get(pi.customer ?? '')?.methods.includes(pm))
          throw new StripeFailure(
            400,
            'invalid_request_error',
            'resource_missing',
            `The payment method ${pm} is not attached to customer ${pi.customer}.`,
          );
        await this.confirm(pi.id, this.declineOffSession.has(pm) ? TEST_METHODS.declined : pm, true);
        if (pi.status !== 'succeeded')
          throw new StripeFailure(
            402,
            'card_error',
            'card_declined',
            pi.last_payment_error?.message ?? 'Your card was declined.',
          );
        return this.view(pi, params.expand);
      }
      return pi;
    }
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: id('cus'), email: String(params.email ?? ''), methods: [] as string[] };
      this.customers.set(c.id, c);
      return { id: c.id, object: 'customer', email: c.email, created: now(), livemode: false };
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/)) && method === 'POST') {
      const pi = this.intent(m[1]!);
      if (pi.status !== 'requires_capture')
        throw new StripeFailure(
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          `This PaymentIntent could not be captured because it has a status of ${pi.status}.`,
        );
      return this.succeed(pi, this.pendingCards.get(pi.id)!, true);
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === 'GET')
      return this.view(this.intent(m[1]!), params.expand);
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/)) && method === 'POST')
      return this.confirm(m[1]!, String(params.payment_method));
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)) && method === 'POST') {
      const pi = this.intent(m[1]!);
      if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing')
        throw new StripeFailure(
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
        );
      const wasAuthorised = pi.status === 'requires_capture';
      pi.status = 'canceled';
      pi.amount_capturable = 0;
      await this.emit('payment_intent.canceled', pi, wasAuthorised);
      return pi;
    }
    if (method === 'POST' && path === '/v1/refunds') return this.refund(params, undefined);
    if (path.startsWith('/v1/tax/')) return this.tax(method, path, params);
    throw new StripeFailure(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`);
  }

  private async tax(method: string, path: string, params: Record<string, unknown>) {
    if (method === 'POST' && path === '/v1/tax/calculations') {
      if (this.taxDelayMs) await new Promise((r) => setTimeout(r, this.taxDelayMs));
      if (this.taxDown) throw new StripeFailure(500, 'api_error', undefined, 'An unknown error occurred.');
      const address = (params.customer_details as { address?: Record<string, string> } | undefined)?.address ?? {};
      if (!address.postal_code || !address.state || !address.country)
        throw new StripeFailure(
          400,
          'invalid_request_error',
          'customer_tax_location_invalid',
          'The address is not complete.',
        );
      const places = taxPlaces(address.state, address.postal_code);
      const breakdown = (amount: number, shipping: boolean) =>
        places
          .filter((p) => !shipping || p.shippingTaxed)
          .map((p) => ({
            amount: Math.round((amount * p.percent) / 100),
            jurisdiction: { country: 'US', display_name: p.name, level: p.level, state: address.state },
            sourcing: 'destination',
            tax_rate_details: {
              display_name: 'Sales Tax',
              percentage_decimal: p.percent.toFixed(4),
              tax_type: 'sales_tax',
            },
            taxability_reason: 'standard_rated',
            taxable_amount: amount,
          }));
      const items = Object.values((params.line_items as Record<string, Record<string, string>>) ?? {}).map((l, i) => {
        const amount = Number(l.amount);
        const tb = breakdown(amount, false);
        return {
          id: id('tax_li'),
          object: 'tax.calculation_line_item',
          amount,
          amount_tax: tb.reduce((s, b) => s + b.amount, 0),
          reference: l.reference ?? `L${i}`,
          tax_code: l.tax_code ?? 'txcd_99999999',
          tax_behavior: 'exclusive',
          tax_breakdown: tb,
        };
      });
      const shippingAmount = Number((params.shipping_cost as Record<string, string> | undefined)?.amount ?? 0);
      const sb = breakdown(shippingAmount, true);
      const shipping = {
        amount: shippingAmount,
        amount_tax: sb.reduce((s, b) => s + b.amount, 0),
        tax_behavior: 'exclusive',
        tax_breakdown: sb,
        tax_code: 'txcd_92010001',
      };
      const tax = items.reduce((s, l) => s + l.amount_tax, 0) + shipping.amount_tax;
      const calc: TaxCalculation = {
        id: id('taxcalc'),
        object: 'tax.calculation',
        amount_total: items.reduce((s, l) => s + l.amount, 0) + shippingAmount + tax,
        currency: 'usd',
        tax_amount_exclusive: tax,
        tax_amount_inclusive: 0,
        line_items: { object: 'list', data: items, has_more: false, url: '/v1/tax/calculations/x/line_items' },
        shipping_cost: shipping,
        tax_breakdown: [],
        livemode: false,
      };
      this.taxCalculations.set(calc.id, calc);
      return calc;
    }
    if (method === 'POST' && path === '/v1/tax/transactions/create_from_calculation') {
      if (!this.taxCalculations.has(String(params.calculation)))
        throw new StripeFailure(
          404,
          'invalid_request_error',
          'resource_missing',
          `No such calculation: '${params.calculation}'`,
        );
      const t = {
        id: id('tax'),
        type: 'transaction' as const,
        reference: String(params.reference),
        calculation: String(params.calculation),
      };
      this.taxTransactions.set(t.id, t);
      return { ...t, object: 'tax.transaction', livemode: false };
    }
    if (method === 'POST' && path === '/v1/tax/transactions/create_reversal') {
      if (!this.taxTransactions.has(String(params.original_transaction)))
        throw new StripeFailure(
          404,
          'invalid_request_error',
          'resource_missing',
          `No such transaction: '${params.original_transaction}'`,
        );
      const t = {
        id: id('tax'),
        type: 'reversal' as const,
        reference: String(params.reference),
        original: String(params.original_transaction),
        mode: String(params.mode),
        ...(params.flat_amount !== undefined ? { flatAmount: Number(params.flat_amount) } : {}),
      };
      this.taxTransactions.set(t.id, t);
      return { ...t, object: 'tax.transaction', livemode: false, reversal: { original_transaction: t.original } };
    }
    throw new StripeFailure(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const params = parseForm(req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString());
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method!, path: url.pathname, idempotencyKey: key, params });
    const answer = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(body);
    };
    const hash = createHash('sha256')
      .update(`${req.method} ${url.pathname} ${JSON.stringify(params)}`)
      .digest('hex');
    if (key && req.method === 'POST') {
      const seen = this.idempotent.get(key);
      if (seen && seen.hash !== hash)
        return answer(
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          }),
        );
      if (seen) return answer(seen.status, seen.body);
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(await this.route(req.method!, url.pathname, params));
    } catch (err) {
      const f = err instanceof StripeFailure ? err : new StripeFailure(500, 'api_error', undefined, String(err));
      status = f.status;
      body = JSON.stringify({ error: { type: f.type, code: f.code, message: f.message } });
    }
    if (key && req.method === 'POST') this.idempotent.set(key, { hash, status, body });
    answer(status, body);
  }

  private async emit(type: string, object: unknown, background = false) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
    if (!this.autoDeliver) this.events.push(event);
    else if (background) setImmediate(() => void this.send(event).catch(() => undefined));
    else await this.send(event);
  }

  private async send(event: Stripe.Event) {
    if (!this.target) return 0;
    const { body, headers } = this.signed(event);
    return this.target(body, headers);
  }
}
