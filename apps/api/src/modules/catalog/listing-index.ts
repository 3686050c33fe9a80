import type { CatalogFilter } from '@facet/contracts/catalog-filters';
import type { GroupCardRow, ListingEntry, Placement } from './repository.ts';
import { smallest } from './top-k.ts';
import type { SaleBook } from '../sales/index.ts';

export type { ListingEntry };

/** A product group as the category listing needs it: its card, sort keys and facet strings (`label=value`). */

export interface ListingQuery {
  categoryIds: number[];
  filters: CatalogFilter[];
  sort: string;
  limit: number;
  offset: number;
  /** Sorting by price sorts by the price charged at `now`, after the sales in `book`. */
  prices?: { book: SaleBook; now: number };
}
export interface ListingAnswer {
  count: number;
  products: GroupCardRow[];
  facets: Array<{ label: string; value: string; count: number }>;
}

/**
 * Category listings from an in-process copy of the product groups. Each answer counts every facet
 * value over the whole result, which in SQL means unnesting the facets of every matching group
 * (tens of thousands at scale 50). Here facet strings are small integer codes, a filter is a table
 * of allowed codes, and the count is one pass. Product groups change only when the catalogue is
 * re-seeded (as the category tree and search vocabulary cached beside this assume); a future
 * catalogue editor must drop the copy (decision 007).
 */
export class ListingIndex {
  private readonly entries: ListingEntry[];
  private readonly created: Float64Array;
  /** Facet strings and their codes; each group's codes are facetCodes[facetStart[i] .. facetStart[i+1]). */
  private readonly facetText: string[] = [];
  private readonly facetLower: string[] = [];
  private readonly codeOf = new Map<string, number>();
  private readonly facetStart: Int32Array;
  private readonly facetCodes: Int32Array;
  private readonly byCategory = new Map<number, number[]>();
  /** Hand-placed designs by category: entry → position (0 first). */
  private readonly placedIn = new Map<number, Map<number, number>>();
  private readonly matches: Int32Array;
  /**
   * Which entries the current query has taken (a design in a category and in a collection under
   * it counts once): `taken[i] === round`, so nothing is cleared between queries.
   */
  private readonly taken: Uint32Array;
  private round = 0;
  /** Each group's "from" after sales, and which book and period of it they were worked out for. */
  private prices: Int32Array;
  private pricedFor = '';

  constructor(entries: ListingEntry[], placements: readonly Placement[] = []) {
    this.entries = entries;
    this.created = Float64Array.from(entries, (e) => new Date(e.createdAt).getTime());
    this.facetStart = new Int32Array(entries.length + 1);
    const codes: number[] = [];
    entries.forEach((e, i) => {
      for (const f of e.facets) {
        let c = this.codeOf.get(f);
        if (c === undefined) {
          c = this.facetText.length;
          this.facetText.push(f);
          this.facetLower.push(f.toLowerCase());
          this.codeOf.set(f, c);
        }
        codes.push(c);
      }
      this.facetStart[i + 1] = codes.length;
      let list = this.byCategory.get(e.categoryId);
      if (!list) this.byCategory.set(e.categoryId, (list = []));
      list.push(i);
    });
    this.facetCodes = Int32Array.from(codes);
    // Placed designs: an order in their home category, and membership of any other (a collection).
    const indexOf = new Map(entries.map((e, i) => [e.id, i]));
    for (const p of placements) {
      const i = indexOf.get(p.groupId);
      if (i === undefined) continue; // a draft, or archived: not listed
      let at = this.placedIn.get(p.categoryId);
      if (!at) this.placedIn.set(p.categoryId, (at = new Map()));
      at.set(i, p.position);
      if (entries[i]!.categoryId !== p.categoryId) {
        let list = this.byCategory.get(p.categoryId);
        if (!list) this.byCategory.set(p.categoryId, (list = []));
        list.push(i);
      }
    }
    this.matches = new Int32Array(entries.length);
    this.taken = new Uint32Array(entries.length);
    this.prices = Int32Array.from(entries, (e) => e.minPriceCents);
  }

  /** "From" prices as of `now`: worked out again only when a sale started, ended or changed. */
  private pricesAt(p: ListingQuery['prices']): Int32Array {
    if (!p) return this.prices;
    const stamp = `${p.book.serial}:${p.book.period(p.now)}`;
    if (stamp !== this.pricedFor) {
      this.prices = Int32Array.from(this.entries, (e) => p.book.from(e, p.now).priceCents);
      this.pricedFor = stamp;
    }
    return this.prices;
  }

  /** Which facet codes satisfy one filter: `exact` is the whole `label=value`; `like` is ILIKE `label=%option%`. */
  private allowed(f: CatalogFilter): Uint8Array {
    const ok = new Uint8Array(this.facetText.length);
    if (f.matchType === 'like') {
      const prefix = `${f.label.toLowerCase()}=`;
      const needles = f.options.map((o) => o.toLowerCase());
      this.facetLower.forEach((text, c) => {
        if (text.startsWith(prefix) && needles.some((n) => text.indexOf(n, prefix.length) >= 0)) ok[c] = 1;
      });
    } else {
      for (const o of f.options) {
        const c = this.codeOf.get(`${f.label}=${o}`);
        if (c !== undefined) ok[c] = 1;
      }
    }
    return ok;
  }

  query(q: ListingQuery): ListingAnswer {
    const tables = q.filters.map((f) => this.allowed(f));
    const { facetStart, facetCodes } = this;
    const counts = new Int32Array(this.facetText.length);
    // query() runs without awaiting, so one buffer serves every request.
    const matches = this.matches;
    let count = 0;
    const taken = this.taken;
    const round = (this.round = (this.round % 0xffff_fffe) + 1);
    for (const cat of q.categoryIds) {
      for (const i of this.byCategory.get(cat) ?? []) {
        if (taken[i] === round) continue;
        taken[i] = round;
        const from = facetStart[i]!,
          to = facetStart[i + 1]!;
        let pass = true;
        for (const ok of tables) {
          let any = false;
          for (let k = from; k < to && !any; k++) if (ok[facetCodes[k]!]) any = true;
          if (!any) {
            pass = false;
            break;
          }
        }
        if (!pass) continue;
        matches[count++] = i;
        for (let k = from; k < to; k++) counts[facetCodes[k]!]!++;
      }
    }
    // "Featured": the designs placed by hand in the category asked for, in their order, then the rest.
    const placed = this.placedIn.get(q.categoryIds[0]!);
    const slot = (i: number) => placed?.get(i) ?? Number.MAX_SAFE_INTEGER;
    const e = this.entries,
      created = this.created,
      price = this.pricesAt(q.prices);
    const byId = (a: number, b: number) => e[a]!.id - e[b]!.id;
    const order: Record<string, (a: number, b: number) => number> = {
      featured: (a, b) => slot(a) - slot(b) || e[b]!.featured - e[a]!.featured || byId(a, b),
      'price-asc': (a, b) => price[a]! - price[b]! || byId(a, b),
      'price-desc': (a, b) => price[b]! - price[a]! || byId(a, b),
      newest: (a, b) => created[b]! - created[a]! || e[b]!.id - e[a]!.id,
    };
    const page = smallest(matches, count, q.offset + q.limit, order[q.sort] ?? order.featured!).slice(q.offset);
    const facets: ListingAnswer['facets'] = [];
    counts.forEach((n, c) => {
      if (!n) return;
      const text = this.facetText[c]!,
        at = text.indexOf('=');
      facets.push({ label: text.slice(0, at), value: text.slice(at + 1), count: n });
    });
    facets.sort((a, b) =>
      a.label < b.label ? -1 : a.label > b.label ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
    );
    return {
      count,
      products: page.map((i) => {
        const { featured: _f, createdAt: _c, facets: _x, ...card } = e[i]!;
        return card;
      }),
      facets,
    };
  }

  /**
   * Pieces to show beside one: its category's nearest in "from" price (before sales, as stored),
   * one design per name and never one named as it is (a shopper would see two different pieces
   * called the same side by side); ties to the older design.
   */
  related(q: { groupId: number; description: string; categoryId: number; priceCents: number; limit: number }) {
    const e = this.entries;
    const distance = (i: number) => Math.abs(e[i]!.minPriceCents - q.priceCents);
    const nearestOfName = new Map<string, number>();
    for (const i of this.byCategory.get(q.categoryId) ?? []) {
      const g = e[i]!;
      if (g.id === q.groupId || g.description === q.description) continue;
      const held = nearestOfName.get(g.description);
      if (held === undefined || distance(i) < distance(held) || (distance(i) === distance(held) && g.id < e[held]!.id))
        nearestOfName.set(g.description, i);
    }
    return [...nearestOfName.values()]
      .sort((a, b) => distance(a) - distance(b) || e[a]!.id - e[b]!.id)
      .slice(0, q.limit)
      .map((i) => {
        const { featured: _f, createdAt: _c, facets: _x, ...card } = e[i]!;
        return card;
      });
  }
}
