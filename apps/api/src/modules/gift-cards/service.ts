import { formatMoney } from '@facet/contracts/money';
import {
  GIFT_CARD_EXPIRY,
  printedGiftCode,
  type AdminGiftCard,
  type BoughtGiftCard,
  type GiftBalance,
  type GiftCardPurchase,
} from '@facet/contracts/gift-cards';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { enqueueMails, layout, opening, type StoreInfo } from '../mail/index.ts';
import { hashGiftCode, newGiftCode } from './code.ts';
import { giftCardRepository as repo } from './repository.ts';

// Gift cards: their balance, spending them on an order, giving money back to them, and staff's
// issue, adjustment and disabling. Every change is a ledger entry with the balance after it.

const CHANGED = 'This gift card was changed by someone else — reload to see it, then try again.';

export async function balanceOf(db: Db, code: string): Promise<GiftBalance | null> {
  const c = await repo.byHash(db, hashGiftCode(code));
  return c ? { last4: c.last4, balanceCents: c.balanceCents, active: c.active } : null;
}

const spent = (last4: string, left: number) =>
  `Your gift card ending ${last4} has ${formatMoney(left, { exact: true })} left, less than this order needed: nothing was charged.${left ? ' Apply it again to use what is left.' : ''}`;

export interface GiftUse {
  cardId: number;
  last4: string;
  cents: number;
}

/** How much each code pays of `dueCents`, in the order typed; a code that cannot pay says why. */
export async function planGiftCards(db: DbOrTx, codes: string[], dueCents: number): Promise<GiftUse[]> {
  const uses: GiftUse[] = [];
  let left = dueCents;
  for (const code of [...new Set(codes)]) {
    const c = await repo.byHash(db, hashGiftCode(code));
    const field = { giftCards: 'Check the code' };
    if (!c)
      throw new Validation(`There is no gift card ${printedGiftCode(code).slice(0, 4)}-…: check the code.`, field);
    if (!c.active)
      throw new Validation(`The gift card ending ${c.last4} cannot be used. Please call us about it.`, field);
    // Spent since the shopper applied it (another order, another tab): what is left is said, as a race is.
    if (c.balanceCents === 0) throw new Conflict(spent(c.last4, 0));
    if (left === 0) break;
    const cents = Math.min(left, c.balanceCents);
    uses.push({ cardId: c.id, last4: c.last4, cents });
    left -= cents;
  }
  return uses;
}

/**
 * Spends the planned amounts in the order's transaction. Two orders spending one card at once
 * queue on its row; the second finds less than it planned and is refused with what is left.
 */
export async function spendGiftCards(tx: DbOrTx, orderId: number, uses: GiftUse[], by: string) {
  for (const u of uses) {
    const after = await repo.debit(tx, u.cardId, u.cents);
    if (after === null) {
      const left = await repo.balance(tx, u.cardId);
      throw new Conflict(spent(u.last4, left));
    }
    await repo.paid(tx, orderId, u.cardId, u.cents);
    await repo.entry(tx, {
      cardId: u.cardId,
      kind: 'redeem',
      cents: -u.cents,
      balanceCents: after,
      orderId,
      by,
      reason: null,
    });
  }
}

/**
 * Gives up to `cents` of an order back to the gift cards that paid it (a refund goes to them before
 * the card); answers how much they took back. `release`: an order never paid gives back everything.
 */
export async function returnToGiftCards(
  tx: DbOrTx,
  orderId: number,
  cents: number,
  kind: 'refund' | 'release',
  by: string,
): Promise<{ cents: number; cards: Array<{ last4: string; cents: number }> }> {
  let left = cents;
  const cards: Array<{ last4: string; cents: number }> = [];
  for (const p of await repo.unreturned(tx, orderId)) {
    if (left === 0) break;
    const back = Math.min(left, p.left);
    await repo.returned(tx, p.id, back);
    const after = await repo.credit(tx, p.cardId, back);
    await repo.entry(tx, { cardId: p.cardId, kind, cents: back, balanceCents: after, orderId, by, reason: null });
    cards.push({ last4: p.last4, cents: back });
    left -= back;
  }
  return { cents: cents - left, cards };
}

export const giftPaymentsOf = (db: DbOrTx, orderId: number) => repo.paymentsOf(db, orderId);

/** The gift cards an order bought, as its refund form shows them, and what of the order they hold (below). */
export async function giftCardsBoughtBy(db: DbOrTx, orderId: number) {
  const cards = await repo.boughtBy(db, orderId);
  return {
    cards: cards.map(({ takenBackCents: _t, ...c }): BoughtGiftCard => c),
    heldCents: heldBy(cards),
  };
}
const heldBy = (cards: Array<{ initialCents: number; takenBackCents: number }>) =>
  cards.reduce((sum, c) => sum + c.initialCents - c.takenBackCents, 0);

/**
 * What of an order's money the gift cards it bought still stand for — their value, less what a
 * refund took back of them — so a refund can never hand back money a card can still spend, or money
 * a card already spent. With `takeBack` (in the refund's transaction), every card not yet taken back
 * is emptied and disabled first (a card not yet sent never will be).
 */
export async function heldByBoughtCards(
  tx: DbOrTx,
  orderId: number,
  takeBack: { by: string; reason: string } | null,
): Promise<{ heldCents: number; live: Array<{ last4: string | null }> }> {
  const cards = await repo.boughtBy(tx, orderId, true);
  for (const c of cards) {
    if (!takeBack || c.takenBack) continue;
    await repo.takeBack(tx, c.id);
    await repo.entry(tx, {
      cardId: c.id,
      kind: 'take-back',
      cents: -c.balanceCents,
      balanceCents: 0,
      orderId,
      by: takeBack.by,
      reason: takeBack.reason,
    });
    c.takenBack = true;
    c.takenBackCents = c.balanceCents;
  }
  return {
    heldCents: heldBy(cards),
    live: cards.filter((c) => !c.takenBack),
  };
}

/** The gift card e-mail: the code, once, and how to spend it. */
function giftMail(
  store: StoreInfo,
  c: { initialCents: number; recipientName: string; senderName: string; message: string },
  code: string,
) {
  const amount = formatMoney(c.initialCents);
  const { subject, intro } = opening(store, 'gift-card', {
    recipientName: c.recipientName,
    senderName: c.senderName,
    amount,
  });
  return layout(store, subject, {
    intro,
    paragraphs: [
      ...(c.message ? [`“${c.message}”`] : []),
      'Your gift card code (keep it like cash — anyone with it can spend it):',
    ],
    code: printedGiftCode(code),
    action: { label: 'Start shopping', url: `${store.publicUrl}/` },
    after: [
      `Enter the code at checkout; use it all at once or over several orders, with a card for any rest. ${GIFT_CARD_EXPIRY} Check what is left at ${store.publicUrl}/gift-cards/balance.`,
    ],
  });
}

/** Makes and e-mails the code of each card due by `today` (store calendar); answers how many. */
export async function deliverDueGiftCards(db: Db, store: StoreInfo, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repo.due(tx, today);
    for (const c of due) {
      const code = newGiftCode();
      await repo.delivered(tx, c.id, hashGiftCode(code), code.slice(-4));
      await enqueueMails(tx, [
        { kind: 'gift-card', to: c.recipientEmail, sensitive: true, ...giftMail(store, c, code) },
      ]);
    }
    return due.length;
  });
}

/** The gift cards among an order's lines, as issueBoughtCards takes them. */
export const boughtCards = (lines: ReadonlyArray<{ kind: string; quantity: number; configuration: unknown }>) =>
  lines
    .filter((l) => l.kind === 'gift-card')
    .map((l) => ({ lineId: null, quantity: l.quantity, card: l.configuration as GiftCardPurchase }));

/** Cards bought by a paid order: one per gift-card line and unit, delivered on their day. */
export async function issueBoughtCards(
  tx: DbOrTx,
  orderId: number,
  lines: Array<{ lineId: number | null; quantity: number; card: GiftCardPurchase }>,
  by: string,
) {
  for (const l of lines)
    for (let i = 0; i < l.quantity; i++) {
      const id = await repo.insert(tx, { ...l.card, orderId, orderLineId: l.lineId, by });
      await repo.entry(tx, {
        cardId: id,
        kind: 'issue',
        cents: l.card.amountCents,
        balanceCents: l.card.amountCents,
        orderId,
        by,
        reason: null,
      });
    }
}

// The back office.

export const listGiftCards = async (db: Db, q?: string) => ({
  cards: await repo.list(db, q),
  liability: await repo.liability(db),
});

export async function giftCardDetail(db: Db, id: number) {
  const c = await repo.one(db, id);
  if (!c) throw new NotFound('There is no such gift card.');
  return { ...c, ledger: await repo.ledger(db, id) };
}

export async function issueGiftCard(
  db: Db,
  actor: Actor,
  store: StoreInfo,
  today: string,
  input: { amountCents: number; recipientName: string; recipientEmail: string; message: string; reason: string },
): Promise<AdminGiftCard> {
  const id = await db.transaction(async (tx) => {
    const id = await repo.insert(tx, {
      ...input,
      senderName: store.name,
      deliverOn: today,
      orderId: null,
      orderLineId: null,
      by: actor.email,
    });
    await repo.entry(tx, {
      cardId: id,
      kind: 'issue',
      cents: input.amountCents,
      balanceCents: input.amountCents,
      orderId: null,
      by: actor.email,
      reason: input.reason,
    });
    await audit(tx, actor, 'gift-card.issue', 'gift_card', id, null, {
      ...input,
      recipientEmail: input.recipientEmail,
    });
    return id;
  });
  await deliverDueGiftCards(db, store, today);
  return (await repo.one(db, id))!;
}

export async function adjustGiftCard(
  db: Db,
  actor: Actor,
  id: number,
  input: { version: number; amountCents: number; reason: string },
) {
  await db.transaction(async (tx) => {
    const c = await repo.one(tx, id, true);
    if (!c) throw new NotFound('There is no such gift card.');
    if (c.version !== input.version) throw new Conflict(CHANGED);
    if (c.balanceCents + input.amountCents < 0)
      throw new Validation(
        `The card holds ${formatMoney(c.balanceCents, { exact: true })}: at most that can be taken off.`,
        {
          amountCents: 'More than the balance',
        },
      );
    const after = await repo.credit(tx, id, input.amountCents);
    await repo.entry(tx, {
      cardId: id,
      kind: 'adjust',
      cents: input.amountCents,
      balanceCents: after,
      orderId: null,
      by: actor.email,
      reason: input.reason,
    });
    await audit(
      tx,
      actor,
      'gift-card.adjust',
      'gift_card',
      id,
      { balanceCents: c.balanceCents },
      { balanceCents: after, reason: input.reason },
    );
  });
  return giftCardDetail(db, id);
}

/** Disabled (lost, stolen, bought with a stolen card): it can no longer be spent; the ledger says why. */
export async function disableGiftCard(db: Db, actor: Actor, id: number, input: { version: number; reason: string }) {
  await db.transaction(async (tx) => {
    const c = await repo.one(tx, id, true);
    if (!c) throw new NotFound('There is no such gift card.');
    if (c.version !== input.version) throw new Conflict(CHANGED);
    if (!c.active) throw new Conflict('This gift card is already disabled.');
    await repo.setActive(tx, id, false);
    await repo.entry(tx, {
      cardId: id,
      kind: 'disable',
      cents: 0,
      balanceCents: c.balanceCents,
      orderId: null,
      by: actor.email,
      reason: input.reason,
    });
    await audit(
      tx,
      actor,
      'gift-card.disable',
      'gift_card',
      id,
      { active: true },
      { active: false, reason: input.reason },
    );
  });
  return giftCardDetail(db, id);
}

/**
 * Each instance looks for gift cards due every minute (and at start): the row locks (skip locked)
 * make one instance send each, and a card for a later day goes out on that day's first pass.
 */
export function startGiftCardDelivery(
  db: Db,
  store: () => StoreInfo,
  today: () => string,
  kick: () => void,
  log: { error: (o: object, m: string) => void },
) {
  const pass = () =>
    deliverDueGiftCards(db, store(), today()).then(
      (n) => {
        if (n) kick();
      },
      (err: unknown) => log.error({ err }, 'gift cards: delivery pass failed; the next one retries'),
    );
  void pass();
  const timer = setInterval(() => void pass(), 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
