import type { LineKind } from '@facet/contracts/promotions';
import type { DbOrTx } from '../../db/client.ts';
import { evaluateDiscount, type DiscountLine } from './evaluate.ts';
import { promotionsRepository as repo } from './repository.ts';

// A cart's discount code, worked out against its lines now: by the cart on every read and by
// checkout again (with the e-mail typed there), so the total shown is the total charged.

export interface AppliedDiscount {
  codeId: number;
  code: string;
  /** What the shopper reads: "HOLIDAY20 · Holiday 20% off". */
  label: string;
  cents: number;
  freeShipping: boolean;
  /** What it takes off each line given to discountFor, index for index (0 for a line not for sale now). */
  perLine: number[];
}
export type DiscountResult = { applied: AppliedDiscount; note: null } | { applied: null; note: string };

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

export async function discountFor(
  db: DbOrTx,
  code: string,
  lines: LineForDiscount[],
  who: { email: string | null; userId: number | null },
  timezone: string,
  now = new Date(),
): Promise<DiscountResult> {
  const d = await repo.byCode(db, code);
  if (!d) return { applied: null, note: `There is no code ${code.toUpperCase()}. Check its spelling.` };
  const email = who.email ?? (who.userId ? await repo.emailOf(db, who.userId) : null);
  const [priorOrders, usesByShopper, eligibleCategories] = await Promise.all([
    d.firstOrderOnly ? repo.priorOrders(db, email, who.userId) : Promise.resolve(0),
    d.perCustomer !== null && (email || who.userId) ? repo.usesBy(db, d.id, email, who.userId) : Promise.resolve(0),
    widened(db, d.categoryIds),
  ]);
  const open = lines.flatMap((l, i) => (l.available ? [i] : []));
  const discountLines: DiscountLine[] = open.map((i) => ({
    kind: lines[i]!.kind as LineKind,
    lineTotalCents: lines[i]!.lineTotalCents,
    categoryId: lines[i]!.categoryId ?? null,
  }));
  const r = evaluateDiscount(d, discountLines, {
    now,
    timezone,
    email,
    priorOrders,
    usesByShopper,
    eligibleCategories,
  });
  if (!r.applies) return { applied: null, note: r.reason };
  return {
    applied: {
      codeId: d.id,
      code: d.code,
      label: `${d.code} · ${d.name}`,
      cents: r.cents,
      freeShipping: r.freeShipping,
      perLine: lines.map((_, i) => (open.includes(i) ? r.perLine[open.indexOf(i)]! : 0)),
    },
    note: null,
  };
}

/** Checkout takes one use for its order, in the order's transaction: false when the code was just used up or turned off. */
export const redeemCode = repo.redeem;
export const releaseRedemption = repo.release;
