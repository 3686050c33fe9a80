import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { Order, OrderSummary, placeOrderBody } from '@facet/contracts/commerce';
import { US_STATES } from '@facet/contracts/account';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { OrderAddress } from '../../db/schema/commerce.ts';
import { keepCheckoutAddress } from '../address/service.ts';
import { AppError, Conflict, NotFound, Unavailable, Unprocessable, Validation } from '../../errors.ts';
import { hashToken } from '../../secrets.ts';
import { cartIdOf, emptyCart, pricedLines, type Owner } from '../cart/service.ts';
import { computeTotals, shippingOptions } from '../cart/pricing.ts';
import { enqueueMails, type MailOutbox } from '../mail/outbox.ts';
import { orderConfirmation, orderNotification } from './mail.ts';
import { storeFacts, storeInfo } from '../../store-facts.ts';
import { paymentHold, type IntentProvider, type PaymentProvider } from './payment.ts';
import { withdrawUnpaid } from './settle.ts';
import { orderRepository as repo, type OrderEventRow, type OrderRow } from './repository.ts';
import { STATUS_LABELS, type OrderStatus } from '@facet/contracts/admin';
import { formatMoney } from '@facet/contracts/money';

type PlaceOrder = z.output<typeof placeOrderBody>;
export interface OrderDeps {
  db: Db;
  config: Config;
  outbox: MailOutbox;
  payments: PaymentProvider;
  onStonesSold: () => void;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newOrderNumber = () => `FCT-${Array.from({ length: 8 }, () => CROCKFORD[randomInt(32)]).join('')}`;
const NOT_FOUND = 'We could not find that order.';

class PaymentDeclined extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

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

const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e.cause ?? e;
  return c.code === '23505' && (c.constraint === constraint || String((c as Error).message ?? '').includes(constraint));
};

export function toOrder(
  o: OrderRow,
  lines: Array<{
    kind: string;
    title: string;
    details: string[];
    image: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }>,
  config: Config,
): Order {
  const shipping = shippingOptions(config, o.subtotalCents).find((s) => s.method === o.shippingMethod)!;
  return {
    number: o.number,
    status: o.status,
    placedAt: o.placedAt.toISOString(),
    email: o.email,
    lines: lines.map((l) => ({
      kind: l.kind as Order['lines'][number]['kind'],
      title: l.title,
      details: l.details,
      image: l.image,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
    })),
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    shipping: { ...shipping, cents: o.shippingCents },
    totals: {
      subtotalCents: o.subtotalCents,
      shippingCents: o.shippingCents,
      taxCents: o.taxCents,
      taxState: o.shippingAddress.state,
      totalCents: o.totalCents,
    },
    payment: { brand: o.cardBrand, last4: o.cardLast4, state: o.paymentState },
  };
}

/**
 * Checkout in ONE transaction: re-price the cart, re-check every line, sell each serialized stone
 * with a conditional update, write the order and its snapshots, authorize the card, queue the
 * e-mails and empty the cart. Any failure rolls all of it back.
 */
export async function placeOrder(
  deps: OrderDeps,
  owner: Owner,
  idempotencyKey: string,
  input: PlaceOrder,
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

  const state = input.shippingAddress.state;
  if (!(state in US_STATES)) throw new Unprocessable('We ship within the United States only.');
  const billing: OrderAddress = { ...(input.billingAddress ?? input.shippingAddress) } as OrderAddress;
  const shipping: OrderAddress = { ...input.shippingAddress } as OrderAddress;
  let authorizedRef: string | null = null;

  try {
    const order = await deps.db.transaction(async (tx) => {
      const cartId = await cartIdOf(tx, owner);
      let lines = await pricedLines(tx, cartId);
      if (!cartId || !lines.length) throw new Unprocessable('Your cart is empty.');
      const open = deps.payments.flow === 'intent' ? await repo.pendingForCart(tx, cartId) : null;
      if (open) {
        // The shopper is back at checkout with an order of this cart still unpaid (a reload, a
        // second tab): the same order again when nothing changed; otherwise it makes way.
        const had = await repo.lines(tx, open.id);
        const same =
          had.length === lines.length &&
          had.every(
            (h, i) => h.kind === lines[i]!.kind && h.refId === lines[i]!.refId && h.quantity === lines[i]!.quantity,
          );
        if (same && open.requestHash === hash) return open.answer as Order;
        await withdrawUnpaid(tx, deps.payments as IntentProvider, open);
        lines = await pricedLines(tx, cartId);
      }
      const blocked = lines.find((l) => !l.available);
      // The line stays in the cart, marked, so the shopper sees what changed and decides.
      if (blocked) throw new Conflict(`Please review your cart — ${blocked.title}: ${blocked.message}`);
      const subtotal = lines.reduce((s, l) => s + l.lineTotalCents, 0);
      const totals = computeTotals(deps.config, subtotal, input.shippingMethod, state);
      if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totals.totalCents) {
        throw new Conflict(
          'Prices changed since you reviewed your order. Please check the new total and place the order again.',
        );
      }

      const payments = deps.payments;
      if (payments.flow === 'card' && !input.card)
        throw new Validation('Please enter your card.', { card: 'Enter your card' });
      const number = newOrderNumber();
      const expiresAt = new Date(Date.now() + deps.config.PAYMENT_HOLD_MINUTES * 60_000);
      for (const line of lines) {
        for (const s of line.stones) {
          // Paid now: sold. Paid in the browser afterwards: reserved until the payment succeeds or lapses.
          const taken =
            payments.flow === 'card'
              ? await repo.sellStone(tx, s.kind, s.id)
              : await repo.reserveStone(tx, s.kind, s.id, paymentHold(number), expiresAt);
          if (!taken) {
            throw new Conflict(
              `Sorry, ${line.title.replace(/^./, (c) => c.toLowerCase())} was just bought by another customer. It is still in your cart, marked as sold: please remove it and choose another.`,
            );
          }
        }
        if (line.melee && !(await repo.takeMelee(tx, line.melee.id, line.melee.stones)))
          throw new Conflict(`${line.title}: not enough stones left in stock.`);
      }

      const accessToken = randomBytes(24).toString('base64url');
      const inserted = await repo.insert(tx, {
        number,
        userId: owner.userId,
        email: input.email,
        accessTokenHash: hashToken(accessToken),
        shippingAddress: shipping,
        billingAddress: billing,
        shippingMethod: input.shippingMethod,
        subtotalCents: totals.subtotalCents,
        shippingCents: totals.shippingCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        paidCents: payments.flow === 'card' ? totals.totalCents : 0,
        paymentState: payments.flow === 'card' ? 'paid' : 'pending',
        paymentExpiresAt: payments.flow === 'card' ? null : expiresAt,
        cartId,
        paymentProvider: payments.name,
        paymentRef: 'pending',
        cardBrand: '',
        cardLast4: '',
        idempotencyScope: scope,
        idempotencyKey,
        requestHash: hash,
        answer: {},
      });
      const orderId = inserted.id;
      await repo.insertLines(
        tx,
        lines.map((l, i) => ({
          orderId,
          position: i,
          kind: l.kind,
          refId: l.refId,
          title: l.title,
          details: l.details,
          image: l.image,
          configuration: l.configuration,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          lineTotalCents: l.lineTotalCents,
        })),
      );
      await repo.insertStones(
        tx,
        lines.flatMap((l) => l.stones.map((s) => ({ orderId, kind: s.kind, stoneId: s.id }))),
      );

      if (payments.flow === 'intent') {
        // Nothing is charged here: the browser pays this intent, and the payment's success (its
        // webhook or the confirmation page, whichever comes first) sells the stones (settlePayment).
        let intent: { ref: string; clientSecret: string };
        try {
          intent = await payments.createIntent({
            amountCents: totals.totalCents,
            reference: number,
            email: input.email,
            idempotencyKey: `${scope}:${idempotencyKey}`,
          });
        } catch {
          throw new Unavailable(
            'We could not reach the payment service. Nothing was charged and your cart is as it was; please try again.',
          );
        }
        authorizedRef = intent.ref;
        const row: OrderRow = { ...inserted, paymentRef: intent.ref };
        const answer: Order & { accessToken: string } = {
          ...toOrder(row, lines, deps.config),
          accessToken,
          payment: {
            brand: '',
            last4: '',
            state: 'pending',
            clientSecret: intent.clientSecret,
            publishableKey: payments.publishableKey,
            expiresAt: expiresAt.toISOString(),
          },
        };
        await repo.finalize(tx, orderId, { paymentRef: intent.ref, cardBrand: '', cardLast4: '', answer });
        if (input.saveAddress && owner.userId) await keepCheckoutAddress(tx, owner.userId, shipping);
        return answer;
      }

      // The card is asked last: nothing is authorized for an order that cannot be filled.
      let auth: Awaited<ReturnType<typeof payments.authorize>>;
      try {
        auth = await payments.authorize({
          amountCents: totals.totalCents,
          currency: 'USD',
          card: input.card!,
          reference: number,
        });
      } catch {
        throw new Unavailable(
          'We could not reach the payment service. Nothing was charged and your cart is as it was; please try again.',
        );
      }
      if (!auth.ok) throw new PaymentDeclined(auth.message);
      authorizedRef = auth.ref;

      const row: OrderRow = {
        ...inserted,
        paymentRef: auth.ref,
        cardBrand: auth.brand,
        cardLast4: auth.last4,
      };
      const answer = { ...toOrder(row, lines, deps.config), accessToken };
      await repo.finalize(tx, orderId, { paymentRef: auth.ref, cardBrand: auth.brand, cardLast4: auth.last4, answer });
      await repo.insertEvent(tx, {
        orderId,
        type: 'placed',
        visibleToCustomer: true,
        data: { totalCents: totals.totalCents, card: `${auth.brand} ending ${auth.last4}` },
      });

      const store = storeInfo(deps.config);
      const link = `${store.publicUrl}/order-confirmation?number=${number}&token=${accessToken}`;
      await enqueueMails(tx, [
        {
          kind: 'order-confirmation',
          to: input.email,
          ...orderConfirmation(store, storeFacts(deps.config), answer, link),
        },
        { kind: 'order-notification', to: deps.config.STORE_EMAIL, ...orderNotification(store, answer) },
      ]);
      await emptyCart(tx, cartId);
      if (input.saveAddress && owner.userId) {
        await keepCheckoutAddress(tx, owner.userId, shipping);
      }
      return answer;
    });
    void deps.outbox.kick();
    if (order.lines.some((l) => l.kind !== 'product')) deps.onStonesSold();
    return order;
  } catch (err) {
    const ref = authorizedRef as string | null;
    if (ref) {
      const p = deps.payments;
      await (p.flow === 'card' ? p.void(ref) : p.cancelIntent(ref)).catch(() => {});
    }
    // A concurrent request with the same key won the race: answer as it did.
    if (isUniqueViolation(err, 'customer_order_idempotency_key')) {
      const again = await replay();
      if (again) return again;
    }
    if (isUniqueViolation(err, 'order_stone_live_key'))
      throw new Conflict('Sorry, a stone in your cart was just bought by another customer. Please review your cart.');
    throw err;
  }
}

/** One step of an order's story, worded for its customer. */
export function timelineEntry(e: OrderEventRow): NonNullable<Order['timeline']>[number] {
  const d = e.data as Record<string, string | number | undefined>;
  const at = e.at.toISOString();
  if (e.type === 'placed') return { at, label: 'Order placed' };
  if (e.type === 'refund')
    return {
      at,
      label: `Refunded ${formatMoney(Number(d.amountCents), { exact: true })}`,
      detail: String(d.reason ?? ''),
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
  const byToken = who.token !== null && hashToken(who.token) === o.accessTokenHash;
  if (!mine && !byToken) throw new NotFound(NOT_FOUND);
  return o;
}

/** The owner (signed in) or whoever holds the order's access token; anyone else gets 404. */
export async function getOrder(
  db: Db,
  config: Config,
  number: string,
  who: { userId: number | null; token: string | null },
): Promise<Order> {
  const o = await getOrderRow(db, number, who);
  const [lines, events] = await Promise.all([repo.lines(db, o.id), repo.customerEvents(db, o.id)]);
  return { ...toOrder(o, lines, config), timeline: events.map(timelineEntry) };
}

export async function listOrders(db: Db, userId: number): Promise<OrderSummary[]> {
  return (await repo.forUser(db, userId)).map((o) => ({
    ...o,
    placedAt: o.placedAt.toISOString(),
    image: o.image ?? '',
  }));
}
