import { paymentFailures } from '../../metrics.ts';
import { randomBytes } from 'node:crypto';
import { paymentText, type Order } from '@facet/contracts/commerce';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { OrderAddress } from './schema.ts';
import { Conflict, PaymentDeclined, Unavailable, Unprocessable, Validation } from '../../errors.ts';
import type { Step } from '../../flow.ts';
import { hashToken } from '../../secrets.ts';
import { keepCheckoutAddress } from '../address/index.ts';
import { cartOf, emptyCart, pricedLines, type Owner } from '../cart/index.ts';
import { noteOrderFromCart } from '../reminders/index.ts';
import { discountFor, redeemCode, type AppliedDiscount } from '../promotions/index.ts';
import { saleBook } from '../sales/index.ts';
import { NO_GIFT_CARD_FOR_GIFT_CARD } from '@facet/contracts/gift-cards';
import { boughtCards, issueBoughtCards, planGiftCards, spendGiftCards, type GiftUse } from '../gift-cards/index.ts';
import { giftCardCentsOf, shippedGoods, taxedTotals } from '../cart/index.ts';
import type { MethodRate } from '../carrier/index.ts';
import { enqueueMails } from '../mail/index.ts';
import { storeFacts, storeInfo } from '../../store-facts.ts';
import { orderConfirmation, orderNotification } from './mail.ts';
import { paymentHold, type IntentProvider } from '../payments/index.ts';
import { withdrawUnpaid } from './settle.ts';
import { orderRepository as repo, type OrderRow } from './repository.ts';
import { orderStock } from './stock.ts';
import { toOrder, type OrderDeps, type PlaceOrder } from './shape.ts';
import { formatMoney } from '@facet/contracts/money';
import { layawayOffered, type LayawayPlan } from '@facet/contracts/payment-plans';
import type { SavedCard } from './schema.ts';
import { layawayTerms, planFor, recordPlan } from './layaway.ts';
import { confirmBy } from './supplier-stones.ts';

// Placing an order, step by step, in one transaction. Every step's database writes are undone by
// the transaction; the payment, the one effect outside it, is voided or cancelled by its
// compensation. The mails are rows in the outbox, so they too go with the transaction.

type Lines = Awaited<ReturnType<typeof pricedLines>>;
type Totals = import('@facet/contracts/commerce').Totals;

export interface PlaceState {
  deps: OrderDeps;
  owner: Owner;
  input: PlaceOrder;
  idempotencyKey: string;
  scope: string;
  hash: string;
  number: string;
  tx?: Tx;
  done?: boolean;
  answer?: Order;
  /** The answer is an earlier request's under the same key: nothing was placed now. */
  replayed?: boolean;
  cartId?: number;
  lines?: Lines;
  totals?: Totals;
  /** The tax service's calculation for these totals (recorded as a transaction once paid). */
  taxCalculation?: string | null;
  /** The carrier's rate the shopper was quoted for the chosen method (none: the store's own price). */
  rate?: MethodRate;
  /** The cart's discount code as it applies to this order (its e-mail, now). */
  discount?: AppliedDiscount;
  expiresAt?: Date;
  accessToken?: string;
  inserted?: OrderRow;
  /** The payment made for this order (an authorisation, or an intent for the browser to pay). */
  payment?: { ref: string; brand: string; last4: string; clientSecret?: string };
  /** The discount codes entered on the cart (worked out again here with the e-mail typed). */
  codes?: string[];
  /** What the shopper's gift cards pay, card by card; the payment covers the rest. */
  giftUses?: GiftUse[];
  /** Layaway: the deposit taken now and the instalments after (the store's terms, worked out once). */
  plan?: LayawayPlan;
  /** The card kept for the instalments (test provider: saved here; Stripe: once the deposit succeeds). */
  savedCard?: SavedCard;
  /** Stripe's customer the layaway's card is saved to. */
  customerRef?: string;
  /** Diamonds from a supplier's feed in the cart: the card is authorised, charged once they are confirmed. */
  supplierStones?: Set<number>;
}

/** Only authorised now: a supplier's stone must be confirmed before its money is taken. */
const authorizeOnly = (s: PlaceState) => (s.supplierStones?.size ?? 0) > 0;

const giftCents = (s: PlaceState) => (s.giftUses ?? []).reduce((sum, u) => sum + u.cents, 0);
/** What is paid now after the gift cards: the total, or a layaway's deposit. */
const dueCents = (s: PlaceState) => (s.plan ? s.plan.depositCents : s.totals!.totalCents) - giftCents(s);
/** Paid as the order is placed: the test card, or gift cards covering the whole total. */
const paidNow = (s: PlaceState) => s.deps.payments.flow === 'card' || dueCents(s) === 0;

const tx = (s: PlaceState) => s.tx!;
const addresses = (s: PlaceState) => ({
  billing: { ...(s.input.billingAddress ?? s.input.shippingAddress) } as OrderAddress,
  shipping: { ...s.input.shippingAddress } as OrderAddress,
});
const unreachable = () =>
  new Unavailable(
    'We could not reach the payment service. Nothing was charged and your cart is as it was; please try again.',
  );

/**
 * The Idempotency-Key, held: a request with the same key that was already in flight is waited for
 * and its answer given, so a double click is told it bought the stone, not that someone else did.
 */
const claimKey: Step<PlaceState> = {
  name: 'claim key',
  async run(s) {
    await repo.holdKey(tx(s), s.scope, s.idempotencyKey);
    const prior = await repo.byIdempotency(tx(s), s.scope, s.idempotencyKey);
    if (!prior) return;
    if (prior.requestHash !== s.hash)
      throw new Unprocessable(
        'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
      );
    s.answer = prior.answer as Order;
    s.replayed = true;
    s.done = true;
  },
};

/** The cart, priced now. An unpaid order of the same cart (a reload, a second tab) is answered again, or makes way. */
const loadCart: Step<PlaceState> = {
  name: 'load cart',
  async run(s) {
    const cart = await cartOf(tx(s), s.owner);
    const cartId = cart?.id ?? null;
    s.codes = cart?.codes ?? [];
    const sales = await saleBook(s.deps.db);
    let lines = await pricedLines(tx(s), cartId, sales);
    if (!cartId || !lines.length) throw new Unprocessable('Your cart is empty.');
    const open = s.deps.payments.flow === 'intent' ? await repo.pendingForCart(tx(s), cartId) : null;
    if (open) {
      const had = await repo.lines(tx(s), open.id);
      const same =
        had.length === lines.length &&
        had.every(
          (h, i) => h.kind === lines[i]!.kind && h.refId === lines[i]!.refId && h.quantity === lines[i]!.quantity,
        );
      if (same && open.requestHash === s.hash) {
        s.answer = open.answer as Order;
        s.done = true;
        return;
      }
      await withdrawUnpaid(tx(s), s.deps.payments as IntentProvider, open);
      lines = await pricedLines(tx(s), cartId, sales);
    }
    s.cartId = cartId;
    s.lines = lines;
  },
};

/**
 * The order's discount, shipping (the carrier's rate, with one) and tax, as the review priced them.
 * A code that no longer applies, a method the carrier does not offer to the address, or a service
 * that cannot answer stops the order here, before any money is asked for.
 */
async function priceOrder(s: PlaceState, db: DbOrTx, lines: Lines, codes: string[]) {
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  let discount: AppliedDiscount | undefined;
  if (codes.length) {
    const who = { email: s.input.email, userId: s.owner.userId };
    const r = await discountFor(db, codes, lines, who, s.deps.config.STORE_TIMEZONE);
    const off = r.codes.find((c) => c.note);
    if (off)
      throw new Conflict(
        `Your code ${off.code} no longer applies: ${off.note} Remove it from your cart to place the order.`,
      );
    discount = r.applied ?? undefined;
  }
  const address = s.input.shippingAddress;
  const to = {
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country,
  };
  const rates = s.deps.rates ? await s.deps.rates(to, shippedGoods(lines, discount?.cents ?? 0)) : null;
  let rate: MethodRate | undefined;
  if (rates && shippedGoods(lines, 0).pieces > 0) {
    rate = rates[s.input.shippingMethod];
    if (!rate) {
      const name = s.deps.settings.current().shipping[s.input.shippingMethod].label;
      throw new Validation(`${name} is not offered to this address. Please choose another shipping method.`, {
        shippingMethod: 'Not offered to this address',
      });
    }
  }
  const taxed = await taxedTotals(
    s.deps.tax,
    s.deps.settings.current(),
    subtotal,
    s.input.shippingMethod,
    to,
    discount ?? null,
    giftCardCentsOf(lines),
    rates,
  );
  return { discount, rate, totals: taxed.totals, calculation: taxed.calculation };
}

/**
 * Asks the carrier and the tax service before the order's transaction begins, so the transaction
 * (which holds the cart's stones, and on the embedded database the only connection) never waits on
 * them: the same questions asked inside it are answered from here. Nothing is decided by this pass;
 * whatever it cannot price is asked again, and refused, inside.
 */
export async function quoteAhead(s: PlaceState) {
  // The store's own tax table and shipping prices answer at once, inside: nothing to ask ahead.
  if (s.deps.tax.name === 'table' && !s.deps.rates) return;
  const cart = await cartOf(s.deps.db, s.owner);
  if (!cart) return;
  const lines = await pricedLines(s.deps.db, cart.id, await saleBook(s.deps.db));
  if (!lines.length || lines.some((l) => !l.available)) return;
  await priceOrder(s, s.deps.db, lines, cart.codes ?? []).catch(() => undefined);
}

/** The providers, each question answered once per order: asked ahead, then inside the transaction. */
export function askOnce(deps: OrderDeps): OrderDeps {
  const memo = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => {
    const asked = new Map<string, Promise<R>>();
    return (...a: A) => {
      const key = JSON.stringify(a);
      let p = asked.get(key);
      if (!p) {
        p = fn(...a);
        // A failure is not kept: inside the transaction it is asked again, and said.
        p.catch(() => asked.delete(key));
        asked.set(key, p);
      }
      return p;
    };
  };
  return {
    ...deps,
    tax: { ...deps.tax, quote: memo(deps.tax.quote.bind(deps.tax)) },
    ...(deps.rates ? { rates: memo(deps.rates) } : {}),
  };
}

/**
 * The layaway plan for this order on the store's terms, or why it cannot have one: under the
 * threshold, gift cards (bought or spent), or a supplier's stone (charged only once confirmed).
 */
function layawayFor(s: PlaceState, lines: Lines): LayawayPlan {
  const terms = layawayTerms(s.deps.settings.current());
  const total = s.totals!.totalCents;
  const refuse = (why: string) => new Unprocessable(why, { plan: why });
  if (!terms) throw refuse('Layaway is not offered at the moment. Please choose to pay in full.');
  if (!layawayOffered(terms, total))
    throw refuse(`Layaway is for orders of ${formatMoney(terms.overCents)} or more. Please choose to pay in full.`);
  if (s.input.giftCards?.length || lines.some((l) => l.kind === 'gift-card'))
    throw refuse('Gift cards cannot be bought or spent on layaway. Please pay in full, or remove them.');
  if (s.supplierStones?.size)
    throw refuse(
      'A stone from a supplier is paid once the supplier confirms it, not on layaway. Please pay in full, or choose a stone we hold.',
    );
  return planFor(terms, total, s.deps.config.STORE_TIMEZONE);
}

/** Every line still for sale, the totals the shopper saw, a card when the card is taken here. */
const checkCart: Step<PlaceState> = {
  name: 'check cart',
  async run(s) {
    const lines = s.lines!;
    const blocked = lines.find((l) => !l.available);
    // The line stays in the cart, marked, so the shopper sees what changed and decides.
    if (blocked) throw new Conflict(`Please review your cart — ${blocked.title}: ${blocked.message}`);
    const priced = await priceOrder(s, tx(s), lines, s.codes ?? []);
    s.discount = priced.discount;
    s.rate = priced.rate;
    s.totals = priced.totals;
    s.taxCalculation = priced.calculation;
    if (s.input.expectedTotalCents !== undefined && s.input.expectedTotalCents !== s.totals.totalCents)
      throw new Conflict(
        'Prices changed since you reviewed your order. Please check the new total and place the order again.',
      );
    if (s.input.giftCards?.length && lines.some((l) => l.kind === 'gift-card'))
      throw new Unprocessable(NO_GIFT_CARD_FOR_GIFT_CARD, { giftCards: NO_GIFT_CARD_FOR_GIFT_CARD });
    const diamonds = lines.flatMap((l) => l.stones.filter((st) => st.kind === 'diamond').map((st) => st.id));
    s.supplierStones = await orderStock.fromSuppliers(tx(s), diamonds);
    if (s.input.plan === 'layaway') s.plan = layawayFor(s, lines);
    if (s.input.giftCards?.length) s.giftUses = await planGiftCards(tx(s), s.input.giftCards, s.totals.totalCents);
    if (s.deps.payments.flow === 'card' && dueCents(s) > 0 && !s.input.card)
      throw new Validation('Please enter your card.', { card: 'Enter your card' });
  },
};

/** Each serialized stone sold (card paid now) or reserved until the browser's payment completes; melee and pieces on hand taken from stock. */
const takeStones: Step<PlaceState> = {
  name: 'take stones',
  async run(s) {
    s.expiresAt = new Date(Date.now() + s.deps.config.PAYMENT_HOLD_MINUTES * 60_000);
    for (const line of s.lines!) {
      for (const stone of line.stones) {
        const taken =
          s.deps.payments.flow === 'card'
            ? await repo.sellStone(tx(s), stone.kind, stone.id)
            : await repo.reserveStone(tx(s), stone.kind, stone.id, paymentHold(s.number), s.expiresAt);
        if (!taken)
          throw new Conflict(
            `Sorry, ${line.title.replace(/^./, (c) => c.toLowerCase())} was just bought by another customer. It is still in your cart, marked as sold: please remove it and choose another.`,
          );
      }
      if (line.melee && !(await orderStock.takeMelee(tx(s), line.melee.id, line.melee.stones)))
        throw new Conflict(`${line.title}: not enough stones left in stock.`);
      if (line.onHand && !(await orderStock.takeStock(tx(s), line.refId, line.quantity)))
        throw new Conflict(
          `Sorry, ${line.title} sold out while you were checking out (not enough left for ${line.quantity}). Please change the quantity or remove it from your cart.`,
        );
    }
  },
};

/** The order, its lines (priced snapshots) and its stones. */
const recordOrder: Step<PlaceState> = {
  name: 'record order',
  async run(s) {
    const { billing, shipping } = addresses(s);
    const card = paidNow(s);
    const totals = s.totals!;
    // The method's name and delivery time as promised now: a later change of settings does not rewrite them.
    const promised = s.deps.settings.current().shipping[s.input.shippingMethod];
    s.accessToken = randomBytes(24).toString('base64url');
    s.inserted = await repo.insert(tx(s), {
      number: s.number,
      userId: s.owner.userId,
      email: s.input.email,
      accessTokenHash: hashToken(s.accessToken),
      shippingAddress: shipping,
      billingAddress: billing,
      shippingMethod: s.input.shippingMethod,
      shippingLabel: promised.label,
      shippingDays: s.rate?.days || promised.days,
      shippingService: s.rate ? { carrier: s.rate.carrier, service: s.rate.service } : null,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      discountLabel: totals.discountLabel,
      giftCardCents: giftCents(s),
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      taxLines: totals.taxLines,
      taxCalculation: s.taxCalculation ?? null,
      totalCents: totals.totalCents,
      paidCents: card ? (authorizeOnly(s) ? giftCents(s) : dueCents(s) + giftCents(s)) : 0,
      paymentState: card ? (authorizeOnly(s) ? 'authorized' : 'paid') : 'pending',
      paymentExpiresAt: card ? null : s.expiresAt!,
      plan: s.plan ? 'layaway' : 'full',
      authorizedUntil: card && authorizeOnly(s) ? confirmBy(s.deps.settings.current()) : null,
      cartId: s.cartId!,
      paymentProvider: s.deps.payments.name,
      paymentRef: 'pending',
      cardBrand: '',
      cardLast4: '',
      idempotencyScope: s.scope,
      idempotencyKey: s.idempotencyKey,
      requestHash: s.hash,
      answer: {},
    });
  },
};

/** The store's gift cards the shopper applied, spent now in this transaction: a failure after this point gives it all back. */
const spendCards: Step<PlaceState> = {
  name: 'spend gift cards',
  async run(s) {
    if (s.giftUses) await spendGiftCards(tx(s), s.inserted!.id, s.giftUses, s.input.email);
  },
};

/** One use at a time, never past its limit: of twenty orders racing for a single-use code, one gets it. */
const redeemCodes: Step<PlaceState> = {
  name: 'redeem codes',
  async run(s) {
    for (const c of s.discount?.codes ?? [])
      if (
        !(await redeemCode(tx(s), {
          codeId: c.codeId,
          orderId: s.inserted!.id,
          email: s.input.email,
          userId: s.owner.userId,
          cents: c.cents,
        }))
      )
        throw new Conflict(
          `Sorry, the code ${c.code} has just been used up. Remove it from your cart to place the order.`,
        );
  },
};

/** What was bought, as priced (sales, codes per line, engraving), and the stones it took. */
const recordLines: Step<PlaceState> = {
  name: 'record lines',
  async run(s) {
    const orderId = s.inserted!.id;
    await orderStock.recordLines(
      tx(s),
      s.lines!.map((l, i) => ({
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
        wasUnitCents: l.wasCents ?? null,
        saleName: l.sale?.name ?? null,
        discountCents: s.discount?.perLine[i] ?? 0,
        engraving: l.engraving ?? null,
      })),
    );
    await repo.insertStones(
      tx(s),
      s.lines!.flatMap((l) =>
        l.stones.map((st) => ({
          orderId,
          kind: st.kind,
          stoneId: st.id,
          supplier: st.kind === 'diamond' && !!s.supplierStones?.has(st.id),
        })),
      ),
    );
  },
};

/** A layaway's instalments, as worked out for it (the deposit is the payment taken now). */
const recordPlanStep: Step<PlaceState> = {
  name: 'record plan',
  async run(s) {
    if (s.plan) await recordPlan(tx(s), s.inserted!.id, s.plan);
  },
};

/**
 * The money, asked last: nothing is authorised for an order that cannot be filled. The test card
 * provider authorises now; with Stripe an intent is created for the browser to pay (nothing is
 * charged here; its success sells the stones, see settlePayment). Undone: voided or cancelled.
 */
const pay: Step<PlaceState> = {
  name: 'pay',
  async run(s) {
    const payments = s.deps.payments;
    const amountCents = dueCents(s);
    if (amountCents === 0) {
      // The gift cards pay it all: no card is charged.
      s.payment = { ref: `gift-cards:${s.number}`, brand: 'Gift card', last4: s.giftUses![0]!.last4 };
      return;
    }
    if (payments.flow === 'intent') {
      const intent = await (async () => {
        // Layaway: the deposit's card is saved to a customer for the instalments.
        if (s.plan)
          s.customerRef = await payments.createCustomer({
            email: s.input.email,
            key: `${s.scope}:${s.idempotencyKey}`,
          });
        return payments.createIntent({
          amountCents,
          reference: s.number,
          email: s.input.email,
          idempotencyKey: `${s.scope}:${s.idempotencyKey}`,
          captureManually: authorizeOnly(s),
          ...(s.customerRef ? { saveFor: s.customerRef } : {}),
        });
      })().catch(() => {
        throw unreachable();
      });
      s.payment = { ref: intent.ref, brand: '', last4: '', clientSecret: intent.clientSecret };
      return;
    }
    const auth = await payments
      .authorize({ amountCents, currency: 'USD', card: s.input.card!, reference: s.number })
      .catch(() => {
        throw unreachable();
      });
    if (!auth.ok) {
      paymentFailures.inc({ what: 'checkout' });
      throw new PaymentDeclined(auth.message);
    }
    s.payment = { ref: auth.ref, brand: auth.brand, last4: auth.last4 };
    if (s.plan) {
      const saved = await payments.saveCard(s.input.card!).catch(() => {
        throw unreachable();
      });
      if (!saved.ok) {
        paymentFailures.inc({ what: 'checkout' });
        throw new PaymentDeclined(saved.message);
      }
      s.savedCard = { ref: saved.ref, customer: null, brand: saved.brand, last4: saved.last4 };
    }
  },
  async compensate(s) {
    if (!s.payment || dueCents(s) === 0) return;
    const p = s.deps.payments;
    await (p.flow === 'card' ? p.void(s.payment.ref) : p.cancelIntent(s.payment.ref));
  },
};

/** The answer the shopper (and a retry with the same key) gets, kept on the order; its first timeline entry. */
const finalize: Step<PlaceState> = {
  name: 'finalize',
  async run(s) {
    const payment = s.payment!;
    const row: OrderRow = {
      ...s.inserted!,
      paymentRef: payment.ref,
      cardBrand: payment.brand,
      cardLast4: payment.last4,
    };
    const order = toOrder(
      row,
      s.lines!.map((l, i) => ({
        ...l,
        wasUnitCents: l.wasCents,
        saleName: l.sale?.name,
        discountCents: s.discount?.perLine[i] ?? 0,
      })),
      s.deps.settings.current(),
      (s.giftUses ?? []).map((u) => ({ last4: u.last4, cents: u.cents })),
    );
    if (s.plan) {
      const terms = s.deps.settings.current().layaway;
      order.plan = {
        depositCents: s.plan.depositCents,
        instalments: s.plan.instalments.map((i) => ({ ...i, state: 'due' as const, paidAt: null })),
        card: s.savedCard ? paymentText(s.savedCard) : null,
        graceDays: terms.graceDays,
        feeCents: terms.feeCents,
      };
    }
    const answer: Order & { accessToken: string } = !paidNow(s)
      ? {
          ...order,
          accessToken: s.accessToken!,
          payment: {
            brand: '',
            last4: '',
            state: 'pending',
            clientSecret: payment.clientSecret!,
            publishableKey: (s.deps.payments as IntentProvider).publishableKey,
            expiresAt: s.expiresAt!.toISOString(),
          },
        }
      : { ...order, accessToken: s.accessToken! };
    await repo.finalize(tx(s), s.inserted!.id, {
      paymentRef: payment.ref,
      cardBrand: payment.brand,
      cardLast4: payment.last4,
      answer,
    });
    // A layaway's deposit is its first payment of several: refunds go back to them in turn.
    if (s.plan && paidNow(s))
      await repo.insertPayment(tx(s), {
        orderId: s.inserted!.id,
        kind: 'deposit',
        provider: s.deps.payments.name,
        ref: payment.ref,
        amountCents: dueCents(s),
        cardBrand: payment.brand,
        cardLast4: payment.last4,
      });
    if (s.savedCard || s.customerRef)
      await repo.setSavedCard(
        tx(s),
        s.inserted!.id,
        s.savedCard ?? { ref: '', customer: s.customerRef!, brand: '', last4: '' },
      );
    s.answer = answer;
    // Paid in the browser: the timeline, the mails and the cart wait for the payment's success.
    if (paidNow(s))
      await repo.insertEvent(tx(s), {
        orderId: s.inserted!.id,
        type: 'placed',
        visibleToCustomer: true,
        data: {
          totalCents: s.totals!.totalCents,
          card: `${payment.brand} ending ${payment.last4}`,
          ...(s.plan ? { depositCents: s.plan.depositCents, plan: 'layaway' } : {}),
          ...(authorizeOnly(s) ? { authorizedOnly: true } : {}),
        },
      });
  },
};

/** The confirmation to the shopper and the notice to the store, queued in the outbox (sent after commit). */
const queueMails: Step<PlaceState> = {
  name: 'queue mails',
  async run(s) {
    if (!paidNow(s)) return;
    const store = storeInfo(s.deps.settings.current(), s.deps.config);
    const link = `${store.publicUrl}/order-confirmation?number=${s.number}&token=${s.accessToken}`;
    await enqueueMails(tx(s), [
      {
        kind: 'order-confirmation',
        to: s.input.email,
        ...orderConfirmation(store, storeFacts(s.deps.settings.current(), s.deps.config), s.answer!, link),
      },
      { kind: 'order-notification', to: store.email, ...orderNotification(store, s.answer!) },
    ]);
  },
};

/** The cart emptied and gift cards bought made (paid orders); the address kept when the shopper asked. */
const tidyUp: Step<PlaceState> = {
  name: 'tidy up',
  async run(s) {
    if (paidNow(s)) {
      await emptyCart(tx(s), s.cartId!);
      await noteOrderFromCart(tx(s), s.cartId!, s.answer!.number, s.answer!.totals.totalCents);
      await issueBoughtCards(tx(s), s.inserted!.id, boughtCards(s.lines!), s.input.email);
    }
    if (s.input.saveAddress && s.owner.userId) await keepCheckoutAddress(tx(s), s.owner.userId, addresses(s).shipping);
  },
};

export const PLACE_ORDER_STEPS: Array<Step<PlaceState>> = [
  claimKey,
  loadCart,
  checkCart,
  takeStones,
  recordOrder,
  spendCards,
  redeemCodes,
  recordLines,
  recordPlanStep,
  pay,
  finalize,
  queueMails,
  tidyUp,
];
