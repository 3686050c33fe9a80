import type { ImageSpec } from '@facet/contracts/catalog';

/** One distinct product description and the group that stands for it (featured first, then lowest id). */
export interface SuggestionEntry {
  id: number;
  description: string;
  image: ImageSpec;
  defaultMetal: string;
  featured: boolean;
}

/**
 * Header suggestions from the catalogue's distinct descriptions, held in memory: there are a few
 * thousand even at 80,000 groups, a substring scan of them takes well under a millisecond, and a
 * two-letter query (which a trigram index cannot serve) costs the database nothing. Product groups
 * change only when the catalogue is re-seeded, like the category tree cached beside this.
 */
export class Suggestions {
  private readonly entries: SuggestionEntry[];
  private readonly lower: string[];
  constructor(entries: SuggestionEntry[]) {
    this.entries = [...entries].sort((a, b) => Number(b.featured) - Number(a.featured) || a.id - b.id);
    this.lower = this.entries.map((e) => e.description.toLowerCase());
  }

  /** Descriptions containing `q` (any case): those with a word starting with it first, then featured, then oldest. */
  find(q: string, max: number): SuggestionEntry[] {
    const needle = q.toLowerCase();
    const wordStart: SuggestionEntry[] = [];
    const inside: SuggestionEntry[] = [];
    for (let i = 0; i < this.lower.length && wordStart.length < max; i++) {
      const text = this.lower[i]!;
      if (!text.includes(needle)) continue;
      if (text.startsWith(needle) || text.includes(` ${needle}`)) wordStart.push(this.entries[i]!);
      else if (inside.length < max) inside.push(this.entries[i]!);
    }
    return [...wordStart, ...inside].slice(0, max);
  }
}
