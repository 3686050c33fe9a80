import { randomBytes } from 'node:crypto';
import { paymentText, type TaxLine } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';
import type { BalanceAnswer } from '@facet/contracts/quotes';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Unprocessable } from '../../errors.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { hashToken, newReference, newToken } from '../../secrets.ts';
import { storeInfo, type SettingsSource } from '../../store-facts.ts';
import { enqueueMail, layout, type MailOutbox, type StoreInfo } from '../mail/index.ts';
import type { Card, PaymentProvider } from '../payments/index.ts';
import { takeLinkPayment, type LinkPaid, type LinkPaymentState } from './link-payment.ts';
import { orderRepository as repo, type InstalmentRow, type OrderRow } from './repository.ts';
import { orderStock } from './stock.ts';
import { creditInstalments, dueAtLink } from './layaway.ts';
import { storeToday } from '../gift-cards/index.ts';

// An order paid in parts: a commission's deposit when its quote is accepted, the balance when the
// piece is ready (asked for by e-mail, paid at a link), and it ships only once paid in full. Each
// payment is kept apart (order_payment), so a refund goes back to them in the order they came in.

const money = (c: number) => formatMoney(c, { exact: true });
/** What is still to pay on an order (0 once paid in full). */
export const balanceOf = (o: Pick<OrderRow, 'totalCents' | 'paidCents'>) => Math.max(0, o.totalCents - o.paidCents);

export interface DepositOrderLine {
  kind: 'product' | 'configured' | 'diamond' | 'gemstone' | 'custom';
  refId: number;
  title: string;
  details: string[];
  image: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** The one-of-a-kind stones it holds (a loose stone, a ring's center). */
  stones: Array<{ kind: 'diamond' | 'gemstone'; id: number }>;
  /** A configured ring: what is made, and its melee taken from stock. */
  configuration: unknown;
  melee: { id: number; stones: number } | null;
  /** A piece on hand: taken from stock. */
  onHand: boolean;
}

export interface DepositOrderInput {
  email: string;
  userId: number | null;
  address: OrderRow['shippingAddress'];
  lines: DepositOrderLine[];
  amounts: { subtotalCents: number; shippingCents: number; taxCents: number; taxLines: TaxLine[]; totalCents: number };
  depositCents: number;
  paid: LinkPaid | null;
  provider: string;
  /** The hold its stones are under until now (they are sold to this order from it). */
  holdReason: string;
  /** One order per accepted quote version, whatever is retried. */
  idempotencyKey: string;
  /** Said on the order's timeline ("Quote QTE-… version 2"). */
  source: string;
}

/**
 * The order a commission becomes when its deposit is paid: straight into production, the deposit
 * recorded as its first payment, its named stones sold to it from the quote's hold. Throws Conflict
 * (changing nothing) when a stone or piece is no longer there.
 */
export async function placeDepositOrder(
  deps: { settings: SettingsSource },
  tx: DbOrTx,
  x: DepositOrderInput,
): Promise<OrderRow & { accessToken: string }> {
  const prior = await repo.byIdempotency(tx, 'quote', x.idempotencyKey);
  if (prior) throw new Conflict('This quote was accepted already.');
  for (const l of x.lines) {
    for (const st of l.stones)
      if (!(await repo.sellHeldStone(tx, st.kind, st.id, x.holdReason)))
        throw new Conflict(`${l.title} is no longer available: nothing was charged. We will be in touch.`);
    if (l.melee && !(await orderStock.takeMelee(tx, l.melee.id, l.melee.stones)))
      throw new Conflict(`${l.title}: its small stones are out of stock: nothing was charged. We will be in touch.`);
    if (l.onHand && !(await orderStock.takeStock(tx, l.refId, l.quantity)))
      throw new Conflict(`${l.title} is no longer in stock: nothing was charged. We will be in touch.`);
  }
  const settings = deps.settings.current();
  const standard = settings.shipping.standard;
  const accessToken = randomBytes(24).toString('base64url');
  const card = x.paid ?? { ref: `deposit:${x.idempotencyKey}`, brand: '', last4: '' };
  const row = await repo.insert(tx, {
    number: newReference('FCT'),
    userId: x.userId,
    email: x.email,
    accessTokenHash: hashToken(accessToken),
    status: 'in_production',
    shippingAddress: x.address,
    billingAddress: x.address,
    shippingMethod: 'standard',
    shippingLabel: standard.label,
    shippingDays: standard.days,
    subtotalCents: x.amounts.subtotalCents,
    shippingCents: x.amounts.shippingCents,
    taxCents: x.amounts.taxCents,
    taxLines: x.amounts.taxLines,
    totalCents: x.amounts.totalCents,
    paidCents: x.depositCents,
    paymentState: 'paid',
    paymentProvider: x.provider,
    paymentRef: card.ref,
    cardBrand: card.brand,
    cardLast4: card.last4,
    idempotencyScope: 'quote',
    idempotencyKey: x.idempotencyKey,
    requestHash: x.idempotencyKey,
    answer: {},
  });
  await orderStock.recordLines(
    tx,
    x.lines.map((l, i) => ({
      orderId: row.id,
      position: i,
      kind: l.kind,
      refId: l.refId,
      title: l.title,
      details: l.details,
      image: l.image,
      configuration: l.configuration ?? null,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
    })),
  );
  const stones = x.lines.flatMap((l) => l.stones.map((st) => ({ orderId: row.id, kind: st.kind, stoneId: st.id })));
  if (stones.length) await repo.insertStones(tx, stones);
  if (x.paid && x.depositCents > 0)
    await repo.insertPayment(tx, {
      orderId: row.id,
      kind: 'deposit',
      provider: x.provider,
      ref: x.paid.ref,
      amountCents: x.depositCents,
      cardBrand: x.paid.brand,
      cardLast4: x.paid.last4,
    });
  await repo.insertEvent(tx, {
    orderId: row.id,
    type: 'placed',
    visibleToCustomer: true,
    data: {
      totalCents: x.amounts.totalCents,
      depositCents: x.depositCents,
      card: x.paid ? paymentText(x.paid) : '',
      source: x.source,
    },
  });
  await repo.insertEvent(tx, {
    orderId: row.id,
    type: 'status',
    visibleToCustomer: true,
    data: { from: 'placed', to: 'in_production' },
  });
  return { ...row, accessToken };
}

/** What the balance e-mail and page say. */
function balanceMail(store: StoreInfo, o: OrderRow, dueCents: number, url: string) {
  const first = o.shippingAddress.name.split(' ')[0] ?? '';
  return layout(store, `Your piece is ready — ${money(dueCents)} to pay for order ${o.number}`, {
    greeting: `Hello ${first},`,
    paragraphs: [
      `Your order ${o.number} is ready. Of its ${money(o.totalCents)}, you have paid ${money(o.paidCents)}; the balance is ${money(dueCents)}.`,
      'It ships, insured, as soon as the balance is paid.',
    ],
    action: { label: `Pay ${money(dueCents)}`, url },
    after: ['Reply to this e-mail or call us with any question; quote the order number.'],
  });
}

/**
 * Staff marked an order ready: when some of it is still to pay, the customer is e-mailed the
 * balance with a link to pay it (a new link each time; only its hash is kept).
 */
export async function askForBalance(
  deps: { settings: SettingsSource; config: Config },
  tx: DbOrTx,
  o: OrderRow,
): Promise<boolean> {
  const due = balanceOf(o);
  // A layaway's instalments keep their own days (each asked for by its own e-mail when refused).
  if (due <= 0 || o.plan === 'layaway') return false;
  const token = newToken();
  await repo.setBalanceLink(tx, o.id, { balanceTokenHash: hashToken(token) });
  const store = storeInfo(deps.settings.current(), deps.config);
  const url = `${store.publicUrl}/pay/${o.number}?token=${token}`;
  await enqueueMail(tx, { kind: 'order-balance-due', to: o.email, ...balanceMail(store, o, due, url) });
  await repo.insertEvent(tx, {
    orderId: o.id,
    type: 'balance-asked',
    visibleToCustomer: true,
    data: { amountCents: due },
  });
  return true;
}

export interface BalanceDeps {
  db: Db;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: PaymentProvider;
}
type Who = { userId: number | null; token: string | null };

/**
 * The order whose balance its customer may see: signed in as its owner, or with the balance e-mail's
 * link, or with the order's own link (the confirmation e-mail's, which opens the order page).
 */
async function orderForBalance(db: DbOrTx, number: string, who: Who, lock = false): Promise<OrderRow> {
  const o = lock ? await repo.lockByNumber(db, number) : await repo.byNumber(db, number);
  const hash = who.token !== null ? hashToken(who.token) : null;
  const mine =
    o &&
    ((who.userId !== null && o.userId === who.userId) ||
      (hash !== null && (hash === o.balanceTokenHash || hash === o.accessTokenHash)));
  if (!mine) throw new NotFound('There is no such order, or this link is no longer valid.');
  return o;
}

async function answerOf(
  db: DbOrTx,
  o: OrderRow,
  browser: BalanceAnswer['payment'],
  tz: string,
): Promise<BalanceAnswer> {
  // One read for both (the answer after every payment at the link).
  const both = await repo.paymentsAndInstalments(db, o.id);
  const payments = both.payments.map((p) => ({ ...p, at: new Date(p.at) }));
  const due =
    o.plan === 'layaway' && o.status !== 'cancelled'
      ? dueAtLink((both.instalments ?? []) as InstalmentRow[], storeToday(tz), balanceOf(o))
      : null;
  return {
    ...(o.plan === 'layaway' ? { dueNow: due ? { cents: due.cents, label: due.label } : null } : {}),
    number: o.number,
    status: o.status,
    name: o.shippingAddress.name,
    totalCents: o.totalCents,
    paidCents: o.paidCents,
    balanceCents: o.status === 'cancelled' ? 0 : balanceOf(o),
    payments: payments.map((p) => ({
      kind: p.kind,
      amountCents: p.amountCents,
      card: paymentText({ brand: p.cardBrand, last4: p.cardLast4 }),
      at: p.at.toISOString(),
    })),
    payment: browser,
  };
}

export const balanceForCustomer = async (db: Db, number: string, who: Who, tz: string) =>
  answerOf(db, await orderForBalance(db, number, who), null, tz);

interface BalanceState extends LinkPaymentState {
  deps: BalanceDeps;
  tx: DbOrTx;
  number: string;
  who: Who;
  card?: Card;
  o?: OrderRow;
  dueCents?: number;
  /** Layaway: the instalments this payment pays (the rest stay on their days). */
  instalments?: { ids: number[]; label: string };
}

/**
 * Paying the balance, in one transaction on the locked order (two tabs: the second finds it paid and
 * pays nothing): the amount is what the order says is left, the payment taken (given back if the
 * rest fails), credited once, on the timeline, and the customer's receipt.
 */
export const PAY_BALANCE_STEPS: Array<Step<BalanceState>> = [
  {
    name: 'read balance',
    async run(s) {
      s.o = await orderForBalance(s.tx, s.number, s.who, true);
      if (s.o.status === 'cancelled') throw new Conflict('This order was cancelled: there is nothing to pay.');
      s.dueCents = balanceOf(s.o);
      if (s.o.plan === 'layaway') {
        // Under the order's lock: an instalment charged a moment ago is not asked for again.
        const due = dueAtLink(
          await repo.lockInstalments(s.tx, s.o.id),
          storeToday(s.deps.config.STORE_TIMEZONE),
          balanceOf(s.o),
        );
        s.dueCents = due?.cents ?? 0;
        if (due) s.instalments = { ids: due.ids, label: due.label };
      }
      if (s.dueCents <= 0) throw new Conflict('This order is paid in full. Thank you.');
    },
  },
  takeLinkPayment<BalanceState>(
    (s) => ({
      amountCents: s.dueCents!,
      reference: s.instalments
        ? `${s.o!.number}-${s.instalments.label.replace(/\W+/g, '-')}`
        : `${s.o!.number}-balance`,
      email: s.o!.email,
      card: s.card,
      intentRef: s.o!.balanceIntentRef,
    }),
    (s, ref) => repo.setBalanceLink(s.tx, s.o!.id, { balanceIntentRef: ref }),
  ),
  {
    name: 'credit payment',
    async run(s) {
      const o = s.o!;
      const paid = s.paid!;
      if (s.instalments) {
        await creditInstalments(
          s.tx,
          o,
          s.instalments.ids,
          s.dueCents!,
          { provider: s.deps.payments.name, ...paid },
          'link',
        );
        return;
      }
      if (
        !(await repo.insertPayment(s.tx, {
          orderId: o.id,
          kind: 'balance',
          provider: s.deps.payments.name,
          ref: paid.ref,
          amountCents: s.dueCents!,
          cardBrand: paid.brand,
          cardLast4: paid.last4,
        }))
      )
        throw new Conflict('This payment was credited already.');
      await repo.setPayment(s.tx, o.id, { paidCents: o.paidCents + s.dueCents! });
      await repo.setBalanceLink(s.tx, o.id, { balanceIntentRef: null });
      await repo.insertEvent(s.tx, {
        orderId: o.id,
        type: 'payment',
        visibleToCustomer: true,
        data: { amountCents: s.dueCents, card: paymentText(paid), kind: 'balance' },
      });
    },
  },
  {
    name: 'tell customer',
    async run(s) {
      const o = s.o!;
      const store = storeInfo(s.deps.settings.current(), s.deps.config);
      const first = o.shippingAddress.name.split(' ')[0] ?? '';
      const left = o.totalCents - o.paidCents - s.dueCents!;
      if (left > 0) {
        await enqueueMail(s.tx, {
          kind: 'order-instalment-paid',
          to: o.email,
          ...layout(store, `Payment received — order ${o.number}`, {
            greeting: `Hello ${first},`,
            paragraphs: [
              `Thank you: we received ${money(s.dueCents!)} (${paymentText(s.paid!)}) for ${s.instalments?.label ?? 'your order'} of order ${o.number}.`,
              `${money(left)} of its ${money(o.totalCents)} is still to pay; your account shows each instalment and its day.`,
            ],
            after: ['Reply to this e-mail or call us with any question; quote the order number.'],
          }),
        });
        return;
      }
      const mail = layout(store, `Paid in full — order ${o.number}`, {
        greeting: `Hello ${first},`,
        paragraphs: [
          `Thank you: we received ${money(s.dueCents!)} (${paymentText(s.paid!)}), and order ${o.number} is paid in full (${money(o.totalCents)}).`,
          'It ships, insured, within a business day; we e-mail you its tracking number.',
        ],
        after: ['Reply to this e-mail or call us with any question; quote the order number.'],
      });
      await enqueueMail(s.tx, { kind: 'order-balance-paid', to: o.email, ...mail });
      await enqueueMail(s.tx, {
        kind: 'order-notification',
        to: store.email,
        ...layout(store, `Order ${o.number} is paid in full`, {
          paragraphs: [`${o.shippingAddress.name} paid the balance of ${money(s.dueCents!)}. The order may ship.`],
          action: { label: 'Open the order', url: `${store.publicUrl}/admin/orders/${o.number}` },
        }),
      });
    },
  },
];

export async function payBalance(
  deps: BalanceDeps,
  number: string,
  who: Who,
  card: Card | undefined,
  hooks?: FlowHooks,
): Promise<BalanceAnswer> {
  const state = await deps.db.transaction(async (tx) =>
    runFlow('pay balance', PAY_BALANCE_STEPS, { deps, tx, number, who, card }, hooks),
  );
  if (state.browser) {
    const { clientSecret, publishableKey } = state.browser;
    return answerOf(deps.db, state.o!, { clientSecret, publishableKey }, deps.config.STORE_TIMEZONE);
  }
  void deps.outbox.kick();
  // The row as the flow left it (read under its lock, the payment added): no second read.
  const o = state.o!;
  return answerOf(deps.db, { ...o, paidCents: o.paidCents + state.dueCents! }, null, deps.config.STORE_TIMEZONE);
}

/** An order that cannot ship yet because some of it is unpaid says so (null: it may ship). */
export const unpaidReason = (o: Pick<OrderRow, 'number' | 'totalCents' | 'paidCents'>) =>
  balanceOf(o) > 0 ? `Order ${o.number} has ${money(balanceOf(o))} still to pay: it ships once paid in full.` : null;

/**
 * A refund to an order paid in parts: back to its payments in the order they came in, each never
 * more than it paid. Answers the provider's references and the card the most went back to.
 */
export async function refundPartPayments(
  payments: PaymentProvider,
  tx: DbOrTx,
  o: OrderRow,
  cents: number,
  key: string,
): Promise<{ refs: string[]; card: { brand: string; last4: string } } | null> {
  const rows = await repo.payments(tx, o.id);
  if (!rows.length) return null;
  // An order paid at checkout and later asked for more (a change) kept its checkout payment on the
  // order itself: it came in first, so it is refunded first. Its card part is what the order was
  // paid less gift cards, exchange credit and the later payments; gift cards are refunded before
  // any card, so what went back to this card so far is what was refunded beyond them.
  const later = rows.reduce((a, p) => a + p.amountCents, 0);
  const checkout =
    o.paymentProvider !== 'exchange' && !rows.some((p) => p.ref === o.paymentRef)
      ? Math.max(0, o.paidCents - o.giftCardCents - o.exchangeCreditCents - later)
      : 0;
  const parts = [
    ...(checkout > 0
      ? [
          {
            id: 0,
            ref: o.paymentRef,
            amountCents: checkout,
            refundedCents: Math.min(
              checkout,
              Math.max(0, o.refundedCents - o.giftCardCents - rows.reduce((a, p) => a + p.refundedCents, 0)),
            ),
            cardBrand: o.cardBrand,
            cardLast4: o.cardLast4,
          },
        ]
      : []),
    ...rows,
  ];
  let left = cents;
  const refs: string[] = [];
  let most = { cents: 0, brand: parts[0]!.cardBrand, last4: parts[0]!.cardLast4 };
  for (const p of parts) {
    const take = Math.min(left, p.amountCents - p.refundedCents);
    if (take <= 0) continue;
    refs.push((await payments.refund({ ref: p.ref, amountCents: take, key: `${key}:${p.id}` })).ref);
    // The checkout payment's refunds are counted on the order itself.
    if (p.id) await repo.setPaymentRefunded(tx, p.id, p.refundedCents + take);
    if (take > most.cents) most = { cents: take, brand: p.cardBrand, last4: p.cardLast4 };
    left -= take;
    if (!left) break;
  }
  if (left > 0) throw new Unprocessable(`At most ${money(cents - left)} can be refunded to this order's payments.`);
  return { refs, card: { brand: most.brand, last4: most.last4 } };
}
