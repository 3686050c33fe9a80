import { formatMoney } from '@facet/contracts/money';
import { CODE_NOT_APPLICABLE, LINE_KIND_NAMES, type AdminDiscount, type LineKind } from '@facet/contracts/promotions';

// Whether a discount code applies to a cart, and how much it takes off: a pure function of the code,
// the lines, who is buying and the time, so the cart, checkout and the order all agree. When it does
// not apply, the shopper is told why in words ("starts on Friday"), never a bare "invalid".

export interface DiscountLine {
  kind: LineKind;
  lineTotalCents: number;
  /** The piece's category (null for loose stones). */
  categoryId: number | null;
}

export interface DiscountContext {
  now: Date;
  /** The store's clock, for "starts on Friday 28 November". */
  timezone: string;
  /** Who is buying, when known (signed in, or the e-mail typed at checkout). */
  email: string | null;
  /** Orders this shopper placed before (for first-order codes). */
  priorOrders: number;
  /** Times this shopper used this code. */
  usesByShopper: number;
  /** Each eligible category and every category under it. */
  eligibleCategories: ReadonlySet<number> | null;
}

export type DiscountOutcome =
  | {
      applies: true;
      cents: number;
      freeShipping: boolean;
      eligibleCents: number;
      /** What the discount takes off each line (index for index), so a refund of a line gives back its share. */
      perLine: number[];
    }
  | { applies: false; reason: string };

/** `cents` shared over `weights` in proportion, in whole cents that add up exactly (largest remainder). */
export function shareOut(cents: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (!total) return weights.map(() => 0);
  const exact = weights.map((w) => (cents * w) / total);
  const out = exact.map(Math.floor);
  let left = cents - out.reduce((s, c) => s + c, 0);
  const order = exact.map((e, i) => [e - out[i]!, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left--;
  }
  return out;
}

const day = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: timezone }).format(
    new Date(iso),
  );
const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

export function evaluateDiscount(
  d: Pick<
    AdminDiscount,
    | 'kind'
    | 'percentBp'
    | 'amountCents'
    | 'minSubtotalCents'
    | 'appliesTo'
    | 'startsAt'
    | 'endsAt'
    | 'maxUses'
    | 'perCustomer'
    | 'firstOrderOnly'
    | 'emails'
    | 'active'
    | 'uses'
  >,
  lines: DiscountLine[],
  ctx: DiscountContext,
): DiscountOutcome {
  const no = (reason: string): DiscountOutcome => ({ applies: false, reason });
  // A code for other customers answers as a code that does not exist, before it says anything of itself.
  if (d.emails && !(ctx.email && d.emails.some((e) => e.toLowerCase() === ctx.email!.toLowerCase())))
    return no(CODE_NOT_APPLICABLE);
  if (!d.active) return no('This code is no longer active.');
  if (d.startsAt && Date.parse(d.startsAt) > ctx.now.getTime())
    return no(`This code starts on ${day(d.startsAt, ctx.timezone)}.`);
  if (d.endsAt && Date.parse(d.endsAt) <= ctx.now.getTime())
    return no(`This code ended on ${day(d.endsAt, ctx.timezone)}.`);
  if (d.maxUses !== null && d.uses >= d.maxUses) return no('This code has been used up.');
  if (d.perCustomer !== null && ctx.usesByShopper >= d.perCustomer)
    return no(
      d.perCustomer === 1
        ? 'You have already used this code.'
        : `You have used this code ${ctx.usesByShopper} times, its most.`,
    );
  if (d.firstOrderOnly && ctx.priorOrders > 0) return no('This code is for a first order only.');

  const ofKind = lines.filter((l) => d.appliesTo.includes(l.kind));
  if (!ofKind.length)
    return no(`This code is for ${list(d.appliesTo.map((k) => LINE_KIND_NAMES[k]))}, not for what is in your cart.`);
  const eligible = ctx.eligibleCategories
    ? ofKind.filter((l) => l.categoryId !== null && ctx.eligibleCategories!.has(l.categoryId))
    : ofKind;
  if (!eligible.length) return no('None of these pieces is in the collections this code is for.');
  // Gift cards bought do not count towards a code's minimum (or it could be met with money).
  const subtotal = lines.filter((l) => l.kind !== 'gift-card').reduce((s, l) => s + l.lineTotalCents, 0);
  if (subtotal < d.minSubtotalCents)
    return no(
      `This code needs an order of ${formatMoney(d.minSubtotalCents)} or more (your cart: ${formatMoney(subtotal)}).`,
    );

  const eligibleCents = eligible.reduce((s, l) => s + l.lineTotalCents, 0);
  if (d.kind === 'free-shipping')
    return { applies: true, cents: 0, freeShipping: true, eligibleCents, perLine: lines.map(() => 0) };
  const cents =
    d.kind === 'percent'
      ? Math.round((eligibleCents * d.percentBp!) / 10_000)
      : Math.min(d.amountCents!, eligibleCents);
  const chosen = new Set(eligible);
  const perLine = shareOut(
    cents,
    lines.map((l) => (chosen.has(l) ? l.lineTotalCents : 0)),
  );
  return { applies: true, cents, freeShipping: false, eligibleCents, perLine };
}
