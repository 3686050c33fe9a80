import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { lastMail } from '../../test/accounts.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';

// The owner words the e-mails customers read most; what must be exact (insurance, signature,
// tracking) the store still writes after them, from the order.

let t: TestApp;
let manager: string, fulfilment: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
  fulfilment = (await staffSession(t, 'fulfilment')).cookie;
});
afterAll(() => t.close());

const list = async () =>
  (await adminCall(t, manager, 'GET', '/mail-words')).json().data as Array<{
    kind: string;
    subject: string;
    body: string;
    edited: boolean;
    version: number;
  }>;
const ship = async (email: string) => {
  const o = await placeDiamondOrder(t, email);
  let d = (await adminCall(t, fulfilment, 'GET', `/orders/${o.number}`)).json().data;
  for (const status of ['in_production', 'ready_to_ship'])
    d = (await adminCall(t, fulfilment, 'POST', `/orders/${o.number}/status`, { version: d.version, status })).json()
      .data;
  const res = await adminCall(t, fulfilment, 'POST', `/orders/${o.number}/status`, {
    version: d.version,
    status: 'shipped',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { number: o.number, mail: await lastMail(t, email, 'order-shipped') };
};

describe("the e-mails' words", () => {
  it('start as the store’s own; the owner’s words go out with the order’s facts, and the exact part stays', async () => {
    const before = await list();
    expect(before.map((w) => w.kind)).toEqual([
      'order-confirmation',
      'order-shipped',
      'order-delivered',
      'return-approved',
      'service-received',
      'gift-card',
      'date-note',
    ]);
    expect(before.every((w) => !w.edited)).toBe(true);
    const plain = await ship('plain.words@example.com');
    expect(plain.mail.subject).toBe(`Your Facet Fine Jewelry order ${plain.number} has shipped`);

    const saved = await adminCall(t, manager, 'PUT', '/mail-words/order-shipped', {
      version: before[0]!.version,
      subject: '{{firstName}}, your {{storeName}} piece is on its way',
      body: 'Dear {{firstName}},\n\nOrder **{{orderNumber}}** left the workshop today with {{carrier}} ({{trackingNumber}}).',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.find((w: { kind: string }) => w.kind === 'order-shipped')).toMatchObject({
      edited: true,
      version: before[0]!.version + 1,
    });

    const { number, mail } = await ship('owner.words@example.com');
    expect(mail.subject).toBe('Ada, your Facet Fine Jewelry piece is on its way');
    expect(mail.html).toContain(
      `Order <strong>${number}</strong> left the workshop today with UPS (1Z999AA10123456784).`,
    );
    expect(mail.text).toContain(`Order ${number} left the workshop today with UPS (1Z999AA10123456784).`);
    // What the store must say exactly is still there, from the order.
    expect(mail.text).toContain('It travels insured, and needs a signature on delivery.');
    expect(mail.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('refuses a placeholder the e-mail does not have and a save from a stale page; nothing changes', async () => {
    const [first] = await list();
    const typo = await adminCall(t, manager, 'PUT', '/mail-words/order-delivered', {
      version: first!.version,
      subject: 'Delivered',
      body: 'Hello {{firstname}}, order {{orderNumber}} was delivered.',
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors.body).toContain('{{firstname}}');
    const stale = await adminCall(t, manager, 'PUT', '/mail-words/order-delivered', {
      version: first!.version - 1,
      subject: 'Delivered',
      body: 'Hello {{firstName}}.',
    });
    expect(stale.statusCode).toBe(409);
    expect((await list()).find((w) => w.kind === 'order-delivered')!.edited).toBe(false);
  });

  it('previews with the newest real order, then goes back to the store’s own words; audited', async () => {
    const { number } = await ship('preview.words@example.com');
    const preview = await adminCall(t, manager, 'POST', '/mail-words/order-shipped/preview', {
      subject: 'Shipped: {{orderNumber}}',
      body: 'Hello {{firstName}}, {{orderNumber}} is with {{carrier}}.',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ subject: `Shipped: ${number}`, from: `order ${number}` });
    expect(preview.json().data.text).toContain(`Hello Ada, ${number} is with UPS.`);

    const version = (await list())[0]!.version;
    const reset = await adminCall(t, manager, 'DELETE', `/mail-words/order-shipped?version=${version}`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.find((w: { kind: string }) => w.kind === 'order-shipped').edited).toBe(false);
    const again = await ship('reset.words@example.com');
    expect(again.mail.subject).toBe(`Your Facet Fine Jewelry order ${again.number} has shipped`);

    const audit = await adminCall(t, (await staffSession(t, 'owner')).cookie, 'GET', '/audit?entity=mail_words');
    expect(audit.json().data.rows.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['mail.words.save', 'mail.words.reset']),
    );
  });
});
