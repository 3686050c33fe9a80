import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { lastMail } from '../../test/accounts.ts';
import { cartWithDiamond, orderBody } from '../../test/checkout.ts';
import { LocalEasyPost } from '../../test/easypost-server.ts';
import { LocalStripe } from '../../test/stripe-server.ts';
import { adminCall, ORIGIN, placeDiamondOrder, staffSession, stepOrder } from '../../test/staff.ts';
import { buyOrderLabel, buyReturnLabel, ORDER_LABEL_STEPS, RETURN_LABEL_STEPS, type ShippingDeps } from './service.ts';

// EasyPost cannot be reached from here: the store's official SDK talks to a local server speaking
// its addresses, shipments, rates, buying (with insurance), label and signed tracker-webhook API
// (test/easypost-server.ts), with failure injection as the payment tests have.

let t: TestApp;
let ep: LocalEasyPost;
let stripe: LocalStripe;
let fulfilment: string;
let support: string;
beforeAll(async () => {
  ep = await new LocalEasyPost().start();
  // With Stripe Tax too (its local server): the store as the "done when" runs it.
  stripe = new LocalStripe('whsec_facetLocalWebhookSecret000001');
  t = await buildTestApp({
    ...ep.env(),
    TAX_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_facetLocalServer0000000001',
    STRIPE_API_BASE: await stripe.start(),
  });
  fulfilment = (await staffSession(t, 'fulfilment')).cookie;
  support = (await staffSession(t, 'support')).cookie;
});
afterAll(async () => {
  await t?.close();
  await ep?.stop();
  await stripe?.stop();
});
beforeEach(() => {
  ep.down = false;
  ep.delayMs = 0;
});

const ADDRESS = orderBody('x@example.com').shippingAddress;

const cartWithStone = (session: string, offset = 11) => cartWithDiamond(t, session, offset);
const cartTo = (session: string, to: Record<string, string>, shipping = 'express') =>
  t.app.inject({
    url: `/api/cart?${new URLSearchParams({ shipping, ...to })}`,
    headers: { 'x-session-id': session },
  });
/** What the shipping service needs, as the routes give it (tests call the flows directly). */
const shippingDeps = (): ShippingDeps => ({
  db: t.app.db,
  config: t.config,
  settings: t.app.storeSettings,
  outbox: t.app.outbox,
  payments: t.app.payments,
  shipping: t.app.shipping,
  media: t.app.media,
  onStonesReleased: () => {},
});
const readyToShip = (number: string) => stepOrder(t, fulfilment, number, ['in_production', 'ready_to_ship']);
const webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/shipping/easypost/webhook', headers, payload: body });

describe('shipping through a carrier service (EasyPost)', () => {
  it('prices each method from the carrier for the address and parcel; the order keeps the quoted service', async () => {
    const s = randomUUID();
    await cartWithStone(s);
    // The state alone: the carrier has not priced it, so shipping is not in the total yet (the
    // store's own price is no estimate of the carrier's).
    const early = (await cartTo(s, { state: 'NY' })).json().data;
    expect(early.shippingOptions.map((o: { method: string }) => o.method)).toEqual([
      'standard',
      'express',
      'overnight',
    ]);
    expect(early.totals).toMatchObject({ shippingPending: true, shippingCents: 0 });
    expect(early.totals.totalCents).toBe(early.totals.subtotalCents + early.totals.taxCents);
    const near = (await cartTo(s, { line1: '12 Bleecker St', city: 'New York', state: 'NY', zip: '10012' })).json()
      .data;
    const far = (await cartTo(s, { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' })).json()
      .data;
    const express = (c: { shippingOptions: Array<{ method: string; cents: number; days: string }> }) =>
      c.shippingOptions.find((o) => o.method === 'express')!;
    // The local carrier: UPS 2nd Day Air $31.50 nearby, $35.50 and 3 days across the country
    // (where nothing but overnight arrives within 2 days, so express is FedEx overnight).
    expect(express(near)).toMatchObject({ cents: 3150, days: '2 business days' });
    expect(near.totals.shippingCents).toBe(3150);
    expect(near.totals.shippingPending).toBeUndefined();
    // New York City's 8.875 % on the piece and on the carrier's shipping, each jurisdiction rounded.
    const goods = near.totals.subtotalCents;
    const owed = [4, 4.5, 0.375].reduce(
      (sum, p) => sum + Math.round((goods * p) / 100) + Math.round((3150 * p) / 100),
      0,
    );
    expect(near.totals.taxCents).toBe(owed);
    expect(express(far)).toMatchObject({ cents: 6240, days: '1 business day' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: orderBody('quoted@example.com', {
        shippingMethod: 'express',
        expectedTotalCents: near.totals.totalCents,
      }),
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data.totals.shippingCents).toBe(3150);
    const [row] = rowsOf<{ service: { carrier: string; service: string }; days: string }>(
      await t.database.db.execute(sql`select shipping_service as service, shipping_days as days
        from customer_order where number = ${order.json().data.number}`),
    );
    expect(row).toEqual({ service: { carrier: 'UPS', service: '2ndDayAir' }, days: '2 business days' });
  });

  it('checks the address: deliverable, a suggestion as the carrier writes it, or not deliverable (and no order)', async () => {
    const check = (a: object) =>
      t.app.inject({ method: 'POST', url: '/api/checkout/address-check', payload: { ...ADDRESS, ...a } });
    expect((await check({ line1: '12 BLEECKER ST', city: 'NEW YORK' })).json().data).toEqual({ status: 'verified' });
    const suggested = (await check({ line1: '580 Fifth Avenue', zip: '10036' })).json().data;
    expect(suggested).toMatchObject({ status: 'corrected', suggestion: { line1: '580 5TH AVE', zip: '10036' } });
    const nowhere = (await check({ line1: '1 Nowhere Lane' })).json().data;
    expect(nowhere.status).toBe('undeliverable');
    expect(nowhere.message).toMatch(/cannot deliver to this address \(Address not found\)/);
    // An address the carrier will not take is refused at the order, before any money is asked for.
    const s = randomUUID();
    await cartWithStone(s, 12);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: orderBody('nowhere@example.com', { shippingAddress: { ...ADDRESS, zip: '00000' } }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/carrier cannot deliver to this address/);
    const [counted] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from customer_order where email = 'nowhere@example.com'`,
      ),
    );
    expect(counted!.n).toBe(0);
  });

  it('a carrier that is down or slow: checkout says so and takes nothing; the cart reads again once it answers', async () => {
    const s = randomUUID();
    await cartWithStone(s, 13);
    ep.down = true;
    const to = { line1: '9 Elm St', city: 'Albany', state: 'NY', zip: '12207' };
    const cart = await cartTo(s, to);
    expect(cart.statusCode).toBe(503);
    expect(cart.json().message).toMatch(/cannot get shipping rates from the carrier right now/);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: orderBody('down@example.com', { shippingAddress: { ...ADDRESS, ...to } }),
    });
    expect(order.statusCode).toBe(503);
    ep.down = false;
    // Slower than the 5 s the checkout waits: the same answer, and nothing kept from it.
    ep.delayMs = 5_500;
    const slow = await cartTo(s, { ...to, line1: '10 Elm St' });
    expect(slow.statusCode).toBe(503);
    expect(slow.json().message).toMatch(/nothing has been charged/);
    ep.delayMs = 0;
    expect((await cartTo(s, to)).statusCode).toBe(200);
  }, 30_000);

  it('staff buy one insured label with signature, print it; a second click or two at once buy nothing more', async () => {
    const o = await placeDiamondOrder(t, 'label@example.com');
    const before = (await adminCall(t, fulfilment, 'GET', `/orders/${o.number}/shipments`)).json().data;
    expect(before).toMatchObject({ shipments: [], cannotBuy: 'A label is bought once the order is ready to ship.' });
    expect((await adminCall(t, fulfilment, 'POST', `/orders/${o.number}/label`)).statusCode).toBe(409);
    await readyToShip(o.number);
    // Support may read orders but not fulfil them.
    expect((await adminCall(t, support, 'POST', `/orders/${o.number}/label`)).statusCode).toBe(403);
    const bought = ep.purchases.length;
    const [a, b] = await Promise.all([
      adminCall(t, fulfilment, 'POST', `/orders/${o.number}/label`),
      adminCall(t, fulfilment, 'POST', `/orders/${o.number}/label`),
    ]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    const again = await adminCall(t, fulfilment, 'POST', `/orders/${o.number}/label`);
    expect(ep.purchases.length - bought).toBe(1);
    const { shipments } = again.json().data;
    expect(shipments).toHaveLength(1);
    const label = shipments[0];
    const [order] = rowsOf<{ goods: number }>(
      await t.database.db.execute(
        sql`select subtotal_cents - discount_cents as goods from customer_order where number = ${o.number}`,
      ),
    );
    expect(label).toMatchObject({
      kind: 'outbound',
      signature: true,
      insuredCents: order!.goods,
      state: 'label_bought',
    });
    expect(ep.purchases.at(-1)!.insurance).toBe((order!.goods / 100).toFixed(2));
    const shipment = ep.shipments.get(ep.purchases.at(-1)!.shipmentId)!;
    expect(shipment.options).toMatchObject({ delivery_confirmation: 'SIGNATURE', label_format: 'PDF' });
    expect(shipment.reference).toBe(o.number);
    const pdf = await adminCall(t, fulfilment, 'GET', label.labelUrl.replace('/api/admin', ''));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(label.trackingNumber);
  });

  it('buying a label is a flow: after a failure at any step, the retry buys nothing more and keeps one label', async () => {
    expect(ORDER_LABEL_STEPS.map((st) => st.name)).toEqual([
      'prepare shipment',
      'buy label',
      'fetch label',
      'keep label',
    ]);
    const deps = shippingDeps();
    const actor = { id: null, email: 'fulfilment@facet.test' };
    for (const { name } of ORDER_LABEL_STEPS) {
      const o = await placeDiamondOrder(t, `label-${name.replace(/ /g, '-')}@example.com`);
      await readyToShip(o.number);
      const bought = ep.purchases.length;
      await expect(
        buyOrderLabel(deps, actor, o.number, {
          afterStep: (_f, step) => {
            if (step === name) throw new Error(`injected after ${name}`);
          },
        }),
      ).rejects.toThrow(`injected after ${name}`);
      const labels = async () =>
        rowsOf<{ n: number; events: number }>(
          await t.database.db.execute(sql`select
            (select count(*)::int from shipment s where s.order_id = o.id and s.bought_at is not null) as n,
            (select count(*)::int from order_event e where e.order_id = o.id and e.type = 'label') as events
            from customer_order o where o.number = ${o.number}`),
        )[0]!;
      // Recorded only when the last step ran; never half (a label bought but not kept is bought again, once).
      expect(await labels(), name).toEqual(name === 'keep label' ? { n: 1, events: 1 } : { n: 0, events: 0 });
      const { shipments } = await buyOrderLabel(deps, actor, o.number);
      expect(shipments, name).toHaveLength(1);
      expect(await labels(), name).toEqual({ n: 1, events: 1 });
      // The carrier sold one label for the order, whichever step failed.
      expect(ep.purchases.length - bought, name).toBe(1);
      const pdf = await adminCall(t, fulfilment, 'GET', shipments[0]!.labelUrl.replace('/api/admin', ''));
      expect(pdf.statusCode, name).toBe(200);
    }
  });

  it("a return's label is a flow too: after a failure at any step, the retry buys it once and sends one PDF", async () => {
    expect(RETURN_LABEL_STEPS.map((st) => st.name)).toEqual([
      'prepare shipment',
      'buy label',
      'fetch label',
      'keep label',
    ]);
    const deps = shippingDeps();
    const actor = { id: null, email: 'owner@facet.test' };
    const o = await placeDiamondOrder(t, 'return-label-flow@example.com');
    const [row] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from customer_order where number = ${o.number}`),
    );
    for (const [i, { name }] of RETURN_LABEL_STEPS.entries()) {
      const r = {
        number: `RMA-FLOW${i}${randomUUID().slice(0, 4).toUpperCase()}`,
        orderId: row!.id,
        valueCents: 90_000,
        pieces: 1,
      };
      await expect(
        buyReturnLabel(deps, actor, r, {
          afterStep: (_f, step) => {
            if (step === name) throw new Error(`injected after ${name}`);
          },
        }),
      ).rejects.toThrow(`injected after ${name}`);
      const { pdf } = await buyReturnLabel(deps, actor, r);
      expect(pdf.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
      await buyReturnLabel(deps, actor, r);
      const shipment = [...ep.shipments.values()].filter((x) => x.reference === r.number);
      expect(shipment, name).toHaveLength(1);
      expect(
        ep.purchases.filter((p) => p.shipmentId === shipment[0]!.id),
        name,
      ).toHaveLength(1);
    }
  });

  it('a signed tracking webhook ships and then delivers the order and e-mails the customer; a bad signature or an unknown parcel changes nothing', async () => {
    const o = await placeDiamondOrder(t, 'tracked@example.com');
    await readyToShip(o.number);
    const { shipments } = (await adminCall(t, fulfilment, 'POST', `/orders/${o.number}/label`)).json().data;
    const tracking = shipments[0].trackingNumber as string;
    const status = async () =>
      (await adminCall(t, fulfilment, 'GET', `/orders/${o.number}`)).json().data.status as string;

    const forged = ep.trackerEvent(tracking, 'delivered', 'not-the-secret-at-all');
    expect((await webhook(forged.body, forged.headers)).statusCode).toBe(400);
    const unsigned = ep.trackerEvent(tracking, 'delivered');
    expect((await webhook(unsigned.body, { 'content-type': 'application/json' })).statusCode).toBe(400);
    const tampered = ep.trackerEvent(tracking, 'in_transit');
    expect((await webhook(tampered.body.replace('in_transit', 'delivered'), tampered.headers)).statusCode).toBe(400);
    expect(await status()).toBe('ready_to_ship');

    const stranger = ep.trackerEvent('1ZNOTOURS0000000', 'delivered');
    const unknown = await webhook(stranger.body, stranger.headers);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({
      applied: false,
      reason: expect.stringMatching(/No shipment of this store/),
    });

    const moving = ep.trackerEvent(tracking, 'in_transit');
    expect((await webhook(moving.body, moving.headers)).json()).toMatchObject({ applied: true, moved: ['shipped'] });
    expect(await status()).toBe('shipped');
    const shippedMail = await lastMail(t, 'tracked@example.com', 'order-shipped');
    expect(shippedMail.text).toContain(tracking);
    expect(shippedMail.text).toContain('needs a signature on delivery');

    const delivered = ep.trackerEvent(tracking, 'delivered');
    expect((await webhook(delivered.body, delivered.headers)).json()).toMatchObject({ moved: ['delivered'] });
    expect(await status()).toBe('delivered');
    expect((await lastMail(t, 'tracked@example.com', 'order-delivered')).subject).toMatch(/was delivered/);
    // The same event again, or a late scan: nothing moves, nothing is sent twice.
    expect((await webhook(delivered.body, delivered.headers)).json()).toMatchObject({ moved: [] });
    const late = ep.trackerEvent(tracking, 'in_transit');
    expect((await webhook(late.body, late.headers)).json()).toMatchObject({ moved: [] });
    const [counted] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from outbox_mail where to_address = 'tracked@example.com' and kind = 'order-delivered'`,
      ),
    );
    expect(counted!.n).toBe(1);

    // Its return is approved with a prepaid, insured label from the same carrier service, sent to the customer.
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${o.number}/returns?token=${encodeURIComponent(o.token)}`,
      payload: { lines: [{ line: 0, quantity: 1 }], reason: 'does-not-fit', resolution: 'refund' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = asked.json().data.returns[0].number as string;
    const owner = (await staffSession(t, 'owner')).cookie;
    const { version } = (await adminCall(t, owner, 'GET', `/returns/${rma}`)).json().data;
    const approved = await adminCall(t, owner, 'POST', `/returns/${rma}/approve`, {
      version,
      message: 'Please send it back in its box.',
      carrierLabel: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const back = [...ep.shipments.values()].find((x) => x.reference === rma)!;
    expect(back).toMatchObject({ is_return: true, options: { delivery_confirmation: 'SIGNATURE' } });
    expect(back.from_address).toMatchObject({ street1: '12 Bleecker St', zip: '10012' });
    expect(ep.purchases.filter((p) => p.shipmentId === back.id)).toHaveLength(1);
    const [mail] = rowsOf<{ attachments: Array<{ filename: string }> }>(
      await t.database.db.execute(
        sql`select attachments from outbox_mail where to_address = 'tracked@example.com' and kind = 'return-approved'`,
      ),
    );
    expect(mail!.attachments.map((a) => a.filename)).toEqual([`return-label-${rma}.pdf`]);
  });

  it('below the signature threshold the label asks for none, and the e-mail does not promise one', async () => {
    const owner = (await staffSession(t, 'owner')).cookie;
    const read = (await adminCall(t, owner, 'GET', '/settings')).json().data;
    const put = await adminCall(t, owner, 'PUT', '/settings', {
      version: read.version,
      settings: { ...read.settings, signatureOverCents: 10_000_000 },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const o = await placeDiamondOrder(t, 'nosign@example.com');
      await readyToShip(o.number);
      const label = (await adminCall(t, fulfilment, 'POST', `/orders/${o.number}/label`)).json().data.shipments[0];
      expect(label.signature).toBe(false);
      expect(ep.shipments.get(ep.purchases.at(-1)!.shipmentId)!.options.delivery_confirmation).toBe('NO_SIGNATURE');
      const moving = ep.trackerEvent(label.trackingNumber, 'in_transit');
      await webhook(moving.body, moving.headers);
      const mail = await lastMail(t, 'nosign@example.com', 'order-shipped');
      expect(mail.text).not.toContain('signature');
    } finally {
      const now = (await adminCall(t, owner, 'GET', '/settings')).json().data;
      await adminCall(t, owner, 'PUT', '/settings', {
        version: now.version,
        settings: { ...now.settings, signatureOverCents: read.settings.signatureOverCents },
      });
    }
  });

  it('limits what asks the carrier: 30 address checks a minute per client, 20 label purchases', async () => {
    const check = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout/address-check',
        payload: { ...ADDRESS, line1: '12 BLEECKER ST', city: 'NEW YORK' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 30; i++) expect((await check('10.36.0.1')).statusCode).toBe(200);
    const refused = await check('10.36.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another shopper is not held back by the first.
    expect((await check('10.36.0.2')).statusCode).toBe(200);

    const o = await placeDiamondOrder(t, 'limit@example.com');
    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${o.number}/label`,
        headers: { origin: ORIGIN, cookie: fulfilment },
        remoteAddress: '10.36.0.3',
      });
    // Not ready to ship: each is refused by the store (409) until the limit refuses it first.
    for (let i = 0; i < 20; i++) expect((await buy()).statusCode).toBe(409);
    expect((await buy()).statusCode).toBe(429);
  });
});
