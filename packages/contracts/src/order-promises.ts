import { ENGRAVED_NOT_RETURNABLE } from './engraving-rules.ts';
import { madeToOrderText, signedFor, type StoreFacts } from './store-facts.ts';

// What an order's confirmation (page and e-mail) promises, from the order's own lines: a gift card
// bought alone is e-mailed and cannot be returned, so such an order promises nothing about making,
// shipping, tracking or signatures; pieces are made, shipped insured (signed for over the store's
// threshold) and returnable, except engraved ones.

/** Whether any of these lines is a piece that ships (gift cards alone are e-mailed). */
export const shipsPieces = (lines: ReadonlyArray<{ kind: string }>) => lines.some((l) => l.kind !== 'gift-card');

interface OrderLike {
  lines: ReadonlyArray<{ kind: string; lineTotalCents: number; discountCents?: number; engraving?: unknown }>;
  shipping: { label: string; days: string };
}

export interface OrderPromises {
  /** Pieces to make and ship (false: gift cards alone, delivered by e-mail). */
  ships: boolean;
  making: string | null;
  delivery: string | null;
  giftCards: string | null;
  returns: string;
}

export function orderPromises(o: OrderLike, facts: StoreFacts, engravingDays = 0): OrderPromises {
  const pieces = o.lines.filter((l) => l.kind !== 'gift-card');
  const cards = o.lines.length - pieces.length;
  const goodsCents = pieces.reduce((s, l) => s + l.lineTotalCents - (l.discountCents ?? 0), 0);
  const engraved = pieces.some((l) => l.engraving);
  const returnable = pieces.some((l) => !l.engraving);
  return {
    ships: shipsPieces(o.lines),
    making: pieces.length
      ? `Our jewelers set, polish and check every piece. Made-to-order rings take ${madeToOrderText(facts)}.${
          engravingDays > 0 ? ` Engraving adds ${engravingDays} business ${engravingDays === 1 ? 'day' : 'days'}.` : ''
        }`
      : null,
    delivery: pieces.length
      ? `${o.shipping.label} (${o.shipping.days}), fully insured. We e-mail tracking when it ships${
          signedFor(facts, goodsCents) ? '; a signature is needed on delivery' : ''
        }.`
      : null,
    giftCards: cards
      ? `${cards === 1 ? 'The gift card is' : 'Each gift card is'} e-mailed to its recipient with its code on the day you chose.`
      : null,
    returns: [
      returnable ? `You have ${facts.returnDays} days to return anything unworn.` : '',
      engraved ? ENGRAVED_NOT_RETURNABLE : '',
      cards ? 'Gift cards cannot be returned.' : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
}
