import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Validation } from '../../errors.ts';
import { storeInfo } from '../../store-facts.ts';
import type { AccountDeps } from '../account/index.ts';
import { alternativesTo, cartOf, copyCartInto, pricedLines, type Owner } from '../cart/index.ts';
import { enqueueMail, unsubscribeLinks } from '../mail/index.ts';
import { reminderMails, type ReminderLine } from './mail.ts';
import { remindersRepository as repo } from './repository.ts';

export type ReminderDeps = Pick<AccountDeps, 'db' | 'config' | 'settings' | 'outbox'>;

/** How long a left cart's link brings it back. */
export const RESTORE_DAYS = 14;
export const RESTORE_INVALID = 'This link has expired or is not valid. Your cart may still be on the device you used.';

// --- The link that brings a left cart back: signed, so it cannot be made for another cart, and
// dated, so an old e-mail stops working; it names the cart, never the account. ---

const keys = new WeakMap<object, Promise<Buffer>>();
function keyOf(db: DbOrTx): Promise<Buffer> {
  let k = keys.get(db);
  if (!k) {
    k = repo.signingKey(db, randomBytes(32).toString('base64url')).then((v) => Buffer.from(v, 'base64url'));
    keys.set(db, k);
  }
  return k;
}
const sign = (key: Buffer, cartId: number, until: number) =>
  createHmac('sha256', key).update(`restore:${cartId}:${until}`).digest('base64url');

export async function restoreToken(db: DbOrTx, cartId: number, now = new Date()): Promise<string> {
  const until = Math.floor(now.getTime() / 1000) + RESTORE_DAYS * 86_400;
  return `${cartId}.${until}.${sign(await keyOf(db), cartId, until)}`;
}

async function cartOfToken(db: DbOrTx, token: string): Promise<number> {
  const [id = '', until = '', sig = ''] = token.split('.');
  const cartId = Number(id);
  const untilS = Number(until);
  if (!Number.isSafeInteger(cartId) || !Number.isSafeInteger(untilS)) throw new Validation(RESTORE_INVALID);
  const good = Buffer.from(sign(await keyOf(db), cartId, untilS));
  const given = Buffer.from(sig);
  if (given.length !== good.length || !timingSafeEqual(given, good) || untilS * 1000 < Date.now())
    throw new Validation(RESTORE_INVALID);
  return cartId;
}

/**
 * The left cart's lines brought into this visitor's cart (signed in or not: the link does not sign
 * anyone in), recorded so an order from it counts as recovered. A cart emptied since brings nothing.
 */
export async function restoreCart(db: Db, token: string, owner: Owner): Promise<{ restored: boolean }> {
  const from = await cartOfToken(db, token);
  return db.transaction(async (tx) => {
    const to = await copyCartInto(tx, from, owner);
    await repo.recordRestore(tx, from, to);
    return { restored: true };
  });
}

/** The address typed at checkout for this visitor's cart and the "e-mail me" tick (no cart yet: nothing to keep). */
export async function saveCheckoutContact(db: Db, owner: Owner, email: string, consent: boolean): Promise<void> {
  const cart = await cartOf(db, owner);
  if (cart) await repo.saveContact(db, cart.id, email.toLowerCase(), consent);
}

/** In the order's transaction: an order from a restored cart counts as recovered (its total, once). */
export const noteOrderFromCart = (tx: DbOrTx, cartId: number, number: string, totalCents: number) =>
  repo.recordOrder(tx, cartId, number, totalCents);

// --- Sending ---

async function linesNow(db: Db, cartId: number): Promise<{ lines: ReminderLine[]; subtotalCents: number }> {
  const priced = await pricedLines(db, cartId);
  const lines = await Promise.all(
    priced.map(async (l) => ({
      title: l.title,
      details: [...l.details, ...(l.engraving ? [`Engraved “${l.engraving.text}”`] : [])],
      priceCents: l.unitPriceCents,
      quantity: l.quantity,
      sold: !l.available,
      message: l.message,
      alternatives: l.gone ? await alternativesTo(db, l) : [],
    })),
  );
  const subtotalCents = priced.filter((l) => l.available).reduce((s, l) => s + l.lineTotalCents, 0);
  return { lines, subtotalCents };
}

/**
 * One pass over left carts: each due step written once (the step's row and its e-mail in one
 * transaction; a second instance's insert finds the row and sends nothing). Answers how many were sent.
 */
export async function sendCartReminders(deps: ReminderDeps): Promise<number> {
  const settings = deps.settings.current();
  const rule = settings.cartReminders;
  if (!rule.on) return 0;
  const store = storeInfo(settings, deps.config);
  let sent = 0;
  for (const c of await repo.leftCarts(deps.db, rule.firstMinutes, rule.secondMinutes)) {
    const step = (c.sent + 1) as 1 | 2;
    const { lines, subtotalCents } = await linesNow(deps.db, c.cartId);
    if (!lines.length) continue;
    const links = await unsubscribeLinks(deps.db, store.publicUrl, c.email);
    const restoreUrl = `${store.publicUrl}/cart/restore/${await restoreToken(deps.db, c.cartId)}`;
    const mail = reminderMails.leftCart(store, {
      step,
      firstName: c.firstName,
      lines,
      subtotalCents,
      restoreUrl,
      unsubscribeUrl: links.url,
    });
    const wrote = await deps.db.transaction(async (tx) => {
      if (!(await repo.claimStep(tx, c.cartId, step, c.email, subtotalCents))) return false;
      await enqueueMail(tx, { kind: `cart-reminder-${step}`, to: c.email, ...mail, unsubscribe: links });
      return true;
    });
    if (wrote) sent++;
  }
  if (sent) void deps.outbox.kick();
  return sent;
}

/** The back office's page: the rule, the figures of the last 30 days, and the carts left now. */
export async function leftCartsForStaff(deps: Pick<ReminderDeps, 'db' | 'settings'>) {
  const rule = deps.settings.current().cartReminders;
  const [summary, carts] = await Promise.all([repo.summary(deps.db, 30), repo.list(deps.db, rule.firstMinutes, 100)]);
  const valued = await Promise.all(
    carts.map(async (c) => ({
      ...c,
      updatedAt: new Date(c.updatedAt).toISOString(),
      lastReminderAt: c.lastReminderAt ? new Date(c.lastReminderAt).toISOString() : null,
      valueCents: (await pricedLines(deps.db, c.cartId))
        .filter((l) => l.available)
        .reduce((s, l) => s + l.lineTotalCents, 0),
    })),
  );
  return { rule, summary, carts: valued };
}
