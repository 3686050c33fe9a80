import { ordersPlaced } from '../../metrics.ts';
import type { StoreSettings } from '@facet/contracts/store-settings';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '@facet/contracts/returns';
import { createHash } from 'node:crypto';
import type { Order, OrderSummary } from '@facet/contracts/commerce';
import { US_STATES } from '@facet/contracts/account';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound, Unprocessable } from '../../errors.ts';
import { hashToken, newReference } from '../../secrets.ts';
import type { Owner } from '../cart/index.ts';
import { orderRepository as repo, type OrderEventRow } from './repository.ts';
import { STATUS_LABELS, type OrderStatus } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';
import { runFlow, type FlowHooks } from '../../flow.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { askOnce, PLACE_ORDER_STEPS, quoteAhead, type PlaceState } from './place-order.ts';
import { toOrder, type OrderDeps, type PlaceOrder } from './shape.ts';
import { planView } from './layaway.ts';
import { deliverDueGiftCards, giftPaymentsOf, storeToday } from '../gift-cards/index.ts';
import { storeInfo } from '../../store-facts.ts';

/** Makes and e-mails the gift cards due today; a failure leaves them to the sweeper. */
export const deliverToday = (deps: Pick<OrderDeps, 'db' | 'config' | 'settings'>) =>
  deliverDueGiftCards(
    deps.db,
    storeInfo(deps.settings.current(), deps.config),
    storeToday(deps.config.STORE_TIMEZONE),
  ).catch(() => 0);

export { toOrder, type OrderDeps, type PlaceOrder };

const newOrderNumber = () => newReference('FCT');
const NOT_FOUND = 'We could not find that order.';

/** What identifies "the same request" for an Idempotency-Key: everything but the secret card data. */
function requestHash(input: PlaceOrder): string {
  const { card, ...rest } = input;
  return createHash('sha256')
    .update(
      JSON.stringify({
        ...rest,
        card: card
          ? { name: card.name, last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear }
          : null,
      }),
    )
    .digest('hex');
}

/**
 * Checkout in ONE transaction, as the named steps of place-order.ts: load and re-price the cart,
 * check it, take the stones, record the order, pay, finalize, queue the mails, tidy up. Any failure
 * rolls the database back and voids the payment.
 */
export async function placeOrder(
  deps: OrderDeps,
  owner: Owner,
  idempotencyKey: string,
  input: PlaceOrder,
  hooks: FlowHooks = {},
): Promise<Order> {
  if (!owner.userId && !owner.sessionId)
    throw new Unprocessable('Checkout needs the X-Session-Id header (the swag-session id).');
  const scope = owner.userId ? `u:${owner.userId}` : `s:${owner.sessionId}`;
  const hash = requestHash(input);

  const replay = async () => {
    const prior = await repo.byIdempotency(deps.db, scope, idempotencyKey);
    if (!prior) return null;
    if (prior.requestHash !== hash)
      throw new Unprocessable(
        'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
      );
    return prior.answer as Order;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  if (!(input.shippingAddress.state in US_STATES)) throw new Unprocessable('We ship within the United States only.');

  const state: PlaceState = {
    deps: askOnce(deps),
    owner,
    input,
    idempotencyKey,
    scope,
    hash,
    number: newOrderNumber(),
  };
  await quoteAhead(state);
  try {
    await runFlow('place order', PLACE_ORDER_STEPS, state, hooks, (body) =>
      deps.db.transaction(async (tx) => {
        state.tx = tx;
        await body();
      }),
    );
  } catch (err) {
    // A concurrent request with the same key won the race: answer as it did.
    if (isUniqueViolation(err, 'customer_order_idempotency_key')) {
      const again = await replay();
      if (again) return again;
    }
    if (isUniqueViolation(err, 'order_stone_live_key'))
      throw new Conflict('Sorry, a stone in your cart was just bought by another customer. Please review your cart.');
    throw err;
  }
  const order = state.answer!;
  if (state.replayed) return order;
  ordersPlaced.inc({ plan: state.plan ? 'layaway' : 'full' });
  // A gift card for today goes out now (the sweeper sends later days' on their day).
  if (order.lines.some((l) => l.kind === 'gift-card')) await deliverToday(deps);
  void deps.outbox.kick();
  // Only what showed the stones sold is dropped: the rest of the store's kept pages stay.
  const sold = (state.lines ?? []).flatMap((l) => [
    ...l.stones,
    // Loose melee, or a configured piece's (its parcels are not named on the line).
    ...(l.melee
      ? [{ kind: 'melee' as const, id: l.melee.id }]
      : l.kind === 'configured'
        ? [{ kind: 'melee' as const, id: 0 }]
        : []),
  ]);
  if (order.lines.some((l) => l.kind !== 'product' && l.kind !== 'gift-card')) deps.onStonesSold(sold);
  return order;
}

/** One step of an order's story, worded for its customer. */
export function timelineEntry(e: OrderEventRow): NonNullable<Order['timeline']>[number] {
  const d = e.data as Record<string, string | number | undefined>;
  const at = e.at.toISOString();
  if (e.type === 'placed' && d.plan === 'layaway')
    return {
      at,
      label: `Placed on layaway: deposit of ${formatMoney(Number(d.depositCents), { exact: true })} paid`,
      detail: String(d.card ?? ''),
    };
  if (e.type === 'placed' && d.authorizedOnly)
    return {
      at,
      label: 'Order placed: card authorised, not charged',
      detail: 'Charged once the supplier confirms the stone',
    };
  if (e.type === 'instalment-refused')
    return {
      at,
      label: `Instalment ${d.seq} of ${formatMoney(Number(d.amountCents), { exact: true })} could not be charged`,
      detail: String(d.failure ?? ''),
    };
  if (e.type === 'supplier-confirmed')
    return {
      at,
      label: `Confirmed with the supplier: charged ${formatMoney(Number(d.amountCents), { exact: true })}`,
      detail: String(d.card ?? ''),
    };
  if (e.type === 'placed')
    return d.exchangeOf
      ? { at, label: 'Order placed', detail: `Replacement for return ${d.return} of order ${d.exchangeOf}` }
      : d.depositCents !== undefined
        ? {
            at,
            label: `Deposit of ${formatMoney(Number(d.depositCents), { exact: true })} paid`,
            detail: `${d.source}${d.card ? ` · ${d.card}` : ''}`,
          }
        : { at, label: 'Order placed' };
  if (e.type === 'change') {
    const c = e.data as {
      before: { title: string };
      after: { title: string };
      differenceCents: number;
      totalAfterCents: number;
    };
    const diff = c.differenceCents;
    return {
      at,
      label: `Changed: ${c.before.title} → ${c.after.title}`,
      detail: `New total ${formatMoney(c.totalAfterCents, { exact: true })}${
        diff > 0
          ? ` · ${formatMoney(diff, { exact: true })} more to pay`
          : diff < 0
            ? ` · ${formatMoney(-diff, { exact: true })} back to you`
            : ''
      }`,
    };
  }
  if (e.type === 'balance-asked')
    return { at, label: `Balance of ${formatMoney(Number(d.amountCents), { exact: true })} asked for` };
  if (e.type === 'payment')
    return { at, label: `Paid ${formatMoney(Number(d.amountCents), { exact: true })}`, detail: String(d.card ?? '') };
  if (e.type === 'refund')
    return {
      at,
      label: `Refunded ${formatMoney(Number(d.amountCents), { exact: true })}`,
      detail: String(d.reason ?? ''),
    };
  if (e.type === 'return')
    return {
      at,
      label: `Return ${d.number}: ${RETURN_STATUS_LABELS[d.status as ReturnStatus]?.toLowerCase() ?? d.status}`,
      ...(d.message
        ? { detail: String(d.message) }
        : d.orderNumber
          ? { detail: `Replacement order ${d.orderNumber}` }
          : {}),
    };
  const to = d.to as OrderStatus;
  if (to === 'shipped')
    return { at, label: 'Shipped', detail: `${d.carrier} ${d.trackingNumber}`, url: String(d.trackingUrl) };
  if (to === 'cancelled') return { at, label: 'Cancelled', detail: String(d.reason ?? '') };
  return { at, label: STATUS_LABELS[to] ?? String(to) };
}

/** The order's row for its owner (signed in) or whoever holds its access token; anyone else gets 404. */
export async function getOrderRow(db: Db, number: string, who: { userId: number | null; token: string | null }) {
  const o = await repo.byNumber(db, number);
  if (!o) throw new NotFound(NOT_FOUND);
  const mine = who.userId !== null && o.userId === who.userId;
  // The confirmation e-mail's token, or the delivery e-mail's (sent to return pieces).
  const hashed = who.token !== null ? hashToken(who.token) : null;
  const byToken = hashed !== null && (hashed === o.accessTokenHash || hashed === o.returnTokenHash);
  if (!mine && !byToken) throw new NotFound(NOT_FOUND);
  return o;
}

/** The owner (signed in) or whoever holds the order's access token; anyone else gets 404. */
export async function getOrder(
  db: Db,
  settings: StoreSettings,
  number: string,
  who: { userId: number | null; token: string | null },
  tz: string,
): Promise<Order> {
  const o = await getOrderRow(db, number, who);
  const [lines, events, gifts, plan] = await Promise.all([
    repo.lines(db, o.id),
    repo.customerEvents(db, o.id),
    o.giftCardCents ? giftPaymentsOf(db, o.id) : [],
    planView(db, o, settings, tz),
  ]);
  return { ...toOrder(o, lines, settings, gifts), ...(plan ? { plan } : {}), timeline: events.map(timelineEntry) };
}

export async function listOrders(db: Db, userId: number): Promise<OrderSummary[]> {
  return (await repo.forUser(db, userId)).map((o) => ({
    ...o,
    placedAt: o.placedAt.toISOString(),
    image: o.image ?? '',
  }));
}
