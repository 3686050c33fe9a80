import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWebhookDelivery } from '@facet/contracts/webhooks';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, placeDiamondOrder, staffSession, stepOrder } from '../../test/staff.ts';
import { nextTry } from './service.ts';
import { verifySignature } from './signature.ts';

// A receiver on this machine (the store lets http through to it only by FEED_FETCH_ALLOW): what a
// bookkeeping tool or a warehouse would run.
let t: TestApp;
let receiver: Server;
let base: string;
let answer = 200;
const got: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
let owner: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'ok' : 'down for maintenance');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const port = (receiver.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ FEED_FETCH_ALLOW: `127.0.0.1:${port}` });
  owner = (await staffSession(t, 'owner')).cookie;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

const waitFor = async <T>(look: () => T | undefined, ms = 10_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = look();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('nothing arrived');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('outgoing webhooks', () => {
  it('an order placed and shipped is told to the receiver, signed with the secret shown once', async () => {
    const made = await adminCall(t, owner, 'POST', '/webhooks', {
      url: `${base}/orders`,
      events: ['order.placed', 'order.paid', 'order.shipped'],
      description: 'Bookkeeping',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { secret, id } = made.json().data as { secret: string; id: number };
    expect(secret).toMatch(/^whsec_/);
    // Never again: not in the list.
    const list = (await adminCall(t, owner, 'GET', '/webhooks')).json().data;
    expect(JSON.stringify(list)).not.toContain(secret);

    const order = await placeDiamondOrder(t);
    const placed = await waitFor(() =>
      got.find((g) => g.body.includes(order.number) && g.headers['facet-event'] === 'order.placed'),
    );
    const paid = await waitFor(() =>
      got.find((g) => g.body.includes(order.number) && g.headers['facet-event'] === 'order.paid'),
    );
    for (const g of [placed, paid]) {
      expect(verifySignature(secret, String(g.headers['facet-signature']), g.body)).toBe(true);
      // Altered by one character, or signed with another secret: refused.
      expect(verifySignature(secret, String(g.headers['facet-signature']), g.body.replace('"', "'"))).toBe(false);
      expect(verifySignature('whsec_other', String(g.headers['facet-signature']), g.body)).toBe(false);
      const event = JSON.parse(g.body) as {
        id: string;
        type: string;
        data: { orderNumber: string; totalCents: number };
      };
      expect(event.id).toBe(g.headers['facet-event-id']);
      expect(event.data.orderNumber).toBe(order.number);
      expect(event.data.totalCents).toBeGreaterThan(0);
    }
    expect(JSON.parse(placed.body).id).not.toBe(JSON.parse(paid.body).id);

    await stepOrder(t, owner, order.number, ['in_production', 'ready_to_ship', 'shipped']);
    const shipped = await waitFor(() =>
      got.find((g) => g.body.includes(order.number) && g.headers['facet-event'] === 'order.shipped'),
    );
    expect(JSON.parse(shipped.body).data.detail.trackingNumber).toBe('1Z999AA10123456784');
    // Only what it listens to: nothing for the steps before shipping.
    expect(got.filter((g) => g.body.includes(order.number))).toHaveLength(3);

    // The sender records the answer just after the receiver has it: the log catches up.
    const logged = async () =>
      (await adminCall(t, owner, 'GET', `/webhooks/deliveries?endpoint=${id}`)).json().data as AdminWebhookDelivery[];
    await expect.poll(async () => (await logged()).filter((d) => d.state === 'delivered').length).toBe(3);
    const log = await logged();
    expect(log[0]!.log[0]).toMatchObject({ status: 200, answer: 'ok', error: null });
  });

  it('a receiver that fails is tried again later, logged, and replayed by hand', async () => {
    const made = await adminCall(t, owner, 'POST', '/webhooks', { url: `${base}/flaky`, events: ['customer.created'] });
    const { id } = made.json().data as { id: number };
    answer = 503;
    const ping = (await adminCall(t, owner, 'POST', `/webhooks/${id}/ping`)).json().data as AdminWebhookDelivery;
    expect(ping).toMatchObject({ event: 'ping', state: 'pending', attempts: 1 });
    expect(ping.log[0]).toMatchObject({
      status: 503,
      answer: 'down for maintenance',
      error: 'The receiver answered 503.',
    });
    // The next try waits: 30 s after the first failure.
    const wait = new Date(ping.nextAt!).getTime() - new Date(ping.log[0]!.at).getTime();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(35_000);

    answer = 200;
    const again = (await adminCall(t, owner, 'POST', `/webhooks/deliveries/${ping.id}/replay`)).json()
      .data as AdminWebhookDelivery;
    expect(again).toMatchObject({ state: 'delivered', attempts: 2, eventId: ping.eventId });
    expect(again.log.map((a) => a.status)).toEqual([503, 200]);
  });

  it('backs off to an hour between tries and gives up a day after the event', () => {
    const event = new Date('2026-11-01T00:00:00Z');
    const after = (attempts: number, now: Date) => (nextTry(attempts, event, now)?.getTime() ?? 0) - now.getTime();
    expect(after(1, event)).toBe(30_000);
    expect(after(2, event)).toBe(60_000);
    expect(after(12, event)).toBe(3_600_000);
    expect(nextTry(20, event, new Date('2026-11-01T23:30:00Z'))).toBeNull();
  });

  it('refuses http addresses and never posts to a private one', async () => {
    const http = await adminCall(t, owner, 'POST', '/webhooks', {
      url: 'http://hooks.example.com/x',
      events: ['order.placed'],
    });
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toMatch(/only to https/);
    const inside = await adminCall(t, owner, 'POST', '/webhooks', {
      url: 'https://169.254.169.254/latest',
      events: ['order.placed'],
    });
    expect(inside.statusCode).toBe(201);
    const ping = (await adminCall(t, owner, 'POST', `/webhooks/${inside.json().data.id}/ping`)).json()
      .data as AdminWebhookDelivery;
    expect(ping.log[0]!.status).toBeNull();
    expect(ping.log[0]!.error).toMatch(/private or local address/);
  });

  it('is for the owner only', async () => {
    const manager = (await staffSession(t, 'manager')).cookie;
    expect((await adminCall(t, manager, 'GET', '/webhooks')).statusCode).toBe(403);
  });
});
