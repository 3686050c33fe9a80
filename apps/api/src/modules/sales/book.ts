import { salePrice, type SaleTag } from '@facet/contracts/sale';

// Which automatic sale covers a piece at a moment: a pure function of the sales, the category tree
// and the time, so the card, the page, the configurator, the cart and the order all agree.

export interface SaleRow {
  id: number;
  name: string;
  percent: number;
  startsAt: string;
  endsAt: string;
  categoryIds: number[];
  groupIds: number[];
  metals: string[];
  active: boolean;
}

/** A piece as a sale's scope sees it. */
export interface Piece {
  groupId: number;
  categoryId: number;
  metal: string;
}

interface Compiled {
  tag: SaleTag;
  percent: number;
  from: number;
  to: number;
  everything: boolean;
  categories: Set<number>;
  groups: Set<number>;
  metals: Set<string> | null;
}

let serial = 0;

export class SaleBook {
  private readonly sales: Compiled[];
  /** Every start and end, ascending: the moments prices change. */
  private readonly boundaries: number[];
  /** Tells one book from the next (a copy priced by an older book is priced again). */
  readonly serial = ++serial;

  constructor(rows: SaleRow[], categories: Array<{ id: number; parentId: number | null }>) {
    const children = new Map<number, number[]>();
    for (const c of categories)
      if (c.parentId !== null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
    const below = (ids: number[]) => {
      const out = new Set(ids);
      for (const id of out) for (const c of children.get(id) ?? []) out.add(c);
      return out;
    };
    this.sales = rows
      .filter((r) => r.active)
      .map((r) => ({
        tag: { name: r.name, percent: r.percent, endsAt: r.endsAt },
        percent: r.percent,
        from: Date.parse(r.startsAt),
        to: Date.parse(r.endsAt),
        everything: r.categoryIds.length === 0 && r.groupIds.length === 0,
        categories: below(r.categoryIds),
        groups: new Set(r.groupIds),
        metals: r.metals.length ? new Set(r.metals) : null,
      }));
    this.boundaries = [...new Set(this.sales.flatMap((s) => [s.from, s.to]))].sort((a, b) => a - b);
  }

  private covers(s: Compiled, groupId: number, categoryId: number, now: number) {
    return s.from <= now && now < s.to && (s.everything || s.groups.has(groupId) || s.categories.has(categoryId));
  }

  /** The sale on a piece now (the largest percentage when several cover it; they never stack). */
  on(piece: Piece, now = Date.now()): SaleTag | null {
    let best: Compiled | null = null;
    for (const s of this.sales)
      if (
        this.covers(s, piece.groupId, piece.categoryId, now) &&
        (!s.metals || s.metals.has(piece.metal)) &&
        (!best || s.percent > best.percent)
      )
        best = s;
    return best?.tag ?? null;
  }

  /** Whether any sale covers some metal of this design now: most designs have none, and need no more work. */
  touches(groupId: number, categoryId: number, now = Date.now()) {
    return this.sales.some((s) => this.covers(s, groupId, categoryId, now));
  }

  /** A price as charged now, with what it was when a sale took something off. */
  price(piece: Piece, cents: number, now = Date.now()): Priced {
    const sale = this.on(piece, now);
    return sale ? { priceCents: salePrice(cents, sale.percent), wasCents: cents, sale } : { priceCents: cents };
  }

  /**
   * A design's card "from": the least any metal costs now. `metalMins` is the cheapest variant in
   * each metal; the design's own "from" (`minCents`, which may be a configuration no variant lists)
   * stands for its cheapest metal. "Was" is what that cheapest option cost before its sale.
   */
  from(
    card: { id: number; categoryId: number; minPriceCents: number; metalMins?: Record<string, number> | null },
    now = Date.now(),
  ): Priced {
    if (!this.touches(card.id, card.categoryId, now)) return { priceCents: card.minPriceCents };
    const mins = Object.entries(card.metalMins ?? {});
    if (!mins.length) return { priceCents: card.minPriceCents };
    const cheapest = mins.reduce((a, b) => (b[1] < a[1] ? b : a))[0];
    let best: Priced | null = null;
    for (const [metal, cents] of mins) {
      const p = this.price(
        { groupId: card.id, categoryId: card.categoryId, metal },
        metal === cheapest ? card.minPriceCents : cents,
        now,
      );
      if (!best || p.priceCents < best.priceCents) best = p;
    }
    return best!;
  }

  /** How many price changes have happened by `now`: with `serial`, what a copy priced at `now` depends on. */
  period(now = Date.now()) {
    let n = 0;
    while (n < this.boundaries.length && this.boundaries[n]! <= now) n++;
    return n;
  }

  /** The next moment a sale starts or ends (null: none ahead). */
  nextChange(now = Date.now()): number | null {
    return this.boundaries.find((b) => b > now) ?? null;
  }
}

export interface Priced {
  priceCents: number;
  wasCents?: number;
  sale?: SaleTag;
}
