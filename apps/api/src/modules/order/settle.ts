import type { SettingsSource } from '../../store-facts.ts';
import { paths } from '@facet/contracts/paths';
import type { Order } from '@facet/contracts/commerce';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict } from '../../errors.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { emptyCart } from '../cart/index.ts';
import { noteOrderFromCart } from '../reminders/index.ts';
import { enqueueMail, type MailOutbox } from '../mail/index.ts';
import { storeFacts, storeInfo } from '../../store-facts.ts';
import { orderConfirmation, orderNotification, orderUpdate } from './mail.ts';
import { paymentHold, type IntentProvider, type IntentState, type PaymentEvent } from '../payments/index.ts';
import { releaseRedemption } from '../promotions/index.ts';
import {
  boughtCards,
  deliverDueGiftCards,
  issueBoughtCards,
  returnToGiftCards,
  storeToday,
} from '../gift-cards/index.ts';
import { orderRepository as repo, type OrderRow } from './repository.ts';
import { orderStock } from './stock.ts';
import { confirmBy } from './supplier-stones.ts';

// Payments the shopper's browser makes to the provider (Stripe) after the order is written with
// its stones reserved. Whatever tells us first — the webhook, the confirmation page, the sweeper
// or the check at start-up — asks the provider for the payment's state and applies it here, under
// the order's row lock, so it happens exactly once: paid and stones sold; or lapsed and stones
// back on sale; never a paid order without its stones, never a stone sold twice.

export interface SettleDeps {
  db: Db;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: IntentProvider;
  onStonesSold: () => void;
  /** Told after each step of a flow (tests inject failures there). */
  hooks?: FlowHooks;
}

export type Settled = 'paid' | 'authorized' | 'pending' | 'expired' | 'refunded' | 'unknown';

const REFUSED_STONES =
  'Your payment arrived after the time we could hold this order for you, and its stones are no longer reserved for it. The full amount is refunded.';

async function returnStones(tx: DbOrTx, o: OrderRow) {
  await orderStock.releaseStones(tx, o.id);
  const lines = await repo.lines(tx, o.id);
  await orderStock.returnStock(tx, lines);
  await releaseRedemption(tx, o.id);
  // An order never paid gives its gift cards back all they paid.
  await returnToGiftCards(tx, o.id, o.giftCardCents, 'release', 'unpaid order');
}

/** The paid order as its customer is told: confirmation, the store's copy, the cart emptied. */
async function announcePaid(deps: SettleDeps, tx: DbOrTx, o: OrderRow, s: IntentState) {
  const prior = o.answer as Order & { accessToken: string };
  const answer: Order & { accessToken: string } = {
    ...prior,
    payment: { brand: s.brand, last4: s.last4, state: s.status === 'requires_capture' ? 'authorized' : 'paid' },
  };
  await repo.finalize(tx, o.id, { paymentRef: o.paymentRef, cardBrand: s.brand, cardLast4: s.last4, answer });
  await repo.insertEvent(tx, {
    orderId: o.id,
    type: 'placed',
    visibleToCustomer: true,
    data: {
      totalCents: o.totalCents,
      card: `${s.brand} ending ${s.last4}`,
      ...(o.plan === 'layaway' ? { plan: 'layaway', depositCents: s.receivedCents } : {}),
      ...(s.status === 'requires_capture' ? { authorizedOnly: true } : {}),
    },
  });
  const store = storeInfo(deps.settings.current(), deps.config);
  const link = `${store.publicUrl}/order-confirmation?number=${o.number}&token=${prior.accessToken}`;
  await enqueueMail(tx, {
    kind: 'order-confirmation',
    to: o.email,
    ...orderConfirmation(store, storeFacts(deps.settings.current(), deps.config), answer, link),
  });
  await enqueueMail(tx, {
    kind: 'order-notification',
    to: store.email,
    ...orderNotification(store, answer),
  });
  if (o.cartId) {
    await emptyCart(tx, o.cartId);
    await noteOrderFromCart(tx, o.cartId, o.number, answer.totals.totalCents);
  }
}

interface SettleState {
  deps: SettleDeps;
  tx: DbOrTx;
  o: OrderRow;
  s: IntentState;
  /** The stones went to someone else meanwhile: the money goes back instead. */
  unfillable?: boolean;
  done?: boolean;
}

/**
 * The shopper's payment arrived for an order still waiting: its reserved stones sold, the payment
 * recorded, the customer and the store told, the gift cards it bought issued — in the caller's
 * transaction, so a failure after any step leaves the order waiting and the next word from the
 * provider (webhook, sweeper, start-up check) settles it once.
 */
export const PAID_STEPS: Array<Step<SettleState>> = [
  {
    name: 'sell stones',
    async run(st) {
      if (await repo.sellOrderStones(st.tx, st.o.id, paymentHold(st.o.number))) return;
      st.unfillable = true;
      st.done = true;
    },
  },
  {
    name: 'record payment',
    async run(st) {
      // A supplier's stone: authorised only, charged once confirmed (supplier-stones.ts).
      const held = st.s.status === 'requires_capture';
      await repo.setPayment(st.tx, st.o.id, {
        paymentState: held ? 'authorized' : 'paid',
        paidCents: st.s.receivedCents + st.o.giftCardCents,
        cardBrand: st.s.brand,
        cardLast4: st.s.last4,
        ...(held ? { authorizedUntil: confirmBy(st.deps.settings.current()) } : {}),
      });
      // Layaway: the card the deposit was paid with is the one its instalments are charged to.
      if (st.o.plan === 'layaway')
        await repo.insertPayment(st.tx, {
          orderId: st.o.id,
          kind: 'deposit',
          provider: st.deps.payments.name,
          ref: st.s.ref,
          amountCents: st.s.receivedCents,
          cardBrand: st.s.brand,
          cardLast4: st.s.last4,
        });
      if (st.o.plan === 'layaway' && st.s.paymentMethod)
        await repo.setSavedCard(st.tx, st.o.id, {
          ref: st.s.paymentMethod,
          customer: st.s.customer ?? st.o.savedCard?.customer ?? null,
          brand: st.s.brand,
          last4: st.s.last4,
        });
    },
  },
  {
    name: 'announce',
    async run(st) {
      await announcePaid(st.deps, st.tx, st.o, st.s);
    },
  },
  {
    name: 'issue gift cards',
    async run(st) {
      await issueBoughtCards(st.tx, st.o.id, boughtCards(await repo.lines(st.tx, st.o.id)), st.o.email);
    },
  },
];

/**
 * A payment that will not come (cancelled at the provider): the stones and stock go back, the code
 * is free again, the gift cards get back what they paid, the order is recorded as lapsed — in the
 * caller's transaction, all or nothing.
 */
export const LAPSE_STEPS: Array<Step<SettleState>> = [
  {
    name: 'return stones',
    async run(st) {
      await orderStock.releaseStones(st.tx, st.o.id);
      await orderStock.returnStock(st.tx, await repo.lines(st.tx, st.o.id));
    },
  },
  {
    name: 'release code',
    async run(st) {
      await releaseRedemption(st.tx, st.o.id);
    },
  },
  {
    name: 'give back gift cards',
    async run(st) {
      // An order never paid gives its gift cards back all they paid.
      await returnToGiftCards(st.tx, st.o.id, st.o.giftCardCents, 'release', 'unpaid order');
    },
  },
  {
    name: 'record lapse',
    async run(st) {
      await repo.setPayment(st.tx, st.o.id, { paymentState: 'expired', status: 'cancelled' });
      await repo.insertEvent(st.tx, { orderId: st.o.id, type: 'payment-lapsed', data: { ref: st.s.ref } });
    },
  },
];

/** Applies the provider's word on one payment. Safe to call any number of times, from any instance. */
export async function applyIntent(deps: SettleDeps, s: IntentState): Promise<Settled> {
  let sold = false;
  const result = await deps.db.transaction(async (tx): Promise<Settled> => {
    const o = await repo.lockByPaymentRef(tx, s.ref);
    if (!o) return 'unknown';
    if (s.status === 'canceled') {
      if (o.paymentState !== 'pending') return o.paymentState;
      await runFlow('payment lapsed', LAPSE_STEPS, { deps, tx, o, s }, deps.hooks);
      return 'expired';
    }
    if (s.status !== 'succeeded' && s.status !== 'requires_capture') return o.paymentState;
    if (o.paymentState === 'paid' || o.paymentState === 'refunded' || o.paymentState === 'authorized')
      return o.paymentState;
    // Money for an order that no longer waits for it (lapsed, or cancelled by staff) goes back.
    if (o.paymentState !== 'pending') return refundAll(deps, tx, o, s);
    const paid = await runFlow('payment arrived', PAID_STEPS, { deps, tx, o, s }, deps.hooks);
    if (paid.unfillable) return refundAll(deps, tx, o, s);
    sold = true;
    return s.status === 'requires_capture' ? 'authorized' : 'paid';
  });
  if (sold) {
    await deliverDueGiftCards(
      deps.db,
      storeInfo(deps.settings.current(), deps.config),
      storeToday(deps.config.STORE_TIMEZONE),
    ).catch(() => 0);
    void deps.outbox.kick();
    deps.onStonesSold();
  }
  return result;
}

/**
 * The money arrived but the order cannot be filled: the refund is asked for inside the
 * transaction (with a key, so a retry after a crash is the same refund), then recorded.
 */
async function refundAll(deps: SettleDeps, tx: DbOrTx, o: OrderRow, s: IntentState): Promise<Settled> {
  if (o.paymentState === 'pending') await returnStones(tx, o);
  // Only authorised (a supplier's stone): released, nothing was taken to refund.
  const taken = s.status === 'requires_capture' ? 0 : s.receivedCents;
  if (!taken) await deps.payments.cancelIntent(s.ref);
  else await deps.payments.refund({ ref: s.ref, amountCents: taken, key: `${o.number}-unfillable` });
  await repo.setPayment(tx, o.id, {
    paymentState: taken ? 'refunded' : 'expired',
    status: 'cancelled',
    paidCents: taken,
    refundedCents: taken,
    cardBrand: s.brand,
    cardLast4: s.last4,
  });
  if (taken)
    await repo.insertEvent(tx, {
      orderId: o.id,
      type: 'refund',
      visibleToCustomer: true,
      data: { amountCents: taken, reason: REFUSED_STONES, totalRefundedCents: taken },
    });
  const store = storeInfo(deps.settings.current(), deps.config);
  const mail = orderUpdate(
    store,
    { number: o.number, name: o.shippingAddress.name },
    {
      kind: 'cancelled',
      reason: taken ? REFUSED_STONES : REFUSED_STONES.replace(' The full amount is refunded.', ' Nothing was charged.'),
      money: taken
        ? {
            kind: 'refunded',
            amountCents: taken,
            to: { giftCards: [], card: { brand: s.brand, last4: s.last4, cents: taken } },
          }
        : { kind: 'nothing-charged' },
    },
    `${store.publicUrl}${paths.orders()}`,
  );
  await enqueueMail(tx, { kind: 'order-cancelled', to: o.email, ...mail });
  return taken ? 'refunded' : 'expired';
}

/**
 * An unpaid order makes way for a new one from the same cart: its payment is cancelled at the
 * provider (so it cannot be taken afterwards) and its stones go back, in the caller's transaction.
 */
export async function withdrawUnpaid(tx: DbOrTx, payments: IntentProvider, o: OrderRow) {
  if (!(await payments.cancelIntent(o.paymentRef)))
    throw new Conflict(
      `Your payment for order ${o.number} has just gone through, so there is nothing more to pay. Look for its confirmation e-mail.`,
    );
  await returnStones(tx, o);
  await repo.setPayment(tx, o.id, { paymentState: 'expired', status: 'cancelled' });
  await repo.insertEvent(tx, { orderId: o.id, type: 'payment-lapsed', data: { ref: o.paymentRef, replaced: true } });
}

/** Asks the provider where a payment stands and applies it. */
export async function settlePayment(deps: SettleDeps, ref: string): Promise<Settled> {
  return applyIntent(deps, await deps.payments.retrieveIntent(ref));
}

/**
 * Reservations that ran out: the payment is cancelled at the provider first, so it cannot succeed
 * afterwards; only then are the stones put back. A payment that succeeded meanwhile (the cancel is
 * refused) is settled as paid instead.
 */
export async function expireLapsedPayments(deps: SettleDeps, now = new Date()) {
  let n = 0;
  for (const o of await repo.lapsedPayments(deps.db, now)) {
    const cancelled = await deps.payments.cancelIntent(o.ref);
    await settlePayment(deps, o.ref);
    if (cancelled) n++;
  }
  return n;
}

/** At start-up: every payment still open is asked about (a webhook may have been missed while down). */
export async function reconcilePayments(deps: SettleDeps) {
  for (const o of await repo.pendingPayments(deps.db)) await settlePayment(deps, o.ref);
}

/** A verified webhook event, handled once per event id. */
export async function handlePaymentEvent(deps: SettleDeps, e: PaymentEvent): Promise<string> {
  if (!(await repo.firstSight(deps.db, e.id, e.type))) return 'duplicate';
  try {
    switch (e.type) {
      case 'ignored':
        return 'ignored';
      case 'payment.succeeded':
      case 'payment.failed':
      case 'payment.canceled':
        // The event says what was true when it was sent; the payment's state now decides (events
        // may arrive out of order).
        return await settlePayment(deps, e.ref);
      case 'payment.refunded':
        return await recordOutsideRefund(deps, e.ref, e.refundedCents);
      case 'payment.disputed':
        return await recordDispute(deps, e.ref, e.reason, e.amountCents);
    }
  } catch (err) {
    // Not handled: forget the id so the provider's retry is handled.
    await repo.forgetSight(deps.db, e.id);
    throw err;
  }
}

/** A refund made at the provider (its dashboard): the order learns the amount; refunds from here are already counted. */
async function recordOutsideRefund(deps: SettleDeps, ref: string, refundedCents: number) {
  return deps.db.transaction(async (tx) => {
    const o = await repo.lockByPaymentRef(tx, ref);
    if (!o) return 'unknown';
    if (refundedCents <= o.refundedCents) return 'known';
    const amountCents = refundedCents - o.refundedCents;
    await repo.setPayment(tx, o.id, { refundedCents });
    await repo.insertEvent(tx, {
      orderId: o.id,
      type: 'refund',
      visibleToCustomer: true,
      data: { amountCents, reason: 'Refunded through the payment provider', totalRefundedCents: refundedCents },
    });
    const store = storeInfo(deps.settings.current(), deps.config);
    const mail = orderUpdate(
      store,
      { number: o.number, name: o.shippingAddress.name },
      // Made at the provider, so it went to the card the order was paid with.
      {
        kind: 'refunded',
        amountCents,
        to: { giftCards: [], card: { brand: o.cardBrand, last4: o.cardLast4, cents: amountCents } },
      },
      `${store.publicUrl}${paths.orders()}`,
    );
    await enqueueMail(tx, { kind: 'order-refunded', to: o.email, ...mail });
    return 'recorded';
  });
}

async function recordDispute(deps: SettleDeps, ref: string, reason: string, amountCents: number) {
  return deps.db.transaction(async (tx) => {
    const o = await repo.lockByPaymentRef(tx, ref);
    if (!o) return 'unknown';
    await repo.setPayment(tx, o.id, { disputed: true });
    await repo.insertEvent(tx, { orderId: o.id, type: 'dispute', data: { reason, amountCents } });
    return 'flagged';
  });
}
