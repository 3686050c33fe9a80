import { createHash, randomUUID } from 'node:crypto';
import {
  MELEE_PARCEL_STONES,
  QTY_MAX,
  SERIALIZED_KINDS,
  type Cart,
  type ShippingMethod,
  type StoneAlternative,
} from '@facet/contracts/commerce';
import type { z } from 'zod';
import type { addItemBody } from '@facet/contracts/commerce';
import type { ConfigureInput } from '@facet/contracts/configurator';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, RateLimited, Unprocessable, Validation } from '../../errors.ts';
import type { Throttle } from '../throttle/index.ts';
import { DISCOUNT_TRIES_PER_HOUR } from '@facet/contracts/promotions';
import { priceLine, type PricedLine } from './lines.ts';
import {
  giftCardCentsOf,
  shippedGoods,
  shippingOptions,
  taxedTotals,
  type Destination,
  type RatesSource,
} from './pricing.ts';
import type { TaxProvider } from '../tax/index.ts';
import { cartRepository as repo, variantIdBySku, type CartLineRow, type Owner } from './repository.ts';
import { discountFor, MAX_CODES, type DiscountResult } from '../promotions/index.ts';
import { saleBook, type SaleBook } from '../sales/index.ts';
import { storeToday } from '../gift-cards/index.ts';
import { configuratorReads } from '../configurator/index.ts';
import { stoneStock } from '../inventory/index.ts';
import { paths } from '@facet/contracts/paths';
import { diamondName } from '@facet/contracts/stone-names';
import { caratOf } from '@facet/contracts/carats';

export type { Owner, PricedLine };

/** Prices one chosen item (a cart line or a saved one) from today's catalogue. */
export const priceChoice = (
  db: DbOrTx,
  choice: Pick<CartLineRow, 'kind' | 'refId' | 'configuration' | 'lineKey'> & { id: number },
) => priceLine(db, { engraving: null, ...choice, cartId: 0, quantity: 1, createdAt: new Date() });

/** A catalogue piece by SKU, priced today as a cart line of `quantity` (null: no such SKU). */
export async function priceSku(db: DbOrTx, sku: string, quantity: number, sales?: SaleBook) {
  const refId = await variantIdBySku(db, sku);
  if (refId === null) return null;
  return priceLine(
    db,
    {
      id: 0,
      kind: 'product',
      refId,
      configuration: null,
      lineKey: `product:${refId}`,
      engraving: null,
      cartId: 0,
      quantity,
      createdAt: new Date(),
    },
    sales,
  );
}

/** The owner's cart id and the discount codes entered on it (checkout works them out again with the e-mail typed there). */
export const cartOf = (db: DbOrTx, owner: Owner) => repo.findWithCode(db, owner);
export const emptyCart = (db: DbOrTx, cartId: number) => repo.clear(db, cartId);
type AddInput = z.output<typeof addItemBody>;

/** A gift card arrives today or on a later day of the store's calendar, within a year. */
function checkDeliveryDay(day: string, timezone: string) {
  const today = storeToday(timezone);
  const yearOn = storeToday(timezone, new Date(Date.now() + 365 * 86_400_000));
  if (day < today) throw new Validation('Choose today or a later day.', { deliverOn: 'Today or later' });
  if (day > yearOn) throw new Validation('Choose a day within a year.', { deliverOn: 'Within a year' });
}
const NOT_IN_CART = 'This item is no longer in your cart.';

/** Lines with the same key are the same purchase: quantities add instead of a second line. */
function lineKey(input: AddInput): string {
  // Each gift card is its own line (its own recipient, message and day).
  if (input.kind === 'gift-card') return `gift-card:${randomUUID()}`;
  // Other words or another font is another piece.
  const engraved = 'engraving' in input && input.engraving ? `:e:${digest(input.engraving)}` : '';
  if (input.kind !== 'configured') return `${input.kind}:${input.id}${engraved}`;
  const c = input.configuration;
  return `configured:${c.groupId}:${digest({ ...c, stones: [...c.stones].sort((a, b) => a.location - b.location) })}${engraved}`;
}
const digest = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 24);
const serialsOf = (input: AddInput | CartLineRow): string[] => {
  if (input.kind === 'diamond' || input.kind === 'gemstone')
    return [`${input.kind}:${'refId' in input ? input.refId : input.id}`];
  if (input.kind === 'configured') {
    const cfg = 'configuration' in input ? (input.configuration as ConfigureInput | null) : null;
    return (cfg?.stones ?? []).filter((s) => s.kind !== 'melee').map((s) => `${s.kind}:${s.id}`);
  }
  return [];
};

/** The cart's lines priced now (in a transaction, pass the sale book: see priceLine). */
export async function pricedLines(db: DbOrTx, cartId: number | null, sales?: SaleBook): Promise<PricedLine[]> {
  if (!cartId) return [];
  const rows = await repo.lines(db, cartId);
  const book = sales ?? (await saleBook(db as Db));
  return Promise.all(rows.map((r) => priceLine(db, r, book)));
}

/** What the cart is priced with: the store's settings, and its clock (for a code's start and end). */
export interface CartStore {
  settings: StoreSettings;
  timezone: string;
  tax: TaxProvider;
  /** The carrier's rates for the address (absent: the store's own prices; present: shipping is not known until the address is complete). */
  rates?: RatesSource;
}

/** Where the cart is going, as far as the checkout knows it, and the shipping method chosen. */
export type CartView = Destination & { shipping?: ShippingMethod };

async function summarize(
  store: CartStore,
  lines: PricedLine[],
  opts: CartView = {},
  discount: DiscountResult | null = null,
): Promise<Cart> {
  const { settings } = store;
  const subtotal = lines.filter((l) => l.available).reduce((s, l) => s + l.lineTotalCents, 0);
  const applied = discount?.applied ?? null;
  const gifts = giftCardCentsOf(lines);
  const goods = shippedGoods(lines, applied?.cents ?? 0);
  const rates = store.rates ? await store.rates(opts, goods) : null;
  const { totals: priced } = await taxedTotals(
    store.tax,
    settings,
    subtotal,
    opts.shipping ?? 'standard',
    opts,
    applied,
    gifts,
    rates,
  );
  // The store's own price is no estimate of a carrier's: shipping waits for the address.
  const pending = store.rates !== undefined && rates === null && goods.pieces > 0;
  const totals = pending
    ? { ...priced, shippingCents: 0, shippingPending: true, totalCents: priced.totalCents - priced.shippingCents }
    : priced;
  return {
    lines: lines.map(({ stones: _s, melee: _m, configuration: _c, refId: _r, categoryId: _g, ...l }) => l),
    count: lines.reduce((s, l) => s + l.quantity, 0),
    checkoutReady: lines.length > 0 && lines.every((l) => l.available),
    shippingOptions: shippingOptions(
      settings,
      subtotal - totals.discountCents - gifts,
      applied?.freeShipping,
      gifts > 0 && subtotal - totals.discountCents === gifts,
      rates,
    ),
    freeShippingOverCents: settings.freeShippingOverCents,
    totals,
    discountCodes: discount?.codes ?? [],
  };
}

/** The cart's codes (read with the cart itself) worked out against these lines now. */
const discountOf = (db: DbOrTx, store: CartStore, codes: string[], lines: PricedLine[], owner: Owner) =>
  discountFor(db, codes, lines, { email: null, userId: owner.userId }, store.timezone);

/** Priced as a read would, with the cart's codes. */
async function read(db: DbOrTx, store: CartStore, owner: Owner, codes: string[], lines: PricedLine[], opts = {}) {
  const cart = await summarize(store, lines, opts, await discountOf(db, store, codes, lines, owner));
  return { ...cart, lines: await withAlternatives(db, cart.lines, lines) };
}

/** The diamonds a line held that are sold now (a loose one, or the center of a configured ring). */
async function soldDiamonds(db: DbOrTx, line: PricedLine): Promise<number[]> {
  if (line.kind === 'diamond' && line.gone === 'sold') return [line.refId];
  if (line.kind !== 'configured' || line.gone !== 'invalid') return [];
  const ids = ((line.configuration as ConfigureInput | null)?.stones ?? [])
    .filter((s) => s.kind === 'diamond')
    .map((s) => s.id);
  const rows = await Promise.all(ids.map((id) => configuratorReads.diamond(db, id)));
  return rows.filter((d) => d && (d.status === 'sold' || d.status === 'withdrawn')).map((d) => d!.id);
}

/** The three closest stones on sale to each sold diamond, one click away from the line that held it. */
export async function alternativesTo(db: DbOrTx, line: PricedLine): Promise<StoneAlternative[]> {
  const sold = await soldDiamonds(db, line);
  const found = (await Promise.all(sold.map((id) => stoneStock.closestTo(db, id)))).flat().slice(0, 3);
  return found.map((d) => ({
    title: diamondName({ ...d, carat: caratOf(d.caratPoints) }),
    href: paths.diamondOf(d),
    priceCents: d.priceCents,
  }));
}

async function withAlternatives(db: DbOrTx, shown: Cart['lines'], lines: PricedLine[]): Promise<Cart['lines']> {
  if (!lines.some((l) => l.gone)) return shown;
  return Promise.all(
    shown.map(async (l, i) => {
      const alternatives = lines[i]!.gone ? await alternativesTo(db, lines[i]!) : [];
      return alternatives.length ? { ...l, alternatives } : l;
    }),
  );
}

/**
 * The visitor's lines join the user's cart at sign-in — only then, on the request that proved the
 * password or code, so a signed-in shopper cannot claim another visitor's cart later by sending
 * its id. Same line → quantities add (capped); a one-of-a-kind stone never appears twice. The
 * visitor cart is then gone, and the browser starts a new visitor id.
 */
export async function claimVisitorCart(db: Db, userId: number, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  const visitorCart = await repo.findBySession(db, sessionId);
  if (!visitorCart) return;
  await db.transaction(async (tx) => {
    const userCart = await repo.ensure(tx, { userId, sessionId: null });
    await mergeLines(tx, visitorCart, userCart, 'add');
    await repo.drop(tx, visitorCart);
  });
}

/**
 * Another cart's lines brought into the owner's (a left cart's e-mailed link, opened on any device):
 * the owner's cart is made if need be; a line it already has is left as it is, so opening the link
 * twice adds nothing. Answers the owner's cart id.
 */
export async function copyCartInto(tx: DbOrTx, fromCartId: number, owner: Owner): Promise<number> {
  const to = await repo.ensure(tx, owner);
  if (to !== fromCartId) await mergeLines(tx, fromCartId, to, 'keep');
  return to;
}

/** `add`: the same line's quantities add (capped); `keep`: a line the cart has stays as it is. A one-of-a-kind stone never appears twice. */
async function mergeLines(tx: DbOrTx, from: number, to: number, same: 'add' | 'keep') {
  const mine = await repo.lines(tx, to);
  const held = new Set(mine.flatMap(serialsOf));
  const keys = new Set(mine.map((l) => l.lineKey));
  for (const l of await repo.lines(tx, from)) {
    const serials = serialsOf(l);
    if (serials.some((s) => held.has(s)) || (same === 'keep' && keys.has(l.lineKey))) continue;
    serials.forEach((s) => held.add(s));
    const max = SERIALIZED_KINDS.includes(l.kind) || serials.length ? 1 : QTY_MAX;
    await repo.upsertLine(tx, to, {
      kind: l.kind,
      refId: l.refId,
      configuration: l.configuration,
      lineKey: l.lineKey,
      quantity: l.quantity,
      engraving: l.engraving,
      max,
    });
  }
}

export async function getCart(db: Db, store: CartStore, owner: Owner, opts: CartView = {}): Promise<Cart> {
  const cart = await repo.findWithCode(db, owner);
  return read(db, store, owner, cart?.codes ?? [], await pricedLines(db, cart?.id ?? null), opts);
}

/**
 * A discount code entered in the cart: kept only when it takes something off now, together with the
 * codes already there (one code per order unless they all combine); otherwise refused with the
 * reason, in the shopper's words. Checkout works them out again.
 */
/** Who is trying codes: the client (its address) and the cart; wrong tries are counted for each. */
export interface CodeTries {
  throttle: Throttle;
  client: string;
}
const HOUR_MS = 3_600_000;

export async function applyDiscount(
  db: Db,
  store: CartStore,
  owner: Owner,
  code: string,
  tries: CodeTries,
): Promise<Cart> {
  const cart = await repo.findWithCode(db, owner);
  const lines = await pricedLines(db, cart?.id ?? null);
  if (!cart || !lines.length) throw new Unprocessable('Add something to your cart first, then its code.');
  const entered = code.toUpperCase();
  if (cart.codes.includes(entered)) return read(db, store, owner, cart.codes, lines);
  if (cart.codes.length >= MAX_CODES)
    throw new Unprocessable(`An order takes at most ${MAX_CODES} codes.`, { code: 'Too many codes' });
  // Guessing is made slow: so many wrong codes an hour from one address, and in one cart.
  const keys = [`code-tries c:${tries.client}`, `code-tries o:${owner.userId ?? `s${owner.sessionId}`}`];
  const windows = await Promise.all(keys.map((k) => tries.throttle.read(k)));
  const full = windows.find((w) => w.hits >= DISCOUNT_TRIES_PER_HOUR);
  if (full) {
    const minutes = Math.max(1, Math.ceil(full.ttlMs / 60_000));
    throw new RateLimited(
      `Too many codes tried. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying another.`,
      Math.ceil(full.ttlMs / 1000),
    );
  }
  const result = await discountOf(db, store, [...cart.codes, entered], lines, owner);
  const mine = result.codes.at(-1)!;
  if (mine.note) {
    await Promise.all(keys.map((k) => tries.throttle.hit(k, HOUR_MS)));
    throw new Unprocessable(mine.note, { code: mine.note });
  }
  const codes = result.codes.map((c) => c.code);
  await repo.setDiscountCodes(db, cart.id, codes);
  return summarize(store, lines, {}, result);
}

/** One code off the cart (`code`), or every code. */
export async function removeDiscount(db: Db, store: CartStore, owner: Owner, code?: string): Promise<Cart> {
  const cart = await repo.findWithCode(db, owner);
  if (!cart) return getCart(db, store, owner);
  const codes = code ? cart.codes.filter((c) => c !== code.toUpperCase()) : [];
  await repo.setDiscountCodes(db, cart.id, codes);
  return read(db, store, owner, codes, await pricedLines(db, cart.id));
}

export async function addItem(db: Db, store: CartStore, owner: Owner, input: AddInput): Promise<Cart> {
  if (!owner.userId && !owner.sessionId)
    throw new Unprocessable('A cart needs the X-Session-Id header (the swag-session id).');
  const quantity = 'quantity' in input ? input.quantity : 1;
  const refId = input.kind === 'configured' ? input.configuration.groupId : input.kind === 'gift-card' ? 0 : input.id;
  if (input.kind === 'gift-card') checkDeliveryDay(input.card.deliverOn, store.timezone);
  const sales = await saleBook(db);
  const row = {
    id: 0,
    cartId: 0,
    kind: input.kind,
    refId,
    configuration: input.kind === 'configured' ? input.configuration : input.kind === 'gift-card' ? input.card : null,
    lineKey: lineKey(input),
    quantity,
    engraving: ('engraving' in input && input.engraving) || null,
    createdAt: new Date(),
  };
  // Price the new line before keeping it: a sold stone or an impossible configuration is refused now.
  const probe = await priceLine(db, row, sales);
  if (probe.engravingRefused) throw new Validation(probe.engravingRefused, { engraving: probe.engravingRefused });
  if (probe.incomplete) throw new Validation(probe.message!);
  if (!probe.available) throw new Conflict(probe.message ?? 'This item cannot be bought right now.');
  if (input.kind === 'melee' && quantity > probe.maxQuantity)
    throw new Unprocessable(`Only ${probe.maxQuantity} parcels of ${MELEE_PARCEL_STONES} are in stock.`);
  const line = { ...row, max: probe.maxQuantity };
  const serials = serialsOf(input);
  // A line holding a one-of-a-kind stone is checked against every other line (the stone may sit in
  // a ring already), in a transaction; any other line is one statement that keeps its own cap.
  const {
    cartId,
    codes,
    lines: existing,
    saved,
  } = serials.length
    ? await db.transaction(async (tx) => {
        const cart = await repo.ensureWithLines(tx, owner);
        const held = new Set(cart.lines.flatMap(serialsOf));
        if (serials.some((s) => held.has(s)))
          throw new Conflict(
            input.kind === 'configured'
              ? 'That stone is already in your cart.'
              : `This ${input.kind} is already in your cart. Each one is one of a kind.`,
          );
        const same = cart.lines.find((l) => l.lineKey === row.lineKey);
        return { ...cart, saved: same ? null : await repo.upsertLine(tx, cart.cartId, line) };
      })
    : await repo.addLine(db, owner, line);
  const same = existing.find((l) => l.lineKey === row.lineKey);
  if (!saved) {
    throw new Unprocessable(
      probe.onHand
        ? `Only ${probe.maxQuantity} left, and your cart already holds ${same?.quantity ?? 0}.`
        : probe.maxQuantity === 1
          ? 'This piece is one of a kind and already in your cart.'
          : `You can order up to ${probe.maxQuantity} of an item. For more, please contact us.`,
    );
  }
  // The answer is built from what the statement read and wrote: no second trip to read it back.
  const rows = same
    ? existing.map((l) => (l.id === saved.id ? { ...l, quantity: saved.quantity } : l))
    : [...existing, { ...row, cartId, id: saved.id, quantity: saved.quantity }];
  // The new line was priced a moment ago for this very quantity; the others are priced now, as a read would.
  const lines = await Promise.all(
    rows.map((r) =>
      r.id === saved.id && r.quantity === probe.quantity ? { ...probe, id: saved.id } : priceLine(db, r, sales),
    ),
  );
  return read(db, store, owner, codes, lines);
}

export async function updateItem(
  db: Db,
  store: CartStore,
  owner: Owner,
  lineId: number,
  quantity: number,
): Promise<Cart> {
  const cartId = await repo.find(db, owner);
  const row = cartId ? await repo.line(db, cartId, lineId) : null;
  if (!cartId || !row) throw new NotFound(NOT_IN_CART);
  const priced = await priceLine(db, row);
  if (quantity > priced.maxQuantity) {
    throw new Unprocessable(
      priced.maxQuantity === 1 && !priced.onHand
        ? 'This piece is one of a kind: its quantity is always 1.'
        : `Only ${priced.maxQuantity} available for this item.`,
    );
  }
  await repo.setQuantity(db, cartId, lineId, quantity);
  return getCart(db, store, owner);
}

export async function removeItem(db: Db, store: CartStore, owner: Owner, lineId: number): Promise<Cart> {
  const cartId = await repo.find(db, owner);
  if (!cartId || !(await repo.removeLine(db, cartId, lineId))) throw new NotFound(NOT_IN_CART);
  return getCart(db, store, owner);
}
