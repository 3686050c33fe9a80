import { paymentText } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';
import { paths } from '@facet/contracts/paths';
import { withStoneTitle } from '@facet/contracts/stone-names';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { storeInfo, type SettingsSource } from '../../store-facts.ts';
import { audit, type Actor } from '../audit/index.ts';
import { returnToGiftCards } from '../gift-cards/index.ts';
import { enqueueMail, layout, type MailOutbox } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { releaseRedemption } from '../promotions/index.ts';
import { orderRepository as repo, type OrderRow } from './repository.ts';
import { orderStock } from './stock.ts';

// A diamond from a supplier's feed is not in the store's hands: the supplier may have sold it an
// hour ago. Its order's card is authorised, not charged; staff confirm each such stone with its
// supplier, and the last confirmation takes the money (capture). A stone the supplier no longer has,
// or an authorisation not confirmed within the store's hours, voids it: nothing is charged, every
// stone goes back (the gone one off sale), and the customer is e-mailed the closest stones still on
// sale. Both run on the order's row lock, so a confirmation and a void at once: exactly one wins.

const money = (c: number) => formatMoney(c, { exact: true });

/** When an authorisation made now must be confirmed by (the store's hours). */
export const confirmBy = (settings: StoreSettings, from = new Date()) =>
  new Date(from.getTime() + (settings.supplierConfirmHours ?? 48) * 3_600_000);

export interface SupplierDeps {
  db: Db;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: PaymentProvider;
  /** Stones went back on sale (the catalogue's copies refresh). */
  onStonesReleased: () => void;
}

const NOT_WAITING = (o: OrderRow) =>
  o.paymentState === 'paid'
    ? `Order ${o.number} is charged already: its supplier's stones were confirmed.`
    : `Order ${o.number} no longer waits for its supplier: its authorisation was voided.`;

async function lockAuthorized(tx: DbOrTx, number: string) {
  const o = await repo.lockByNumber(tx, number);
  if (!o) throw new NotFound(`There is no order ${number}.`);
  if (o.paymentState !== 'authorized') throw new Conflict(NOT_WAITING(o));
  return o;
}

interface ConfirmState {
  deps: SupplierDeps;
  tx: DbOrTx;
  actor: Actor;
  number: string;
  stoneId: number;
  done?: boolean;
  o?: OrderRow;
  captured?: boolean;
}

/**
 * Staff confirmed one supplier's stone. When it was the last unconfirmed one, the authorisation is
 * captured (with a key of the order: a retry after a lost answer is the same capture, so a failure
 * after it converges on the next try) and the order is paid.
 */
export const CONFIRM_STONE_STEPS: Array<Step<ConfirmState>> = [
  {
    name: 'read order',
    async run(s) {
      s.o = await lockAuthorized(s.tx, s.number);
    },
  },
  {
    name: 'mark confirmed',
    async run(s) {
      const o = s.o!;
      const stones = await repo.supplierStones(s.tx, o.id);
      if (!stones.some((x) => x.stoneId === s.stoneId))
        throw new NotFound(`Order ${o.number} has no supplier's stone ${s.stoneId}.`);
      await repo.confirmSupplierStone(s.tx, o.id, s.stoneId);
      await audit(s.tx, s.actor, 'order.supplier-confirm', 'order', o.number, null, { stoneId: s.stoneId });
      await repo.insertEvent(s.tx, {
        orderId: o.id,
        type: 'note',
        data: { note: `Stone ${s.stoneId} confirmed with its supplier.` },
        staffId: s.actor.id,
        staffName: s.actor.email,
      });
      // Others still to confirm: the money waits for them.
      if (stones.some((x) => x.stoneId !== s.stoneId && !x.confirmedAt)) s.done = true;
    },
  },
  {
    name: 'capture',
    async run(s) {
      await s.deps.payments.capture(s.o!.paymentRef, `${s.o!.number}-capture`);
      s.captured = true;
    },
  },
  {
    name: 'record charge',
    async run(s) {
      const o = s.o!;
      const cents = o.totalCents - o.giftCardCents;
      await repo.setPayment(s.tx, o.id, { paymentState: 'paid', paidCents: o.totalCents, authorizedUntil: null });
      await repo.insertEvent(s.tx, {
        orderId: o.id,
        type: 'supplier-confirmed',
        visibleToCustomer: true,
        data: { amountCents: cents, card: paymentText({ brand: o.cardBrand, last4: o.cardLast4 }) },
      });
      const store = storeInfo(s.deps.settings.current(), s.deps.config);
      const first = o.shippingAddress.name.split(' ')[0] ?? '';
      await enqueueMail(s.tx, {
        kind: 'order-supplier-confirmed',
        to: o.email,
        ...layout(store, `Your diamond is confirmed — order ${o.number}`, {
          greeting: `Hello ${first},`,
          paragraphs: [
            `Good news: the supplier has confirmed your diamond for order ${o.number}, and it is on its way to us.`,
            `We have now charged ${money(cents)} to your ${paymentText({ brand: o.cardBrand, last4: o.cardLast4 })}, the amount authorised when you ordered.`,
          ],
          action: { label: 'See your order', url: `${store.publicUrl}${paths.orders()}` },
          after: ['Reply to this e-mail or call us with any question; quote the order number.'],
        }),
      });
    },
  },
];

export async function confirmSupplierStone(
  deps: SupplierDeps,
  actor: Actor,
  number: string,
  stoneId: number,
  hooks?: FlowHooks,
) {
  const s = await deps.db.transaction((tx) =>
    runFlow('confirm supplier stone', CONFIRM_STONE_STEPS, { deps, tx, actor, number, stoneId }, hooks),
  );
  void deps.outbox.kick();
  return { captured: !!s.captured };
}

interface VoidState {
  deps: SupplierDeps;
  tx: DbOrTx;
  actor: Actor;
  number: string;
  /** The stone the supplier no longer has (null: nobody confirmed in time). */
  goneStoneId: number | null;
  done?: boolean;
  o?: OrderRow;
  released?: number;
  alternatives?: Awaited<ReturnType<typeof orderStock.closestTo>>;
  missing?: { id: number; title: string };
}

/**
 * Voiding a supplier order's authorisation: its stones back on sale (the gone one withdrawn), its
 * stock, code and gift cards given back, the order cancelled, the closest stones found, the
 * authorisation voided last (a failure before it changes nothing), the customer told.
 */
export const VOID_SUPPLIER_STEPS: Array<Step<VoidState>> = [
  {
    name: 'read order',
    async run(s) {
      s.o = await lockAuthorized(s.tx, s.number);
      const stones = await repo.supplierStones(s.tx, s.o.id);
      const gone = s.goneStoneId ?? stones.find((x) => !x.confirmedAt)?.stoneId ?? stones[0]?.stoneId;
      if (s.goneStoneId !== null && !stones.some((x) => x.stoneId === s.goneStoneId))
        throw new NotFound(`Order ${s.o.number} has no supplier's stone ${s.goneStoneId}.`);
      if (gone !== undefined) s.missing = { id: gone, title: (await repo.stoneTitle(s.tx, gone)) ?? 'Your diamond' };
    },
  },
  {
    name: 'return stones',
    async run(s) {
      const o = s.o!;
      s.released = await orderStock.releaseStones(s.tx, o.id);
      await orderStock.returnStock(s.tx, await repo.lines(s.tx, o.id));
      await releaseRedemption(s.tx, o.id);
      await returnToGiftCards(s.tx, o.id, o.giftCardCents, 'release', s.actor.email);
      // The supplier no longer has it: not on sale again until its feed lists it.
      if (s.goneStoneId !== null) await orderStock.withdrawGone(s.tx, s.goneStoneId, 'The supplier no longer has it');
    },
  },
  {
    name: 'cancel order',
    async run(s) {
      const o = s.o!;
      await repo.setPayment(s.tx, o.id, { paymentState: 'expired', status: 'cancelled', authorizedUntil: null });
      const reason =
        s.goneStoneId !== null
          ? 'The supplier no longer has the diamond: the card authorisation was voided and nothing was charged.'
          : 'The diamond could not be confirmed with its supplier in time: the card authorisation was voided and nothing was charged.';
      await repo.insertEvent(s.tx, {
        orderId: o.id,
        type: 'status',
        visibleToCustomer: true,
        data: { from: o.status, to: 'cancelled', reason, stonesReleased: s.released },
        staffId: s.actor.id,
        staffName: s.actor.email,
      });
      await audit(
        s.tx,
        s.actor,
        'order.supplier-void',
        'order',
        o.number,
        { paymentState: 'authorized' },
        {
          paymentState: 'expired',
          goneStoneId: s.goneStoneId,
        },
      );
    },
  },
  {
    name: 'find alternatives',
    async run(s) {
      s.alternatives = s.missing ? await orderStock.closestTo(s.tx, s.missing.id) : [];
    },
  },
  {
    name: 'void authorisation',
    async run(s) {
      const p = s.deps.payments;
      if (p.flow === 'card') await p.void(s.o!.paymentRef);
      else if (!(await p.cancelIntent(s.o!.paymentRef)))
        throw new Conflict(`The payment of order ${s.o!.number} was captured already; refund it instead.`);
    },
  },
  {
    name: 'tell customer',
    async run(s) {
      const o = s.o!;
      const store = storeInfo(s.deps.settings.current(), s.deps.config);
      const first = o.shippingAddress.name.split(' ')[0] ?? '';
      const alts = s.alternatives ?? [];
      const gone = s.goneStoneId !== null;
      await enqueueMail(s.tx, {
        kind: 'order-supplier-void',
        to: o.email,
        ...layout(store, `We could not secure your diamond — order ${o.number}, nothing charged`, {
          greeting: `Hello ${first},`,
          paragraphs: [
            gone
              ? `We are sorry: the supplier of ${s.missing?.title ?? 'your diamond'} no longer has it, so we cannot fill order ${o.number}.`
              : `We are sorry: we could not confirm ${s.missing?.title ?? 'your diamond'} with its supplier in time, so order ${o.number} is cancelled.`,
            `Nothing was charged: the authorisation of ${money(o.totalCents - o.giftCardCents)} on your ${paymentText({ brand: o.cardBrand, last4: o.cardLast4 })} is released (your bank may show it for a few days).${o.giftCardCents ? ` Your gift cards have their ${money(o.giftCardCents)} back.` : ''}`,
            alts.length
              ? 'These are the closest diamonds we have on sale now — the same shape, within a tenth of its carat weight, a grade of its colour and clarity, and 15 % of its price:'
              : 'We have no diamond on sale now close enough to it; reply to this e-mail and we will search for one with you.',
            ...alts.map(
              (a) =>
                `${withStoneTitle({ ...a, kind: 'diamond', typeName: null }).title} · ${a.lab} ${a.certificate} · ${money(a.priceCents)} — ${store.publicUrl}${paths.diamondOf(a)}`,
            ),
          ],
          after: ['Reply to this e-mail or call us with any question; quote the order number.'],
        }),
      });
    },
  },
];

export async function voidSupplierOrder(
  deps: SupplierDeps,
  actor: Actor,
  number: string,
  goneStoneId: number | null,
  hooks?: FlowHooks,
) {
  const s = await deps.db.transaction((tx) =>
    runFlow('void supplier order', VOID_SUPPLIER_STEPS, { deps, tx, actor, number, goneStoneId }, hooks),
  );
  void deps.outbox.kick();
  if (s.released) deps.onStonesReleased();
  return { alternatives: s.alternatives ?? [] };
}

const TIMER: Actor = { id: null, email: 'automatic: supplier confirmation time ran out' };

/** Authorisations nobody confirmed within the store's hours, voided (any instance; the order's lock decides). */
export async function voidUnconfirmed(deps: SupplierDeps, now = new Date()): Promise<number> {
  let n = 0;
  for (const { number } of await repo.authorizationsRunOut(deps.db, now))
    await voidSupplierOrder(deps, TIMER, number, null)
      .then(() => n++)
      .catch(() => undefined);
  return n;
}
