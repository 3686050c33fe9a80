import { MELEE_PARCEL_STONES, QTY_MAX, type CartLine } from '@facet/contracts/commerce';
import { paths } from '@facet/contracts/paths';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { itemImageUrl, stoneImageUrl } from '@facet/contracts/paths';
import {
  configuratorReads as stones,
  configureProduct,
  diamondTitle,
  gemTitle,
  meleeTitle,
  meleeUnit,
} from '../configurator/index.ts';
import { saleBook, type SaleBook } from '../sales/index.ts';
import type { ConfigureInput } from '@facet/contracts/configurator';
import { GIFT_CARD_IMAGE, type GiftCardPurchase } from '@facet/contracts/gift-cards';
import { engravingOf, variantOf, type CartLineRow } from './repository.ts';
import {
  ENGRAVING_FONT_FACES,
  engravingProblem,
  type EngravingChoice,
  type EngravingOffer,
} from '@facet/contracts/engraving';

/** A priced line plus what checkout needs to sell it (the serialized stones it holds, melee stock). */
export interface PricedLine extends CartLine {
  /** The catalogue row the line refers to (variant, stone, parcel, or the setting's group). */
  refId: number;
  stones: Array<{ kind: 'diamond' | 'gemstone'; id: number }>;
  melee?: { id: number; stones: number };
  configuration: unknown;
  /** A configured piece still missing stones it is sold with: refused (400), never priced without them. */
  incomplete?: boolean;
  /** The piece's category (null for loose stones): discount codes may be for some collections only. */
  categoryId?: number | null;
  /** A piece sold from what is on hand: checkout takes `quantity` of the variant `refId` from its stock. */
  onHand?: boolean;
  /** Why it is unavailable for good: no such row (or retired), sold or withdrawn, a configuration that cannot be made. */
  gone?: 'missing' | 'sold' | 'invalid';
  /** Why the piece cannot take these words (an add is refused with it; a line in the cart says it). */
  engravingRefused?: string;
}

const unavailable = (
  row: CartLineRow,
  title: string,
  message: string,
  image = stoneImageUrl('round', 'diamond', title),
): PricedLine => ({
  id: row.id,
  kind: row.kind,
  key: row.lineKey,
  refId: row.refId,
  title,
  details: [],
  image,
  href: null,
  quantity: row.quantity,
  maxQuantity: row.quantity,
  unitPriceCents: 0,
  lineTotalCents: 0,
  available: false,
  message,
  stones: [],
  configuration: row.configuration ?? null,
  gone: 'missing',
});

type Base = Pick<PricedLine, 'id' | 'kind' | 'key' | 'refId' | 'quantity' | 'available' | 'message' | 'configuration'>;

/** A loose serialized stone: quantity 1, buyable while its status is available. */
function oneOfAKind(
  base: Base,
  kind: 'diamond' | 'gemstone',
  s: { id: number; priceCents: number; status: string },
  title: string,
  details: string[],
  image: string,
  href: string,
): PricedLine {
  const ok = s.status === 'available';
  return {
    ...base,
    title,
    details,
    image,
    href,
    maxQuantity: 1,
    unitPriceCents: s.priceCents,
    lineTotalCents: s.priceCents,
    available: ok,
    gone: s.status === 'sold' || s.status === 'withdrawn' ? 'sold' : undefined,
    message: ok
      ? null
      : s.status === 'sold'
        ? `This ${kind} has just been sold. Please choose another.`
        : s.status === 'withdrawn'
          ? `This ${kind} is no longer offered. Please choose another.`
          : `This ${kind} is reserved for another customer for now. Please choose another.`,
    stones: [{ kind, id: s.id }],
  };
}

/** How each kind of line is priced: a new kind of line (a gift card, say) is one more entry. */
const PRICERS: Record<
  CartLineRow['kind'],
  (db: DbOrTx, row: CartLineRow, base: Base, sales: SaleBook) => Promise<PricedLine>
> = {
  product: priceProduct,
  configured: priceConfigured,
  diamond: priceDiamond,
  gemstone: priceGemstone,
  melee: priceMelee,
  'gift-card': priceGiftCard,
};

/**
 * Prices one cart line from today's catalogue and sales; a line that cannot be bought says why.
 * Inside a transaction pass the sale book (it is kept per database, not per transaction).
 */
export const priceLine = async (db: DbOrTx, row: CartLineRow, sales?: SaleBook): Promise<PricedLine> =>
  PRICERS[row.kind](db, row, baseOf(row), sales ?? (await saleBook(db as Db)));

const baseOf = (row: CartLineRow): Base => ({
  id: row.id,
  kind: row.kind,
  key: row.lineKey,
  refId: row.refId,
  quantity: row.quantity,
  available: true,
  message: null,
  configuration: row.configuration ?? null,
});

/** A catalogue piece at its price today (a made-to-order design is bought configured, never bare). */
async function priceProduct(db: DbOrTx, row: CartLineRow, base: Base, sales: SaleBook): Promise<PricedLine> {
  const v = await variantOf(db, row.refId);
  if (!v)
    return unavailable(
      row,
      'A piece no longer in our collection',
      'This piece has been withdrawn from the collection.',
    );
  // A made-to-order piece is bought as a configuration (with the stones it is sold with), never as a bare catalogue row.
  const href = paths.product({ series: v.series, categoryId: v.categoryId, groupId: v.groupId, productId: v.id });
  const image = itemImageUrl(v.image, v.metal, v.description);
  if (v.configurable)
    return {
      ...unavailable(
        row,
        v.description,
        'This piece is made to order: choose its metal, size and stones on its page.',
        image,
      ),
      href,
      incomplete: true,
      gone: undefined,
    };
  const details = [
    v.metalName,
    v.fingerSize ? `Size ${v.fingerSize}` : null,
    v.lengthIn ? `${v.lengthIn} in` : null,
    `SKU ${v.sku}`,
  ].filter((x): x is string => !!x);
  const { priceCents, ...sale } = sales.price(
    { groupId: v.groupId, categoryId: v.categoryId, metal: v.metal },
    v.priceCents,
  );
  const line: PricedLine = {
    ...base,
    categoryId: v.categoryId,
    title: v.description,
    details,
    image,
    href,
    maxQuantity: QTY_MAX,
    unitPriceCents: priceCents,
    lineTotalCents: priceCents * row.quantity,
    ...sale,
    stones: [],
  };
  return engrave(onTheShelf(line, row, v), row.engraving, v.engraving);
}

/** Sold from the shelf: never more than is left, and a line for more than that says so until it is changed. */
function onTheShelf(line: PricedLine, row: CartLineRow, v: { stockTracked: boolean; stock: number }): PricedLine {
  if (!v.stockTracked) return line;
  const left = Math.min(QTY_MAX, v.stock);
  if (left === 0)
    return { ...line, onHand: true, available: false, maxQuantity: row.quantity, message: 'Out of stock' };
  if (row.quantity > left)
    return {
      ...line,
      onHand: true,
      available: false,
      maxQuantity: left,
      message: `Only ${left} left: lower the quantity to buy ${left === 1 ? 'it' : 'them'}.`,
    };
  return { ...line, onHand: true, maxQuantity: left };
}

/**
 * The shopper's words on a piece, checked against what its design offers today: the engraving's
 * price is part of the unit price (and of the price before a sale, so "was" compares like with like).
 */
function engrave(line: PricedLine, choice: EngravingChoice | null, offer: EngravingOffer | null): PricedLine {
  if (!choice) return line;
  const problem = !offer
    ? 'This piece is not engraved any more: remove it and add it again without the words.'
    : !offer.fonts.includes(choice.font)
      ? `${ENGRAVING_FONT_FACES[choice.font].label} is not offered on this piece: choose ${offer.fonts.map((f) => ENGRAVING_FONT_FACES[f].label).join(' or ')}.`
      : engravingProblem(choice.text, offer.maxChars);
  if (problem || !offer) return { ...line, available: false, message: problem, engravingRefused: problem! };
  const engraving = {
    text: choice.text,
    font: choice.font,
    place: offer.place,
    priceCents: offer.priceCents,
    days: offer.days,
  };
  const unit = line.unitPriceCents + offer.priceCents;
  return {
    ...line,
    engraving,
    unitPriceCents: unit,
    lineTotalCents: unit * line.quantity,
    ...(line.wasCents !== undefined ? { wasCents: line.wasCents + offer.priceCents } : {}),
  };
}

/** A configured ring, priced again by the configurator (the one price function). */
async function priceConfigured(db: DbOrTx, row: CartLineRow, base: Base, sales: SaleBook): Promise<PricedLine> {
  const cfg = row.configuration as ConfigureInput;
  try {
    const c = await configureProduct(db as Db, cfg, sales);
    const model = await stones.model(db, cfg.groupId);
    const productId = model ? await stones.variantFor(db, cfg.groupId, cfg.metal) : null;
    const href =
      model && productId
        ? paths.configured({ series: model.series, categoryId: model.categoryId, groupId: cfg.groupId, productId }, cfg)
        : null;
    if (c.missing.length) {
      return {
        ...unavailable(
          row,
          c.title,
          `This piece is sold with its stones: choose the ${c.missing.map((x) => x.label.replace(/ \(.*$/, '').toLowerCase()).join(' and ')} first.`,
          c.images[0]!.FullUrl,
        ),
        href,
        incomplete: true,
        gone: undefined,
      };
    }
    const details = c.breakdown.filter((b) => b.kind === 'stone').map((b) => b.label);
    const held = cfg.stones
      .filter((s) => s.kind !== 'melee')
      .map((s) => ({ kind: s.kind as 'diamond' | 'gemstone', id: s.id }));
    const line: PricedLine = {
      ...base,
      categoryId: model?.categoryId ?? null,
      title: c.title,
      details: [...details, `SKU ${c.sku}`],
      image: c.images[0]!.FullUrl,
      href,
      // A ring holding a one-of-a-kind stone can be bought once.
      maxQuantity: held.length ? 1 : QTY_MAX,
      unitPriceCents: c.totalCents,
      lineTotalCents: c.totalCents * row.quantity,
      ...(c.sale ? { wasCents: c.wasCents, sale: c.sale } : {}),
      stones: held,
    };
    return row.engraving ? engrave(line, row.engraving, await engravingOf(db, cfg.groupId)) : line;
  } catch (err) {
    if (err instanceof AppError && err.status < 500)
      return { ...unavailable(row, 'Your custom ring', err.message), gone: 'invalid' };
    throw err;
  }
}

/** A loose diamond: one of a kind. */
async function priceDiamond(db: DbOrTx, row: CartLineRow, base: Base): Promise<PricedLine> {
  const d = await stones.diamond(db, row.refId);
  if (!d) return unavailable(row, 'A diamond no longer offered', 'This diamond is no longer offered.');
  const title = diamondTitle(d);
  return oneOfAKind(
    base,
    'diamond',
    d,
    title,
    [`${d.cut} cut`, `${d.lab} report ${d.certificate}`, `Stock no. ${d.serial}`],
    stoneImageUrl(d.shape, 'diamond', title),
    paths.diamondOf(d),
  );
}

/** A notable gemstone: one of a kind. */
async function priceGemstone(db: DbOrTx, row: CartLineRow, base: Base): Promise<PricedLine> {
  const g = await stones.gemstone(db, row.refId);
  if (!g) return unavailable(row, 'A gemstone no longer offered', 'This gemstone is no longer offered.');
  const title = gemTitle(g);
  return oneOfAKind(
    base,
    'gemstone',
    g,
    title,
    [`Stock no. ${g.serial}`],
    stoneImageUrl(g.shape, g.colorHex.replace('#', ''), title),
    paths.stoneType(g.typeSlug),
  );
}

/** A gift card: its amount, for its recipient on its day (one card per line). */
async function priceGiftCard(_db: DbOrTx, row: CartLineRow, base: Base): Promise<PricedLine> {
  const c = row.configuration as GiftCardPurchase;
  return {
    ...base,
    title: `Gift card for ${c.recipientName}`,
    details: [
      `E-mailed to ${c.recipientEmail} on ${giftDay(c.deliverOn)}`,
      `From ${c.senderName}`,
      ...(c.message ? [`“${c.message}”`] : []),
    ],
    image: GIFT_CARD_IMAGE,
    href: paths.giftCards(),
    maxQuantity: 1,
    unitPriceCents: c.amountCents,
    lineTotalCents: c.amountCents,
    stones: [],
  };
}
const giftDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** A melee parcel: as many as the stock holds. */
async function priceMelee(db: DbOrTx, row: CartLineRow, base: Base): Promise<PricedLine> {
  const p = await stones.melee(db, row.refId);
  if (!p) return unavailable(row, 'A melee parcel no longer offered', 'This parcel is no longer offered.');
  const title = `Parcel of ${MELEE_PARCEL_STONES}: ${meleeTitle(p)}`;
  const unit = meleeUnit(p) * MELEE_PARCEL_STONES;
  const maxQuantity = Math.max(0, Math.min(QTY_MAX, Math.floor(p.stock / MELEE_PARCEL_STONES)));
  const ok = row.quantity <= maxQuantity;
  return {
    ...base,
    title,
    details: [`SKU ${p.sku}`, `${(p.caratPerStone * MELEE_PARCEL_STONES).toFixed(2)} ct total weight`],
    image: stoneImageUrl(p.shape, 'diamond', title),
    href: paths.melee(),
    maxQuantity: Math.max(maxQuantity, 1),
    unitPriceCents: unit,
    lineTotalCents: unit * row.quantity,
    available: ok,
    message: ok
      ? null
      : maxQuantity
        ? `Only ${maxQuantity} ${maxQuantity === 1 ? 'parcel is' : 'parcels are'} left.`
        : 'This parcel is sold out.',
    stones: [],
    melee: { id: p.id, stones: row.quantity * MELEE_PARCEL_STONES },
  };
}
