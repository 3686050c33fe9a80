import type { StoreSettings } from '@facet/contracts/store-settings';
import type { RefundTo } from '@facet/contracts/refunds';
import { paths } from '@facet/contracts/paths';
import type { SettingsSource } from '../../store-facts.ts';
import {
  can,
  NEXT_STATUS,
  nextStatuses,
  type BULK_STATUSES,
  type BulkStatusAnswer,
  STATUS_LABELS,
  trackingUrl,
  type AdminOrder,
  type AdminOrderList,
  type AdminOrderQuery,
  type Carrier,
  type OrderStatus,
  type Role,
} from '@facet/contracts/admin';
import { settlePayment } from './settle.ts';
import { decimalPrice, formatMoney } from '@facet/contracts/money';
import { csvRow } from '../../csv.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, Conflict, Forbidden, NotFound, Unprocessable } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { enqueueMail, type MailOutbox } from '../mail/index.ts';
import { storeFacts, storeInfo } from '../../store-facts.ts';
import { hashToken, newToken } from '../../secrets.ts';
import { orderConfirmation, orderUpdate, type CancelledMoney, type OrderUpdate } from './mail.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { releaseRedemption } from '../promotions/index.ts';
import { giftCardsBoughtBy, giftPaymentsOf, heldByBoughtCards, returnToGiftCards } from '../gift-cards/index.ts';
import { orderRepository as repo, type OrderEventRow, type OrderRow } from './repository.ts';
import { orderStock } from './stock.ts';
import { toOrder } from './service.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { stateMachine } from '../../state-machine.ts';
import { askForBalance, refundPartPayments, unpaidReason } from './part-payments.ts';

// Orders after the sale, for staff: list, detail with its timeline, status steps, cancellation,
// notes and refunds. Each change is one transaction holding the order's row lock: the version
// check, the change, its timeline event, its audit record and the customer's e-mail commit
// together or not at all.

export interface BackOfficeDeps {
  db: Db;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: PaymentProvider;
  /** Stones went back on sale: catalogue copies refresh (the database also tells other instances). */
  onStonesReleased: () => void;
}

const STALE = 'This order was changed by someone else since you opened it. Reload it and try again.';
/** An order's statuses and the steps staff may take between them. */
const ORDERS = stateMachine<OrderStatus>({ noun: 'order', labels: STATUS_LABELS, moves: NEXT_STATUS, stale: STALE });

export async function listOrdersForStaff(db: Db, q: AdminOrderQuery): Promise<AdminOrderList> {
  const { rows, count, countCapped } = await repo.adminList(db, q);
  return {
    rows: rows.map((r) => ({
      ...r,
      status: r.status as OrderStatus,
      placedAt: new Date(r.placedAt).toISOString(),
      customerName: r.customerName ?? '',
    })),
    count,
    countCapped,
    page: q.page,
    pageSize: q.pageSize,
  };
}

const toEvent = (e: OrderEventRow) => ({
  id: e.id,
  type: e.type,
  at: e.at.toISOString(),
  by: e.staffName,
  visibleToCustomer: e.visibleToCustomer,
  data: e.data,
});

export async function orderForStaff(db: Db, settings: StoreSettings, number: string): Promise<AdminOrder> {
  const o = await repo.byNumber(db, number);
  if (!o) throw new NotFound(`There is no order ${number}.`);
  const [lines, events, stones, gifts, bought, readyMade] = await Promise.all([
    repo.lines(db, o.id),
    repo.events(db, o.id),
    repo.stones(db, o.id),
    o.giftCardCents ? giftPaymentsOf(db, o.id) : [],
    giftCardsBoughtBy(db, o.id),
    o.status === 'placed' ? repo.readyMade(db, o.id) : false,
  ]);
  const status = o.status as OrderStatus;
  return {
    ...toOrder(o, lines, settings, gifts),
    id: o.id,
    status,
    version: o.version,
    customerName: o.shippingAddress.name,
    userId: o.userId,
    paidCents: o.paidCents,
    refundedCents: o.refundedCents,
    boughtGiftCards: bought.cards,
    refundableCents: Math.max(0, o.paidCents - o.refundedCents - bought.heldCents),
    cancelledOwedCents:
      status === 'cancelled' && o.paymentState !== 'pending' ? Math.max(0, o.paidCents - o.refundedCents) : 0,
    paymentState: o.paymentState,
    disputed: o.disputed,
    carrier: (o.carrier as Carrier | null) ?? null,
    trackingNumber: o.trackingNumber,
    trackingUrl: o.carrier && o.trackingNumber ? trackingUrl(o.carrier as Carrier, o.trackingNumber) : null,
    stones: stones.map((st) => ({
      ...st,
      confirmedAt: st.confirmedAt ? new Date(st.confirmedAt).toISOString() : null,
    })),
    ...(o.paymentState === 'authorized' && o.authorizedUntil
      ? { supplierConfirmBy: o.authorizedUntil.toISOString() }
      : {}),
    events: events.map(toEvent),
    next: nextStatuses(status, readyMade).filter((s) => s !== 'cancelled'),
  };
}

/** Locks the order and checks the version the member saw. */
/** The order, locked, as its editor read it — or as it is now, for a step taken on many at once. */
async function lockFresh(tx: DbOrTx, number: string, version: number | 'current'): Promise<OrderRow> {
  const o = await repo.lockByNumber(tx, number);
  if (!o) throw new NotFound(`There is no order ${number}.`);
  if (version !== 'current') ORDERS.fresh(o.version, version);
  return o;
}

async function tellCustomer(
  deps: Pick<BackOfficeDeps, 'settings' | 'config'>,
  tx: DbOrTx,
  o: OrderRow,
  update: OrderUpdate,
  actor: Actor,
) {
  const store = storeInfo(deps.settings.current(), deps.config);
  const mail = orderUpdate(
    store,
    { number: o.number, name: o.shippingAddress.name },
    update,
    `${store.publicUrl}${paths.orders()}`,
  );
  await enqueueMail(tx, { kind: `order-${update.kind}`, to: o.email, ...mail });
  await repo.insertEvent(tx, {
    orderId: o.id,
    type: 'email',
    data: { subject: mail.subject, to: o.email },
    staffId: actor.id,
    staffName: actor.email,
  });
}

/** One step along placed → in production → ready to ship → shipped (with tracking) → delivered. */
export async function advanceOrder(
  deps: BackOfficeDeps,
  actor: Actor,
  number: string,
  input: { version: number; status: OrderStatus; carrier?: Carrier; trackingNumber?: string; signature?: boolean },
): Promise<AdminOrder> {
  await stepOrder(deps, actor, number, input);
  void deps.outbox.kick();
  return orderForStaff(deps.db, deps.settings.current(), number);
}

/**
 * The same step for many orders (selected in the list): each in its own transaction, so one that
 * cannot move (cancelled meanwhile, not at the step before) is reported and the rest still move.
 */
export async function advanceMany(
  deps: BackOfficeDeps,
  actor: Actor,
  input: {
    status: (typeof BULK_STATUSES)[number];
    orders: Array<{ number: string; carrier?: Carrier; trackingNumber?: string }>;
  },
): Promise<BulkStatusAnswer> {
  const moved: string[] = [];
  const refused: BulkStatusAnswer['refused'] = [];
  for (const o of input.orders)
    try {
      await stepOrder(deps, actor, o.number, { ...o, version: 'current', status: input.status });
      moved.push(o.number);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused.push({ number: o.number, reason: err.message });
    }
  if (moved.length) void deps.outbox.kick();
  return { status: input.status, moved, refused };
}

async function stepOrder(
  deps: BackOfficeDeps,
  actor: Actor,
  number: string,
  input: {
    version: number | 'current';
    status: OrderStatus;
    carrier?: Carrier;
    trackingNumber?: string;
    signature?: boolean;
  },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const o = await lockFresh(tx, number, input.version);
    const from = o.status as OrderStatus;
    if (input.status === 'cancelled') throw new Unprocessable('Cancel an order with Cancel order, which says why.');
    // Skipping production is for an order whose pieces are all ready-made.
    const skips = from === 'placed' && (input.status === 'ready_to_ship' || input.status === 'shipped');
    if (!(skips && nextStatuses(from, await repo.readyMade(tx, o.id)).includes(input.status)))
      ORDERS.check(from, input.status);
    const shipping = input.status === 'shipped';
    const unpaid = shipping ? unpaidReason(o) : null;
    if (unpaid) throw new Unprocessable(unpaid);
    const patch = shipping
      ? { status: input.status, carrier: input.carrier!, trackingNumber: input.trackingNumber! }
      : { status: input.status };
    const after = await repo.updateIfVersion(tx, o.id, o.version, patch);
    if (!after) throw new Conflict(STALE);
    const url = shipping ? trackingUrl(input.carrier!, input.trackingNumber!) : null;
    await repo.insertEvent(tx, {
      orderId: o.id,
      type: 'status',
      visibleToCustomer: true,
      data: {
        from,
        to: input.status,
        ...(shipping ? { carrier: input.carrier, trackingNumber: input.trackingNumber, trackingUrl: url } : {}),
      },
      staffId: actor.id,
      staffName: actor.email,
    });
    await audit(tx, actor, 'order.status', 'order', o.number, { status: from }, patch);
    if (shipping)
      await tellCustomer(
        deps,
        tx,
        o,
        {
          kind: 'shipped',
          carrier: input.carrier!,
          trackingNumber: input.trackingNumber!,
          trackingUrl: url!,
          // A label bought elsewhere follows the store's rule: signed for at or above its threshold.
          signature: input.signature ?? o.subtotalCents - o.discountCents >= deps.settings.current().signatureOverCents,
        },
        actor,
      );
    if (input.status === 'ready_to_ship') await askForBalance(deps, tx, after);
    if (input.status === 'delivered') {
      // A guest returns pieces through the delivery e-mail's link: its token is kept only as a hash.
      const token = newToken();
      await repo.setReturnToken(tx, o.id, hashToken(token));
      const store = storeInfo(deps.settings.current(), deps.config);
      await tellCustomer(
        deps,
        tx,
        o,
        {
          kind: 'delivered',
          returnUrl: `${store.publicUrl}${paths.orderReturn(o.number, token)}`,
          reviewUrl: `${store.publicUrl}${paths.orderReview(o.number, token)}`,
        },
        actor,
      );
    }
  });
}

/** Who moves an order when the carrier's tracking does (the timeline and audit name it). */
const CARRIER_TRACKING: Actor = { id: null, email: 'carrier tracking' };

/**
 * The carrier scanned the parcel, or delivered it: the order follows (ready to ship → shipped →
 * delivered), with the same events and e-mails as a person's step. Nothing happens to an order
 * already there, or cancelled. A staff change at the same moment is read again and tried once more.
 */
export async function advanceByCarrier(
  deps: BackOfficeDeps,
  number: string,
  to: 'shipped' | 'delivered',
  parcel: { carrier: Carrier; trackingNumber: string; signature: boolean },
): Promise<OrderStatus[]> {
  for (let attempt = 0; ; attempt++) {
    const o = await repo.byNumber(deps.db, number);
    if (!o) return [];
    const steps: OrderStatus[] = [];
    if (o.status === 'ready_to_ship') steps.push('shipped');
    if (to === 'delivered' && (o.status === 'ready_to_ship' || o.status === 'shipped')) steps.push('delivered');
    try {
      let version = o.version;
      for (const status of steps)
        version = (
          await advanceOrder(deps, CARRIER_TRACKING, number, {
            version,
            status,
            ...(status === 'shipped' ? parcel : {}),
          })
        ).version;
      return steps;
    } catch (err) {
      if (!(err instanceof Conflict) || attempt >= 2) throw err;
    }
  }
}

/**
 * Cancels before shipping: every stone is for sale again and loose melee returns to stock, and with
 * `refund` what was paid goes back, all in the same transaction. The customer is told what was done:
 * refunded where, nothing charged, or not refunded yet.
 */
interface CancelState {
  deps: BackOfficeDeps;
  tx: DbOrTx;
  actor: Actor & { role: Role };
  number: string;
  input: { version: number; reason: string; refund: boolean; keepCents?: number };
  hooks: FlowHooks;
  done?: boolean;
  o?: OrderRow;
  after?: OrderRow;
  from?: OrderStatus;
  released?: number;
  /** A payment the shopper had not made yet: it must not be taken any more (cancelled after commit). */
  unpaidRef?: string | null;
  money?: CancelledMoney;
}

/**
 * Cancelling before shipping, step by step in one transaction: its stones go back on sale, its
 * stock back on the shelf, its code's use is given back, and with `refund` what was paid goes back
 * (the refund flow, inside this one). The payment the shopper had not made yet is cancelled after
 * the commit, so a failure anywhere leaves it as it was.
 */
export const CANCEL_STEPS: Array<Step<CancelState>> = [
  {
    name: 'mark cancelled',
    async run(s) {
      const { tx, number, input } = s;
      const o = await lockFresh(tx, number, input.version);
      s.o = o;
      s.from = o.status as OrderStatus;
      if (!ORDERS.can(s.from, 'cancelled'))
        throw new Conflict(
          `An order that is ${STATUS_LABELS[s.from].toLowerCase()} can no longer be cancelled; refund it instead.`,
        );
      const after = await repo.updateIfVersion(tx, o.id, input.version, { status: 'cancelled' });
      if (!after) throw new Conflict(STALE);
      s.after = after;
    },
  },
  {
    // Still waiting for the shopper's payment, or only authorised (a supplier's stone): nothing is
    // taken any more, and its gift cards get back what they paid.
    name: 'release unpaid payment',
    async run(s) {
      const o = s.o!;
      if (o.paymentState !== 'pending' && o.paymentState !== 'authorized') return;
      s.unpaidRef = o.paymentRef;
      await repo.setPayment(s.tx, o.id, { paymentState: 'expired' });
      await returnToGiftCards(s.tx, o.id, o.giftCardCents, 'release', s.actor.email);
    },
  },
  {
    name: 'release stones',
    async run(s) {
      s.released = await orderStock.releaseStones(s.tx, s.o!.id);
    },
  },
  {
    name: 'return stock',
    async run(s) {
      await orderStock.returnStock(s.tx, await repo.lines(s.tx, s.o!.id));
    },
  },
  {
    name: 'give back code',
    async run(s) {
      await releaseRedemption(s.tx, s.o!.id);
    },
  },
  {
    // Layaway: nothing more is charged.
    name: 'stop instalments',
    async run(s) {
      await repo.cancelInstalments(s.tx, s.o!.id);
    },
  },
  {
    name: 'record',
    async run({ tx, o, from, input, released, actor }) {
      await repo.insertEvent(tx, {
        orderId: o!.id,
        type: 'status',
        visibleToCustomer: true,
        data: { from, to: 'cancelled', reason: input.reason, stonesReleased: released },
        staffId: actor.id,
        staffName: actor.email,
      });
      await audit(
        tx,
        actor,
        'order.cancel',
        'order',
        o!.number,
        { status: from },
        { status: 'cancelled', reason: input.reason },
      );
    },
  },
  {
    // What happened to the money, as it happened: the e-mail is written from this.
    name: 'refund',
    async run(s) {
      const o = s.o!;
      const unpaid = o.paymentState === 'pending' || o.paymentState === 'authorized';
      // A layaway cancelled under its terms keeps the store's fee.
      const owed = unpaid ? 0 : o.paidCents - o.refundedCents - (s.input.keepCents ?? 0);
      s.money = { kind: 'nothing-charged' };
      if (owed > 0 && s.input.refund) {
        const to = await refundInTx(
          s.deps,
          s.tx,
          s.actor,
          s.after!,
          {
            version: s.after!.version,
            amountCents: owed,
            reason: `Order cancelled: ${s.input.reason}`,
            takeBackGiftCards: true,
            key: `${o.number}-cancel`,
            quiet: true,
          },
          s.hooks,
        );
        s.money = {
          kind: 'refunded',
          amountCents: owed,
          to,
          ...(s.input.keepCents ? { keptCents: s.input.keepCents } : {}),
        };
      } else if (owed > 0) s.money = { kind: 'not-refunded', paidCents: owed };
      else if (s.input.keepCents) s.money = { kind: 'kept', keptCents: s.input.keepCents };
    },
  },
  {
    name: 'tell customer',
    async run({ deps, tx, o, input, money, actor }) {
      await tellCustomer(deps, tx, o!, { kind: 'cancelled', reason: input.reason, money: money! }, actor);
    },
  },
];

export async function cancelOrder(
  deps: BackOfficeDeps,
  actor: Actor & { role: Role },
  number: string,
  input: { version: number; reason: string; refund: boolean; keepCents?: number },
  hooks: FlowHooks = {},
): Promise<AdminOrder> {
  if (input.refund && !can(actor.role, 'orders:refund'))
    throw new Forbidden('Cancelling with a refund needs the refund permission: cancel without it, or ask a manager.');
  const s = await deps.db.transaction((tx) =>
    runFlow('cancel order', CANCEL_STEPS, { deps, tx, actor, number, input, hooks }, hooks),
  );
  void deps.outbox.kick();
  if (s.released) deps.onStonesReleased();
  const p = deps.payments;
  if (s.unpaidRef && p.flow === 'card') await p.void(s.unpaidRef).catch(() => undefined);
  if (s.unpaidRef && p.flow === 'intent') {
    // If the shopper paid in the meantime, settling it refunds them (the order no longer waits).
    const cancelled = await p.cancelIntent(s.unpaidRef).catch(() => false);
    if (!cancelled) await settlePayment({ ...deps, payments: p, onStonesSold: deps.onStonesReleased }, s.unpaidRef);
  }
  return orderForStaff(deps.db, deps.settings.current(), number);
}

export async function addNote(
  deps: BackOfficeDeps,
  actor: Actor,
  number: string,
  input: { version: number; note: string },
) {
  await deps.db.transaction(async (tx) => {
    const o = await lockFresh(tx, number, input.version);
    if (!(await repo.updateIfVersion(tx, o.id, input.version, {}))) throw new Conflict(STALE);
    await repo.insertEvent(tx, {
      orderId: o.id,
      type: 'note',
      data: { note: input.note },
      staffId: actor.id,
      staffName: actor.email,
    });
    await audit(tx, actor, 'order.note', 'order', o.number, null, { note: input.note });
  });
  return orderForStaff(deps.db, deps.settings.current(), number);
}

/**
 * Gives money back: never more than was actually paid less what was already refunded. The
 * provider is asked inside the transaction with a key derived from the order and its version, so a
 * retry after a lost answer is the same refund, and a refused refund changes nothing here.
 */
export async function refundOrder(
  deps: BackOfficeDeps,
  actor: Actor,
  number: string,
  input: { version: number; amountCents: number; reason: string; takeBackGiftCards?: boolean },
  hooks: FlowHooks = {},
): Promise<AdminOrder> {
  await deps.db.transaction(async (tx) => {
    const o = await lockFresh(tx, number, input.version);
    await refundInTx(deps, tx, actor, o, { ...input, key: `${o.number}-v${input.version}` }, hooks);
  });
  void deps.outbox.kick();
  return orderForStaff(deps.db, deps.settings.current(), number);
}

type RefundDeps = Pick<BackOfficeDeps, 'payments' | 'outbox' | 'settings' | 'config'>;
interface RefundInput {
  version: number;
  amountCents: number;
  reason: string;
  takeBackGiftCards?: boolean;
  key: string;
  /** The caller's own e-mail tells the customer of it (a cancellation that refunds). */
  quiet?: boolean;
}
interface RefundState {
  deps: RefundDeps;
  tx: DbOrTx;
  actor: Actor;
  o: OrderRow;
  input: RefundInput;
  done?: boolean;
  refundedCents?: number;
  /** What goes back as exchange credit (to the first order's payment), and what to this order's own. */
  toCredit?: number;
  gifts?: Awaited<ReturnType<typeof returnToGiftCards>>;
  to?: RefundTo;
  ref?: string;
}

/**
 * A refund, step by step, inside the caller's transaction (its database writes go with it). The
 * one effect outside it is the provider's refund, which cannot be taken back: it runs after every
 * check and write that can refuse, under a key that makes a retry of the same refund the same
 * refund at the provider, and only the record of it follows.
 */
export const REFUND_STEPS: Array<Step<RefundState>> = [
  {
    name: 'check amount',
    async run({ tx, actor, o, input }) {
      if (o.paidCents - o.refundedCents <= 0) throw new Conflict('This order is already refunded in full.');
      // The gift cards it bought hold part of what it was paid: that part comes back only as the
      // cards are taken back (what is left on them), never while they can still be spent.
      const cards = await heldByBoughtCards(
        tx,
        o.id,
        input.takeBackGiftCards ? { by: actor.email, reason: input.reason } : null,
      );
      const left = o.paidCents - o.refundedCents - cards.heldCents;
      if (input.amountCents > left)
        throw new Unprocessable(
          cards.live.length
            ? `At most ${formatMoney(Math.max(0, left), { exact: true })} can be refunded while the gift ${
                cards.live.length === 1 ? 'card' : 'cards'
              } this order bought can still be spent: take ${cards.live.length === 1 ? 'it' : 'them'} back to refund more.`
            : `At most ${formatMoney(Math.max(0, left), { exact: true })} can still be refunded on this order.`,
          { amountCents: `At most ${Math.max(0, left)} cents` },
        );
    },
  },
  {
    name: 'record total',
    async run(s) {
      const { tx, o, input } = s;
      s.refundedCents = o.refundedCents + input.amountCents;
      if (!(await repo.updateIfVersion(tx, o.id, input.version, { refundedCents: s.refundedCents })))
        throw new Conflict(STALE);
      // An exchange's replacement was paid partly by the credit of the pieces that came back: that
      // part is refunded last, to the way the original order was paid.
      const own = o.paidCents - o.exchangeCreditCents;
      s.toCredit = Math.max(0, s.refundedCents - own) - Math.max(0, o.refundedCents - own);
    },
  },
  {
    // Money goes back the way it came, gift cards first: a card is refunded only what it paid.
    name: 'gift cards',
    async run(s) {
      s.gifts = await returnToGiftCards(s.tx, s.o.id, s.input.amountCents - s.toCredit!, 'refund', s.actor.email);
    },
  },
  {
    name: 'pay back',
    async run(s) {
      const { deps, tx, o, input, actor } = s;
      const toCard = input.amountCents - s.toCredit! - s.gifts!.cents;
      const refs: string[] = [];
      const to: RefundTo = { giftCards: [...s.gifts!.cards], card: null };
      if (toCard && o.paymentProvider !== 'exchange') {
        // Paid in parts (a deposit, then the balance): back to each payment in the order they came in.
        const parts = await refundPartPayments(deps.payments, tx, o, toCard, input.key);
        if (parts) refs.push(...parts.refs);
        else refs.push((await deps.payments.refund({ ref: o.paymentRef, amountCents: toCard, key: input.key })).ref);
        to.card = { ...(parts?.card ?? { brand: o.cardBrand, last4: o.cardLast4 }), cents: toCard };
      }
      if (s.toCredit) {
        const credit = await refundCreditToOriginal(deps, tx, o, s.toCredit, `${input.key}:credit`, actor);
        refs.push(credit.ref);
        to.giftCards.push(...credit.to.giftCards);
        if (credit.to.card)
          to.card = to.card ? { ...to.card, cents: to.card.cents + credit.to.card.cents } : credit.to.card;
      }
      s.to = to;
      s.ref = refs.join(' ') || 'gift-cards';
    },
  },
  {
    name: 'record refund',
    async run({ tx, actor, o, input, ref, refundedCents }) {
      await repo.insertRefund(tx, {
        orderId: o.id,
        amountCents: input.amountCents,
        reason: input.reason,
        providerRef: ref!,
        staffId: actor.id,
      });
      await repo.insertEvent(tx, {
        orderId: o.id,
        type: 'refund',
        visibleToCustomer: true,
        data: { amountCents: input.amountCents, reason: input.reason, totalRefundedCents: refundedCents },
        staffId: actor.id,
        staffName: actor.email,
      });
      await audit(
        tx,
        actor,
        'order.refund',
        'order',
        o.number,
        { refundedCents: o.refundedCents },
        { refundedCents, reason: input.reason },
      );
    },
  },
  {
    name: 'tell customer',
    async run({ deps, tx, actor, o, input, to }) {
      if (!input.quiet)
        await tellCustomer(deps, tx, o, { kind: 'refunded', amountCents: input.amountCents, to: to! }, actor);
    },
  },
];

/**
 * The refund itself, inside the caller's transaction on an order it locked at `version` (a return
 * or a cancellation refunds through here too). `key` makes a retried provider call the same refund.
 */
export async function refundInTx(
  deps: RefundDeps,
  tx: DbOrTx,
  actor: Actor,
  o: OrderRow,
  input: RefundInput,
  hooks: FlowHooks = {},
): Promise<RefundTo> {
  const s = await runFlow('refund', REFUND_STEPS, { deps, tx, actor, o, input }, hooks);
  return s.to!;
}

/** The credit part of an exchange's refund, back through the original order's payment (gift cards first, then its card). */
async function refundCreditToOriginal(
  deps: Pick<BackOfficeDeps, 'payments'>,
  tx: DbOrTx,
  o: OrderRow,
  cents: number,
  key: string,
  actor: Actor,
) {
  const first = o.exchangeOfOrderId ? await repo.byId(tx, o.exchangeOfOrderId, true) : null;
  if (!first || first.paymentProvider === 'exchange')
    throw new Unprocessable(
      `${formatMoney(cents, { exact: true })} of this refund is exchange credit from an earlier exchange: refund it by hand from that order.`,
    );
  const gifts = await returnToGiftCards(tx, first.id, cents, 'refund', actor.email);
  const toCard = cents - gifts.cents;
  return {
    ref:
      toCard > 0 ? (await deps.payments.refund({ ref: first.paymentRef, amountCents: toCard, key })).ref : 'gift-cards',
    to: {
      giftCards: gifts.cards,
      card: toCard > 0 ? { brand: first.cardBrand, last4: first.cardLast4, cents: toCard } : null,
    } satisfies RefundTo,
  };
}

/** The day's numbers and the work queue; revenue is net sales (repository's NET_SALES, the one definition). */
export async function dashboard(db: Db) {
  const { periods, queue, returnsWaiting } = await repo.dashboard(db);
  return {
    returnsWaiting,
    periods: periods.map((p) => ({ ...p, averageCents: p.orders ? Math.round(p.revenueCents / p.orders) : 0 })),
    queue: Object.fromEntries(queue.map((q) => [q.status, q.count])) as Partial<Record<OrderStatus, number>>,
  };
}

const CSV_HEAD = ['Order', 'Placed (UTC)', 'Status', 'Customer', 'E-mail', 'Items', 'Total (USD)', 'Refunded (USD)'];
const dollars = (cents: number) => decimalPrice(cents);

/** The filtered order list as CSV, a page of rows at a time (no size limit, little memory). */
export async function* ordersCsv(db: Db, q: Omit<AdminOrderQuery, 'page' | 'pageSize'>): AsyncGenerator<string> {
  yield csvRow(CSV_HEAD);
  for (let page = 1; ; page++) {
    const { rows } = await repo.adminList(db, { ...q, page, pageSize: 500 }, { count: false });
    for (const r of rows)
      yield csvRow([
        r.number,
        new Date(r.placedAt).toISOString(),
        STATUS_LABELS[r.status as OrderStatus] ?? r.status,
        r.customerName,
        r.email,
        r.itemCount,
        dollars(r.totalCents),
        dollars(r.refundedCents),
      ]);
    if (rows.length < 500) return;
  }
}

/**
 * Sends the confirmation again (the customer lost it). Its link carries a new access token: the
 * old one is only stored hashed, and the old link stops opening the order.
 */
export async function resendConfirmation(deps: BackOfficeDeps, actor: Actor, number: string): Promise<AdminOrder> {
  await deps.db.transaction(async (tx) => {
    const o = await repo.lockByNumber(tx, number);
    if (!o) throw new NotFound(`There is no order ${number}.`);
    const token = newToken();
    await repo.setAccessTokenHash(tx, o.id, hashToken(token));
    const store = storeInfo(deps.settings.current(), deps.config);
    const order = toOrder(o, await repo.lines(tx, o.id), deps.settings.current());
    const mail = orderConfirmation(
      store,
      storeFacts(deps.settings.current(), deps.config),
      order,
      `${store.publicUrl}/order-confirmation?number=${o.number}&token=${token}`,
    );
    await enqueueMail(tx, { kind: 'order-confirmation', to: o.email, ...mail });
    await repo.insertEvent(tx, {
      orderId: o.id,
      type: 'email',
      data: { subject: mail.subject, to: o.email, resent: true },
      staffId: actor.id,
      staffName: actor.email,
    });
    await audit(tx, actor, 'order.resend-confirmation', 'order', o.number, null, { to: o.email });
  });
  void deps.outbox.kick();
  return orderForStaff(deps.db, deps.settings.current(), number);
}
