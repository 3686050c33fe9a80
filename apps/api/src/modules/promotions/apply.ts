import { CODE_NOT_APPLICABLE, type LineKind } from '@facet/contracts/promotions';
import type { DbOrTx } from '../../db/client.ts';
import { evaluateDiscount, type DiscountLine } from './evaluate.ts';
import { promotionsRepository as repo } from './repository.ts';

// A cart's discount codes, worked out against its lines now: by the cart on every read and by
// checkout again (with the e-mail typed there), so the total shown is the total charged.
//
// One code per order, unless every code on it combines. Codes that combine are each worked out on
// the price before any code (the sale price, if a sale is on), and together never take more than a
// line costs: a line's shares are taken code by code, in the order the codes were entered, until
// the line is paid for.

/** The most codes one order may carry (all of them combining). */
export const MAX_CODES = 5;

export interface AppliedDiscount {
  /** Each code that takes something off, and how much (its use is recorded with that). */
  codes: Array<{ codeId: number; code: string; cents: number }>;
  /** What the shopper reads: "HOLIDAY20 · Holiday 20% off", codes joined by " + ". */
  label: string;
  cents: number;
  freeShipping: boolean;
  /** What the codes take off each line given to discountFor, index for index (0 for a line not for sale now). */
  perLine: number[];
}
/** The codes that apply, together, and each code entered with why it does not apply (null: it does). */
export interface DiscountResult {
  applied: AppliedDiscount | null;
  codes: Array<{ code: string; note: string | null }>;
}

export interface LineForDiscount {
  kind: string;
  lineTotalCents: number;
  available: boolean;
  categoryId?: number | null;
}

/** Each category chosen, and every category under it. */
async function widened(db: DbOrTx, ids: number[] | null) {
  if (!ids) return null;
  const all = await repo.categories(db);
  const out = new Set(ids);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of all)
      if (c.parentId !== null && out.has(c.parentId) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
  }
  return out;
}

type Found = NonNullable<Awaited<ReturnType<typeof repo.byCode>>>;

/** Why the code at `i` cannot go with the codes before it (null: it can). */
function combineNote(found: Array<Found | null>, i: number): string | null {
  const before = found.slice(0, i).filter((d): d is Found => !!d);
  if (!before.length) return null;
  const loner = before.find((d) => !d.combines);
  if (loner) return `${loner.code} does not combine with another code: remove it to use this one.`;
  if (!found[i]!.combines) return 'This code does not combine with another code.';
  return null;
}

export async function discountFor(
  db: DbOrTx,
  entered: string[],
  lines: LineForDiscount[],
  who: { email: string | null; userId: number | null },
  timezone: string,
  now = new Date(),
): Promise<DiscountResult> {
  if (!entered.length) return { applied: null, codes: [] };
  const found = await Promise.all(entered.map((c) => repo.byCode(db, c)));
  const email = who.email ?? (who.userId ? await repo.emailOf(db, who.userId) : null);
  const open = lines.flatMap((l, i) => (l.available ? [i] : []));
  const discountLines: DiscountLine[] = open.map((i) => ({
    kind: lines[i]!.kind as LineKind,
    lineTotalCents: lines[i]!.lineTotalCents,
    categoryId: lines[i]!.categoryId ?? null,
  }));
  const codes: DiscountResult['codes'] = [];
  const applying: Array<{ d: Found; perLine: number[]; freeShipping: boolean }> = [];
  for (const [i, d] of found.entries()) {
    const code = entered[i]!.toUpperCase();
    if (!d) {
      codes.push({ code, note: CODE_NOT_APPLICABLE });
      continue;
    }
    const clash = combineNote(found, i);
    if (clash) {
      codes.push({ code: d.code, note: clash });
      continue;
    }
    const [priorOrders, usesByShopper, eligibleCategories] = await Promise.all([
      d.firstOrderOnly ? repo.priorOrders(db, email, who.userId) : Promise.resolve(0),
      d.perCustomer !== null && (email || who.userId) ? repo.usesBy(db, d.id, email, who.userId) : Promise.resolve(0),
      widened(db, d.categoryIds),
    ]);
    const r = evaluateDiscount(d, discountLines, {
      now,
      timezone,
      email,
      priorOrders,
      usesByShopper,
      eligibleCategories,
    });
    codes.push({ code: d.code, note: r.applies ? null : r.reason });
    if (r.applies)
      applying.push({
        d,
        freeShipping: r.freeShipping,
        perLine: lines.map((_, l) => (open.includes(l) ? r.perLine[open.indexOf(l)]! : 0)),
      });
  }
  if (!applying.length) return { applied: null, codes };
  // Each line's shares, code by code, never past what the line costs.
  const left = lines.map((l) => (l.available ? l.lineTotalCents : 0));
  const taken = applying.map((a) =>
    a.perLine.map((share, l) => {
      const t = Math.min(share, left[l]!);
      left[l]! -= t;
      return t;
    }),
  );
  const perLine = lines.map((_, l) => taken.reduce((s, t) => s + t[l]!, 0));
  return {
    applied: {
      codes: applying.map((a, i) => ({ codeId: a.d.id, code: a.d.code, cents: taken[i]!.reduce((s, c) => s + c, 0) })),
      label: applying.map((a) => `${a.d.code} · ${a.d.name}`).join(' + '),
      cents: perLine.reduce((s, c) => s + c, 0),
      freeShipping: applying.some((a) => a.freeShipping),
      perLine,
    },
    codes,
  };
}

/** Checkout takes one use for its order, in the order's transaction: false when the code was just used up or turned off. */
export const redeemCode = repo.redeem;
export const releaseRedemption = repo.release;
