import { NO_GIFT_CARD_FOR_GIFT_CARD } from '@facet/contracts/gift-cards';
import { formatMoney } from '@facet/contracts/money';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { orderBody } from '../../test/checkout.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { testCardProvider, type PaymentProvider } from '../payments/index.ts';

// Gift cards as a jeweller and a shopper use them: issued and e-mailed with a code kept only as a
// hash; spent at checkout in part or in full beside a card; never overdrawn when two orders race;
// refunds go back to the gift card first; staff adjust and disable, and the liability adds up.

let t: TestApp;
let manager: string;
/** What the card provider was asked for: every authorisation and refund, in cents. */
const asked: Array<['authorize' | 'refund', number]> = [];
const base = testCardProvider();
const recording: PaymentProvider = {
  ...base,
  authorize: (r) => {
    asked.push(['authorize', r.amountCents]);
    return base.authorize(r);
  },
  refund: (r) => {
    asked.push(['refund', r.amountCents]);
    return base.refund(r);
  },
} as PaymentProvider;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ORDER_MAX: '1000', RATE_LIMIT_MAX: '100000' }, { payments: recording });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const api = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method, url: `/api${url}`, payload, headers });
  return { status: res.statusCode, body: res.json() };
};

/** A staff-issued card and its code, read from the e-mail the recipient gets. */
async function issue(amountCents: number, email = `friend.${randomUUID().slice(0, 6)}@example.com`) {
  const res = await adminCall(t, manager, 'POST', '/gift-cards', {
    amountCents,
    recipientName: 'Grace',
    recipientEmail: email,
    message: 'With thanks for your patience.',
    reason: 'Goodwill after a late delivery',
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await q<{ text: string; sensitive: boolean }>(
    sql`select text_body as text, sensitive from outbox_mail where kind = 'gift-card' and to_address = ${email}`,
  );
  const code = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(mail!.text)![1]!;
  return { card: res.json().data, code, mail: mail! };
}

/** A cart holding one piece dearer than `atLeast` cents; answers its session and price. */
async function cartWith(atLeast: number) {
  const [v] = await q<{ id: number; price: number }>(sql`
    select p.id, p.price_cents as price from product p join product_group g on g.id = p.group_id
    where g.published and not g.configurable and p.active and not g.stock_tracked and p.price_cents >= ${atLeast}
    order by p.price_cents, p.id limit 1`);
  const session = randomUUID();
  expect((await api('POST', '/cart/items', { kind: 'product', id: v!.id }, { 'x-session-id': session })).status).toBe(
    200,
  );
  return { session, price: v!.price };
}
const place = (session: string, extra: object) =>
  api('POST', '/order', orderBody(`buyer.${randomUUID().slice(0, 6)}@example.com`, extra), {
    'x-session-id': session,
    'idempotency-key': randomUUID(),
  });
const balance = async (code: string) => (await api('POST', '/gift-cards/balance', { code })).body.data.balanceCents;

describe('gift cards', () => {
  it('issued by staff: the recipient is e-mailed its code once; only its hash and last four are kept', async () => {
    const { card, code, mail } = await issue(10_000);
    expect(card).toMatchObject({ initialCents: 10_000, balanceCents: 10_000, active: true, last4: code.slice(-4) });
    expect(mail.sensitive).toBe(true);
    expect(mail.text).toContain('With thanks for your patience.');
    const [row] = await q<{ hash: string }>(sql`select code_hash as hash from gift_card where id = ${card.id}`);
    expect(row!.hash).toBe(createHash('sha256').update(code.replace(/-/g, '')).digest('hex'));
    const stored = JSON.stringify(await q(sql`select * from gift_card where id = ${card.id}`));
    expect(stored).not.toContain(code.replace(/-/g, ''));
    // Typed any way a person would.
    expect(await balance(code.toLowerCase().replace(/-/g, ' '))).toBe(10_000);
    const unknown = await api('POST', '/gift-cards/balance', { code: 'ABCD-EFGH-JKMN-PQRS' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no gift card with that code/);
    expect((await api('POST', '/gift-cards/balance', { code: 'short' })).status).toBe(400);
  });

  it('pays $100 of an order and the card pays the rest; a refund goes back to the gift card first, then the card', async () => {
    const { card, code } = await issue(10_000);
    const { session } = await cartWith(30_000);
    asked.length = 0;
    const order = await place(session, { giftCards: [code] });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const total = order.body.data.totals.totalCents as number;
    expect(order.body.data.giftCards).toEqual([{ last4: card.last4, cents: 10_000 }]);
    expect(asked).toEqual([['authorize', total - 10_000]]);
    expect(await balance(code)).toBe(0);

    const number = order.body.data.number as string;
    const staffOrder = async () => (await adminCall(t, manager, 'GET', `/orders/${number}`)).json().data;
    const refund = async (amountCents: number) => {
      const o = await staffOrder();
      const res = await adminCall(t, manager, 'POST', `/orders/${number}/refunds`, {
        version: o.version,
        amountCents,
        reason: 'Returned within 30 days',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const refundMails = async () =>
      (
        await q<{ text: string }>(
          sql`select text_body as text from outbox_mail where kind = 'order-refunded' and subject like ${`%${number}%`} order by id`,
        )
      ).map((m) => m.text);
    asked.length = 0;
    await refund(4_000);
    expect(await balance(code)).toBe(4_000);
    expect(asked).toEqual([]);
    // The e-mail says where the money went: the gift card, spendable now; no bank, no card.
    const [toGift] = await refundMails();
    expect(toGift).toContain(`We refunded $40.00 to the gift card ending ${card.last4}.`);
    expect(toGift).not.toMatch(/bank|card you paid with|ending 4242/);
    await refund(total - 4_000);
    expect(await balance(code)).toBe(10_000);
    expect(asked).toEqual([['refund', total - 10_000]]);
    const [, split] = await refundMails();
    expect(split).toContain(
      `We refunded $60.00 to the gift card ending ${card.last4} and ${formatMoney(total - 10_000, { exact: true })} to your Visa ending 4242.`,
    );
    expect(split).toContain('business days for your bank to show the card refund');
    const ledger = (await adminCall(t, manager, 'GET', `/gift-cards/${card.id}`)).json().data.ledger;
    expect(
      ledger.map((e: { kind: string; cents: number; balanceCents: number }) => [e.kind, e.cents, e.balanceCents]),
    ).toEqual([
      ['issue', 10_000, 10_000],
      ['redeem', -10_000, 0],
      ['refund', 4_000, 4_000],
      ['refund', 6_000, 10_000],
    ]);
  });

  it('pays a whole order with no card at all', async () => {
    const { code } = await issue(1_000_000);
    const { session } = await cartWith(10_000);
    asked.length = 0;
    const { card: _card, ...noCard } = orderBody('x@example.com');
    const order = await api(
      'POST',
      '/order',
      { ...noCard, email: 'whole@example.com', giftCards: [code] },
      {
        'x-session-id': session,
        'idempotency-key': randomUUID(),
      },
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(asked).toEqual([]);
    expect(order.body.data.payment).toMatchObject({ brand: 'Gift card' });
    expect(await balance(code)).toBe(1_000_000 - order.body.data.totals.totalCents);
  });

  it('two orders at once spending the same $100 card: one takes it all, the other is told what is left and charged nothing', async () => {
    const { code } = await issue(10_000);
    const carts = await Promise.all([cartWith(30_000), cartWith(30_000)]);
    asked.length = 0;
    const answers = await Promise.all(carts.map((c) => place(c.session, { giftCards: [code] })));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.status).toBe(409);
    expect(refused[0]!.body.message).toMatch(/has \$0\.00 left, less than this order needed: nothing was charged/);
    expect(asked.filter(([k]) => k === 'authorize')).toHaveLength(1);
    expect(await balance(code)).toBe(0);
  });

  it('staff adjust with a reason and disable; a disabled card is refused; the liability adds up', async () => {
    const { card, code } = await issue(5_000);
    const adjusted = await adminCall(t, manager, 'POST', `/gift-cards/${card.id}/adjust`, {
      version: card.version,
      amountCents: 2_500,
      reason: 'Price match',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json().data.balanceCents).toBe(7_500);
    const tooMuch = await adminCall(t, manager, 'POST', `/gift-cards/${card.id}/adjust`, {
      version: adjusted.json().data.version,
      amountCents: -10_000,
      reason: 'Oops',
    });
    expect(tooMuch.statusCode).toBe(400);
    const stale = await adminCall(t, manager, 'POST', `/gift-cards/${card.id}/disable`, {
      version: card.version,
      reason: 'Reported lost',
    });
    expect(stale.statusCode).toBe(409);
    const off = await adminCall(t, manager, 'POST', `/gift-cards/${card.id}/disable`, {
      version: adjusted.json().data.version,
      reason: 'Reported lost',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await api('POST', '/gift-cards/balance', { code })).body.data).toMatchObject({ active: false });
    const { session } = await cartWith(10_000);
    const refused = await place(session, { giftCards: [code] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/cannot be used/);

    const { cards, liability } = (await adminCall(t, manager, 'GET', '/gift-cards')).json().data;
    const [sums] = await q<{ active: number; all: number }>(sql`
      select coalesce(sum(balance_cents) filter (where active), 0)::int as active, coalesce(sum(balance_cents), 0)::int as all from gift_card`);
    expect(liability.outstandingCents).toBe(sums!.active);
    expect(liability.issuedCents - liability.redeemedCents + liability.adjustedCents).toBe(sums!.all);
    expect(cards.length).toBe(liability.cards);
    const support = (await staffSession(t, 'support')).cookie;
    expect((await adminCall(t, support, 'GET', '/gift-cards')).statusCode).toBe(403);
  });

  it('bought in the store: no tax, no shipping, no discount code; e-mailed to the recipient today, and it pays $100 of another shopper’s order', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.STORE_TIMEZONE }).format(new Date());
    const session = randomUUID();
    const card = {
      amountCents: 15_000,
      recipientName: 'Ines',
      recipientEmail: 'ines@example.com',
      senderName: 'Marta',
      message: 'Happy birthday!',
      deliverOn: today,
    };
    const bad = await api(
      'POST',
      '/cart/items',
      { kind: 'gift-card', card: { ...card, message: 'see https://x.example' } },
      { 'x-session-id': session },
    );
    expect(bad.status).toBe(400);
    const past = await api(
      'POST',
      '/cart/items',
      { kind: 'gift-card', card: { ...card, deliverOn: '2020-01-01' } },
      { 'x-session-id': session },
    );
    expect(past.status).toBe(400);
    const added = await api('POST', '/cart/items', { kind: 'gift-card', card }, { 'x-session-id': session });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.lines[0]).toMatchObject({
      kind: 'gift-card',
      unitPriceCents: 15_000,
      title: 'Gift card for Ines',
    });
    // Not with another gift card (a stolen card would become a fresh one sent anywhere), not even in part.
    const { code: spendable } = await issue(5_000);
    asked.length = 0;
    const withGift = await place(session, { giftCards: [spendable] });
    expect(withGift.status).toBe(422);
    expect(withGift.body.message).toBe(NO_GIFT_CARD_FOR_GIFT_CARD);
    expect(await balance(spendable)).toBe(5_000);
    expect(asked).toEqual([]);
    const order = await place(session, {});
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data.totals).toMatchObject({
      subtotalCents: 15_000,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 15_000,
    });
    const [mail] = await q<{ text: string }>(
      sql`select text_body as text from outbox_mail where kind = 'gift-card' and to_address = 'ines@example.com'`,
    );
    expect(mail!.text).toContain('Marta sent you a Facet Fine Jewelry gift card for $150.');
    expect(mail!.text).toContain('Happy birthday!');
    const code = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(mail!.text)![1]!;
    expect(await balance(code)).toBe(15_000);

    // Another shopper pays $100 with it, the rest by card.
    const other = await cartWith(30_000);
    const [v] = await q<{ n: number }>(sql`select count(*)::int as n from gift_card_entry where kind = 'issue'`);
    expect(v!.n).toBeGreaterThan(0);
    asked.length = 0;
    const paid = await place(other.session, { giftCards: [code] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.giftCards[0].cents).toBe(15_000);
    expect(asked).toEqual([['authorize', paid.body.data.totals.totalCents - 15_000]]);
  });
  it('refunding an order that bought gift cards takes back what is left on them, never money they can still spend or already spent', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.STORE_TIMEZONE }).format(new Date());
    const later = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.STORE_TIMEZONE }).format(
      new Date(Date.now() + 30 * 86_400_000),
    );
    const { session } = await cartWith(20_000);
    const email = `june.${randomUUID().slice(0, 6)}@example.com`;
    const card = { recipientName: 'June', recipientEmail: email, senderName: 'Ray', message: '' };
    for (const c of [
      { ...card, amountCents: 10_000, deliverOn: today },
      { ...card, amountCents: 5_000, deliverOn: later },
    ])
      expect(
        (await api('POST', '/cart/items', { kind: 'gift-card', card: c }, { 'x-session-id': session })).status,
      ).toBe(200);
    const order = await place(session, {});
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const number = order.body.data.number as string;
    const paidCents = order.body.data.totals.totalCents as number;
    const [mail] = await q<{ text: string }>(
      sql`select text_body as text from outbox_mail where kind = 'gift-card' and to_address = ${email}`,
    );
    const code = /\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(mail!.text)![1]!;
    // The recipient spends $30 of the card sent today on an order of their own.
    const theirs = await cartWith(3_000);
    const spent = await place(theirs.session, { giftCards: [code] });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    const spentCents = spent.body.data.giftCards[0].cents as number;
    expect(await balance(code)).toBe(10_000 - spentCents);

    const staffOrder = async () => (await adminCall(t, manager, 'GET', `/orders/${number}`)).json().data;
    const refund = async (amountCents: number, takeBackGiftCards?: boolean) =>
      adminCall(t, manager, 'POST', `/orders/${number}/refunds`, {
        version: (await staffOrder()).version,
        amountCents,
        reason: 'Changed their mind',
        ...(takeBackGiftCards === undefined ? {} : { takeBackGiftCards }),
      });
    const before = await staffOrder();
    expect(before.refundableCents).toBe(paidCents - 15_000);
    expect(
      before.boughtGiftCards.map((c: { balanceCents: number; takenBack: boolean }) => [c.balanceCents, c.takenBack]),
    ).toEqual([
      [10_000 - spentCents, false],
      [5_000, false],
    ]);
    // The whole payment back while the cards can still be spent: refused, nothing refunded.
    const all = await refund(paidCents);
    expect(all.statusCode).toBe(422);
    expect(all.json().message).toBe(
      `At most ${formatMoney(paidCents - 15_000, { exact: true })} can be refunded while the gift cards this order bought can still be spent: take them back to refund more.`,
    );
    expect((await staffOrder()).refundedCents).toBe(0);
    // Taken back: what was left on them comes back; what was spent does not.
    const most = paidCents - spentCents;
    expect((await refund(most + 1, true)).statusCode).toBe(422);
    const back = await refund(most, true);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.refundedCents).toBe(most);
    expect(
      back
        .json()
        .data.boughtGiftCards.every(
          (c: { takenBack: boolean; balanceCents: number }) => c.takenBack && c.balanceCents === 0,
        ),
    ).toBe(true);
    // The card can no longer be spent; the one for later is never sent.
    const again = await cartWith(3_000);
    expect((await place(again.session, { giftCards: [code] })).status).not.toBe(200);
    const ledger = (await adminCall(t, manager, 'GET', `/gift-cards/${before.boughtGiftCards[0].id}`)).json().data
      .ledger;
    expect(ledger.at(-1)).toMatchObject({
      kind: 'take-back',
      cents: -(10_000 - spentCents),
      balanceCents: 0,
      orderNumber: number,
    });
    const [later2] = await q<{ active: boolean; delivered: boolean }>(
      sql`select active, delivered_at is not null as delivered from gift_card where id = ${before.boughtGiftCards[1].id}`,
    );
    expect(later2).toEqual({ active: false, delivered: false });
  });
});
