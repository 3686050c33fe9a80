import { paymentFailures } from '../../metrics.ts';
import { paymentText, type Order } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';
import { addDays, layawayPlan, type LayawayPlan } from '@facet/contracts/payment-plans';
import type { LayawayTerms } from '@facet/contracts/store-facts';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict } from '../../errors.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { hashToken, newToken } from '../../secrets.ts';
import { storeInfo, type SettingsSource } from '../../store-facts.ts';
import { storeToday } from '../gift-cards/index.ts';
import { enqueueMail, layout, type MailOutbox, type StoreInfo } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { orderRepository as repo, type InstalmentRow, type OrderRow } from './repository.ts';

// Layaway: a deposit at checkout holds the pieces (their stones off sale), and the rest is paid in
// instalments on the days worked out then. Each instalment is charged on its day to the card the
// shopper saved, or paid at the e-mailed link; a refused charge is tried again a day later and the
// customer is told; an instalment still unpaid when the store's grace period ends cancels the order
// (the store keeps its cancellation fee, the rest goes back). The order ships only when paid in full
// (unpaidReason). Whoever charges an instalment holds the order's row lock, so two instances, or a
// charge and the customer's own payment at the link, never take one instalment twice.

const money = (c: number) => formatMoney(c, { exact: true });
const RETRY_MS = 24 * 60 * 60 * 1000;

/** The store's layaway terms now (null: not offered). */
export function layawayTerms(s: StoreSettings): LayawayTerms | null {
  if (!s.layaway?.on) return null;
  const { on: _on, ...terms } = s.layaway;
  return terms;
}

/** The plan an order of this total gets today, on the store's calendar. */
export const planFor = (terms: LayawayTerms, totalCents: number, tz: string): LayawayPlan =>
  layawayPlan(terms, totalCents, storeToday(tz));

export const recordPlan = (tx: DbOrTx, orderId: number, plan: LayawayPlan) =>
  repo.insertInstalments(
    tx,
    plan.instalments.map((i) => ({ orderId, seq: i.seq, dueOn: i.dueOn, amountCents: i.amountCents })),
  );

const stateOf = (i: InstalmentRow, today: string): NonNullable<Order['plan']>['instalments'][number]['state'] =>
  i.state === 'due' && i.dueOn < today ? 'late' : i.state;

/** The plan as the customer's order page shows it. */
export async function planView(db: DbOrTx, o: OrderRow, settings: StoreSettings, tz: string): Promise<Order['plan']> {
  if (o.plan !== 'layaway') return undefined;
  const rows = await repo.instalments(db, o.id);
  const today = storeToday(tz);
  const terms = settings.layaway;
  return {
    depositCents: o.totalCents - rows.reduce((s, i) => s + i.amountCents, 0),
    instalments: rows.map((i) => ({
      seq: i.seq,
      dueOn: i.dueOn,
      amountCents: i.amountCents,
      state: stateOf(i, today),
      paidAt: i.paidAt ? i.paidAt.toISOString() : null,
    })),
    card: o.savedCard ? paymentText(o.savedCard) : null,
    graceDays: terms?.graceDays ?? 14,
    feeCents: terms?.feeCents ?? 0,
  };
}

/**
 * What the customer pays at the link now: more than the instalments cover first (a change before
 * production that cost more); then every instalment due by today (late ones included); when none is
 * due yet, the next one (paying ahead). Null: nothing left.
 */
export function dueAtLink(
  rows: InstalmentRow[],
  today: string,
  leftCents: number,
): { cents: number; ids: number[]; label: string } | null {
  const open = rows.filter((i) => i.state === 'due');
  const gap = leftCents - open.reduce((s, i) => s + i.amountCents, 0);
  if (gap > 0) return { cents: gap, ids: [], label: open.length ? 'the difference of your change' : 'the balance' };
  if (!open.length) return null;
  const due = open.filter((i) => i.dueOn <= today);
  const take = due.length ? due : [open[0]!];
  const of = rows.length;
  return {
    cents: take.reduce((s, i) => s + i.amountCents, 0),
    ids: take.map((i) => i.id),
    label:
      take.length === 1
        ? `instalment ${take[0]!.seq} of ${of}`
        : `instalments ${take.map((i) => i.seq).join(', ')} of ${of}`,
  };
}

export interface LayawayDeps {
  db: Db;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: PaymentProvider;
}

/** Credits paid instalments to the order (under its lock): the payment, the total paid, the timeline. */
export async function creditInstalments(
  tx: DbOrTx,
  o: OrderRow,
  ids: number[],
  cents: number,
  paid: { provider: string; ref: string; brand: string; last4: string },
  how: 'saved card' | 'link',
) {
  const credited = await repo.creditInstalments(tx, {
    orderId: o.id,
    ids,
    provider: paid.provider,
    ref: paid.ref,
    cents,
    brand: paid.brand,
    last4: paid.last4,
    event: { amountCents: cents, card: paymentText(paid), kind: 'instalment', how },
  });
  if (!credited) throw new Conflict('This payment was credited already.');
}

function instalmentMail(
  store: StoreInfo,
  o: OrderRow,
  kind: 'paid' | 'refused',
  x: { cents: number; card: string; left: number; url?: string; failure?: string; cancelOn?: string },
) {
  const first = o.shippingAddress.name.split(' ')[0] ?? '';
  if (kind === 'paid')
    return layout(store, x.left ? `Instalment received — order ${o.number}` : `Paid in full — order ${o.number}`, {
      greeting: `Hello ${first},`,
      paragraphs: [
        `Thank you: we charged ${money(x.cents)} to your ${x.card} for your layaway order ${o.number}.`,
        x.left
          ? `${money(x.left)} of its ${money(o.totalCents)} is still to pay; your account shows each instalment and its day.`
          : `Order ${o.number} is paid in full (${money(o.totalCents)}). We prepare it for shipping and e-mail you its tracking number.`,
      ],
      after: ['Reply to this e-mail or call us with any question; quote the order number.'],
    });
  return layout(store, `We could not take your instalment of ${money(x.cents)} — order ${o.number}`, {
    greeting: `Hello ${first},`,
    paragraphs: [
      `Your instalment of ${money(x.cents)} for layaway order ${o.number} could not be charged${x.failure ? `: ${x.failure.replace(/\.$/, '')}` : ''}.`,
      `We try your card again tomorrow. You can also pay it now with any card at the link below. If it is still unpaid on ${x.cancelOn}, the order is cancelled under the layaway terms you agreed to.`,
    ],
    action: { label: `Pay ${money(x.cents)}`, url: x.url! },
    after: ['Reply to this e-mail or call us with any question; quote the order number.'],
  });
}

/** A new pay link for the order (only its hash is kept; the e-mail carries the token). */
async function payLink(deps: LayawayDeps, tx: DbOrTx, o: OrderRow) {
  const token = newToken();
  await repo.setBalanceLink(tx, o.id, { balanceTokenHash: hashToken(token) });
  return `${storeInfo(deps.settings.current(), deps.config).publicUrl}/pay/${o.number}?token=${token}`;
}

interface ChargeState {
  deps: LayawayDeps;
  tx: DbOrTx;
  number: string;
  today: string;
  now: Date;
  done?: boolean;
  o?: OrderRow;
  due?: InstalmentRow;
  charged?: { ref: string; brand: string; last4: string };
  refused?: string;
}

/**
 * Charging one order's instalment due today, on the locked order: the instalment read again under
 * the lock (another instance, or the customer at the link, may have paid it a moment ago), the
 * saved card charged with a key of the instalment and its attempt (a retry after a lost answer is
 * the same charge), credited, and the customer told. A refusal is recorded and e-mailed with a link.
 */
export const CHARGE_INSTALMENT_STEPS: Array<Step<ChargeState>> = [
  {
    name: 'read instalment',
    async run(s) {
      const o = await repo.lockByNumber(s.tx, s.number);
      const rows = o && o.status !== 'cancelled' ? await repo.lockInstalments(s.tx, o.id) : [];
      s.o = o ?? undefined;
      s.due = rows.find(
        (i) => i.state === 'due' && i.dueOn <= s.today && (!i.nextTryAt || i.nextTryAt.getTime() <= s.now.getTime()),
      );
      if (!s.o || !s.due) s.done = true;
    },
  },
  {
    name: 'charge saved card',
    async run(s) {
      const o = s.o!;
      const due = s.due!;
      if (!o.savedCard) {
        s.refused = 'there is no card saved for it';
        return;
      }
      const auth = await s.deps.payments.chargeSaved({
        card: o.savedCard,
        amountCents: due.amountCents,
        reference: `${o.number}-instalment-${due.seq}`,
        key: `instalment:${o.number}:${due.seq}:${due.attempts}`,
      });
      if (auth.ok)
        s.charged = { ref: auth.ref, brand: auth.brand || o.savedCard.brand, last4: auth.last4 || o.savedCard.last4 };
      else s.refused = auth.message;
    },
    // Nothing after it may lose the money: a failure gives it back.
    async compensate(s) {
      if (s.charged)
        await s.deps.payments
          .refund({ ref: s.charged.ref, amountCents: s.due!.amountCents, key: `undo:${s.charged.ref}` })
          .catch(() => undefined);
    },
  },
  {
    name: 'credit or record refusal',
    async run(s) {
      const o = s.o!;
      const due = s.due!;
      const store = storeInfo(s.deps.settings.current(), s.deps.config);
      if (s.charged) {
        await creditInstalments(
          s.tx,
          o,
          [due.id],
          due.amountCents,
          { provider: s.deps.payments.name, ...s.charged },
          'saved card',
        );
        const left = o.totalCents - o.paidCents - due.amountCents;
        await enqueueMail(s.tx, {
          kind: 'order-instalment-paid',
          to: o.email,
          ...instalmentMail(store, o, 'paid', { cents: due.amountCents, card: paymentText(s.charged), left }),
        });
        return;
      }
      paymentFailures.inc({ what: 'instalment' });
      await repo.instalmentRefused(s.tx, due.id, s.refused!, new Date(s.now.getTime() + RETRY_MS));
      await repo.insertEvent(s.tx, {
        orderId: o.id,
        type: 'instalment-refused',
        visibleToCustomer: true,
        data: { amountCents: due.amountCents, seq: due.seq, failure: s.refused },
      });
      const grace = s.deps.settings.current().layaway?.graceDays ?? 14;
      await enqueueMail(s.tx, {
        kind: 'order-instalment-refused',
        to: o.email,
        ...instalmentMail(store, o, 'refused', {
          cents: due.amountCents,
          card: o.savedCard ? paymentText(o.savedCard) : '',
          left: 0,
          url: await payLink(s.deps, s.tx, o),
          failure: s.refused,
          cancelOn: dayText(addDays(due.dueOn, grace + 1)),
        }),
      });
    },
  },
];

const dayText = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Charges every instalment due now (any instance may run it; the order's lock decides). How many were charged. */
export async function chargeDueInstalments(deps: LayawayDeps, now = new Date(), hooks?: FlowHooks): Promise<number> {
  const today = storeToday(deps.config.STORE_TIMEZONE, now);
  let charged = 0;
  for (const { number } of await repo.ordersToCharge(deps.db, today, now)) {
    const s = await deps.db.transaction((tx) =>
      runFlow('charge instalment', CHARGE_INSTALMENT_STEPS, { deps, tx, number, today, now }, hooks),
    );
    if (s.charged) charged++;
  }
  if (charged) void deps.outbox.kick();
  return charged;
}

/**
 * Orders whose instalment is still unpaid when the grace period has ended: cancelled by the store's
 * rule (`cancel` is the back office's cancellation, keeping the fee). How many.
 */
export async function cancelLapsedPlans(
  deps: LayawayDeps,
  cancel: (number: string, keepCents: number, reason: string) => Promise<unknown>,
  now = new Date(),
): Promise<number> {
  const settings = deps.settings.current();
  const grace = settings.layaway?.graceDays ?? 14;
  const today = storeToday(deps.config.STORE_TIMEZONE, now);
  const lastDueOn = addDays(today, -(grace + 1));
  let n = 0;
  for (const { number } of await repo.ordersPastGrace(deps.db, lastDueOn)) {
    const o = await repo.byNumber(deps.db, number);
    if (!o) continue;
    const late = (await repo.instalments(deps.db, o.id)).find((i) => i.state === 'due' && i.dueOn <= lastDueOn)!;
    const fee = Math.min(settings.layaway?.feeCents ?? 0, o.paidCents - o.refundedCents);
    const reason = `the instalment of ${money(late.amountCents)} due ${dayText(late.dueOn)} was not paid within ${grace} days. Under the layaway terms the store keeps its cancellation fee of ${money(fee)}; the rest of what you paid is refunded`;
    await cancel(number, fee, reason)
      .then(() => n++)
      .catch(() => undefined);
  }
  return n;
}

/** The back office's list of plans: what each has paid, its next instalment, what is late. */
export async function layawayPlansForStaff(db: Db, tz: string) {
  const today = storeToday(tz);
  return (await repo.layawayPlans(db, today)).map((r) => ({
    ...r,
    placedAt: new Date(r.placedAt).toISOString(),
    state:
      r.status === 'cancelled'
        ? ('cancelled' as const)
        : r.paidCents >= r.totalCents
          ? ('paid' as const)
          : r.lateCents > 0
            ? ('late' as const)
            : ('on-schedule' as const),
    daysLate: r.oldestLateOn ? Math.round((Date.parse(today) - Date.parse(r.oldestLateOn)) / 86_400_000) : 0,
  }));
}
