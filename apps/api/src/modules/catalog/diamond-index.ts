import type { DiamondQuery } from '@facet/contracts/catalog';
import type { Db } from '../../db/client.ts';
import { catalogRepository as repo, type DiamondIndexRow } from './repository.ts';

/**
 * Diamond search over an in-process, column-wise copy of the diamonds' searchable facts.
 *
 * A shopper dragging a slider asks a new question every few hundred milliseconds, and each answer
 * needs the count, the shape facet and the price histogram over every matching stone. Over
 * 500,000 stones that is a scan of hundreds of thousands of rows per request in PostgreSQL; here
 * it is a tight loop over typed arrays (rows kept in carat order, so the carat range is a binary
 * search). The page itself is then read from the database by id, so what a shopper sees of a
 * stone is always the stored truth. Decision 007 explains the choice and its limits.
 *
 * Freshness: the copy is loaded once, then on each search (at most once per `recheckMs`, and at
 * once after `invalidate()`) it reads the rows whose `changed_at` is recent; a trigger stamps every
 * update. The read window overlaps the previous one by `overlapS`, so a transaction that started
 * before the last look but committed after it is still seen.
 */

type Grades = { color: number; clarity: number; cut: number };
export interface IndexAnswer {
  count: number;
  pageIds: number[];
  shapes: Array<{ value: string; count: number }>;
  /** Stones per histogram bucket, price filter off, every other filter on. */
  histogram: number[];
  bounds: Bounds;
}
export interface Bounds { pmin: number; pmax: number; cmin: number; cmax: number }
export interface HistogramSpec { lo: number; hi: number; buckets: number }

/** Small dictionaries for text columns: value ↔ code. */
class Dict {
  readonly values: string[] = [];
  private codes = new Map<string, number>();
  code(value: string) {
    let c = this.codes.get(value);
    if (c === undefined) { c = this.values.length; this.values.push(value); this.codes.set(value, c); }
    return c;
  }
  find(value: string) { return this.codes.get(value); }
}

const ORIGINS = ['natural', 'lab'] as const;
// grade code: available (1 bit) | origin (1) | colour rank (4) | clarity rank (4) | cut rank (4)
const gradeCode = (available: boolean, origin: number, g: Grades) => (Number(available) << 13) | (origin << 12) | (g.color << 8) | (g.clarity << 4) | g.cut;

class Columns {
  readonly n: number;
  readonly id: Int32Array; readonly carat: Int32Array; readonly price: Int32Array; readonly lnPrice: Float64Array;
  readonly grade: Uint16Array; readonly shape: Uint8Array; readonly polish: Uint8Array; readonly symmetry: Uint8Array;
  readonly fluorescence: Uint8Array; readonly lab: Uint8Array; readonly depth: Float32Array; readonly table: Float32Array;
  readonly lw: Float32Array; readonly created: Float64Array;
  readonly shapes = new Dict(); readonly polishes = new Dict(); readonly symmetries = new Dict(); readonly fluorescences = new Dict(); readonly labs = new Dict();
  /** Position of each diamond id (−1: not in the index). */
  positionOf: Int32Array;

  constructor(rows: DiamondIndexRow[]) {
    // Carat order (then id), so a carat range is one slice and `carat-asc` needs no sorting.
    rows.sort((a, b) => a.caratPoints - b.caratPoints || a.id - b.id);
    const n = (this.n = rows.length);
    this.id = new Int32Array(n); this.carat = new Int32Array(n); this.price = new Int32Array(n); this.lnPrice = new Float64Array(n);
    this.grade = new Uint16Array(n); this.shape = new Uint8Array(n); this.polish = new Uint8Array(n); this.symmetry = new Uint8Array(n);
    this.fluorescence = new Uint8Array(n); this.lab = new Uint8Array(n); this.depth = new Float32Array(n); this.table = new Float32Array(n);
    this.lw = new Float32Array(n); this.created = new Float64Array(n);
    let maxId = 0;
    for (const r of rows) maxId = Math.max(maxId, r.id);
    this.positionOf = new Int32Array(maxId + 1).fill(-1);
    rows.forEach((r, i) => { this.id[i] = r.id; this.carat[i] = r.caratPoints; this.positionOf[r.id] = i; this.set(i, r); });
  }

  /** Writes the facts that may change in place (everything but id and carat, which fix the order). */
  set(i: number, r: DiamondIndexRow) {
    for (const rank of [r.colorRank, r.clarityRank, r.cutRank]) {
      if (!Number.isInteger(rank) || rank < 0 || rank > 15) throw new Error(`diamond ${r.id}: grade rank ${rank} is outside 0–15`);
    }
    this.price[i] = r.priceCents;
    this.lnPrice[i] = Math.log(Math.max(1, r.priceCents));
    this.grade[i] = gradeCode(r.status === 'available', r.origin === 'lab' ? 1 : 0, { color: r.colorRank, clarity: r.clarityRank, cut: r.cutRank });
    this.shape[i] = this.shapes.code(r.shape);
    this.polish[i] = this.polishes.code(r.polish);
    this.symmetry[i] = this.symmetries.code(r.symmetry);
    this.fluorescence[i] = this.fluorescences.code(r.fluorescence);
    this.lab[i] = this.labs.code(r.lab);
    this.depth[i] = r.depthPct; this.table[i] = r.tablePct; this.lw[i] = r.lwRatio;
    this.created[i] = new Date(r.createdAt).getTime();
  }

  /** First position whose carat is ≥ points. */
  lowerBound(points: number) {
    let lo = 0, hi = this.n;
    while (lo < hi) { const mid = (lo + hi) >>> 1; if (this.carat[mid]! < points) lo = mid + 1; else hi = mid; }
    return lo;
  }
}

type Comparator = (a: number, b: number) => number;
function comparators(c: Columns): Record<DiamondQuery['sort'], Comparator | null> {
  const rank = (shift: number) => (a: number, b: number) => ((c.grade[a]! >> shift) & 15) - ((c.grade[b]! >> shift) & 15) || c.price[a]! - c.price[b]! || c.id[a]! - c.id[b]!;
  return {
    'price-asc': (a, b) => c.price[a]! - c.price[b]! || c.id[a]! - c.id[b]!,
    'price-desc': (a, b) => c.price[b]! - c.price[a]! || c.id[a]! - c.id[b]!,
    'carat-asc': null, // the index order already
    'carat-desc': (a, b) => c.carat[b]! - c.carat[a]! || c.id[a]! - c.id[b]!,
    color: rank(8), clarity: rank(4), cut: rank(0),
    newest: (a, b) => c.created[b]! - c.created[a]! || c.id[b]! - c.id[a]!,
  };
}

/** The `k` smallest of `items[0..n)` under `cmp`, in order: a bounded max-heap, O(n log k). */
export function smallest(items: Int32Array, n: number, k: number, cmp: Comparator): number[] {
  if (k <= 0) return [];
  if (n <= k * 4) return Array.from(items.subarray(0, n)).sort(cmp).slice(0, k);
  const heap: number[] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let top = i;
      if (l < heap.length && cmp(heap[l]!, heap[top]!) > 0) top = l;
      if (r < heap.length && cmp(heap[r]!, heap[top]!) > 0) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top]!, heap[i]!];
      i = top;
    }
  };
  for (let j = 0; j < n; j++) {
    const x = items[j]!;
    if (heap.length < k) {
      heap.push(x);
      for (let i = heap.length - 1; i > 0;) { const p = (i - 1) >> 1; if (cmp(heap[i]!, heap[p]!) <= 0) break; [heap[i], heap[p]] = [heap[p]!, heap[i]!]; i = p; }
    } else if (cmp(x, heap[0]!) < 0) { heap[0] = x; down(0); }
  }
  return heap.sort(cmp);
}

const inRange = (v: number, min?: number, max?: number) => (min === undefined || v >= min) && (max === undefined || v <= max);

export class DiamondIndex {
  private cols: Columns | null = null;
  private loading: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private since = '';
  private checkedAt = 0;
  private stale = false;
  private boundsCache = new Map<string, Bounds>();
  private matches = new Int32Array(0);

  private readonly db: Db;
  private readonly opts: { recheckMs?: number; overlapS?: number; chunk?: number };
  constructor(db: Db, opts: { recheckMs?: number; overlapS?: number; chunk?: number } = {}) {
    this.db = db;
    this.opts = opts;
  }

  /** Call after a write this process made (a stone sold): the next search reads the change first. */
  invalidate() { this.stale = true; }

  /** Loads the index ahead of the first search (server start). */
  warm() { return this.fresh(); }

  get size() { return this.cols?.n ?? 0; }

  private async load() {
    const since = await repo.dbClock(this.db);
    const rows: DiamondIndexRow[] = [];
    // In id-keyed chunks, so 500,000 rows never sit in one driver answer.
    for (let after = 0; ;) {
      const chunk = await repo.diamondIndexRows(this.db, { afterId: after, limit: this.opts.chunk ?? 50_000 });
      rows.push(...chunk);
      if (chunk.length < (this.opts.chunk ?? 50_000)) break;
      after = chunk.at(-1)!.id;
    }
    this.cols = new Columns(rows);
    this.since = since;
    this.boundsCache.clear();
    this.checkedAt = Date.now();
  }

  private async refresh() {
    const cols = this.cols!;
    const since = await repo.dbClock(this.db);
    const changed = await repo.diamondIndexRows(this.db, { changedSince: this.since, overlapS: this.opts.overlapS ?? 60 });
    // A new stone or a changed carat moves rows: rebuild. Anything else is written in place.
    if (changed.some((r) => r.id >= cols.positionOf.length || cols.positionOf[r.id] === -1 || cols.carat[cols.positionOf[r.id]!] !== r.caratPoints)) {
      await this.load();
      return;
    }
    for (const r of changed) cols.set(cols.positionOf[r.id]!, r);
    if (changed.length) this.boundsCache.clear();
    this.since = since;
    this.checkedAt = Date.now();
  }

  private async fresh() {
    if (!this.cols) {
      this.loading ??= this.load().finally(() => { this.loading = null; });
      return this.loading;
    }
    if (!this.stale && Date.now() - this.checkedAt < (this.opts.recheckMs ?? 1_000)) return;
    if (!this.refreshing) {
      this.stale = false;
      this.refreshing = this.refresh().catch((err) => { this.stale = true; throw err; }).finally(() => { this.refreshing = null; });
    }
    return this.refreshing;
  }

  /** Price and carat extent of the available stones (of one origin), for sliders and the histogram. */
  async bounds(origin?: 'natural' | 'lab'): Promise<Bounds> {
    await this.fresh();
    const key = origin ?? 'all';
    let b = this.boundsCache.get(key);
    if (!b) {
      const c = this.cols!;
      b = { pmin: 0, pmax: 0, cmin: 0, cmax: 0 };
      let first = true;
      const want = origin === undefined ? -1 : origin === 'lab' ? 1 : 0;
      for (let i = 0; i < c.n; i++) {
        const g = c.grade[i]!;
        if (!(g >> 13) || (want >= 0 && ((g >> 12) & 1) !== want)) continue;
        const p = c.price[i]!, k = c.carat[i]!;
        if (first) { b = { pmin: p, pmax: p, cmin: k, cmax: k }; first = false; continue; }
        if (p < b.pmin) b.pmin = p; if (p > b.pmax) b.pmax = p;
        if (k < b.cmin) b.cmin = k; if (k > b.cmax) b.cmax = k;
      }
      this.boundsCache.set(key, b);
    }
    return b;
  }

  /** Count, shape facet (price filter on), histogram (price filter off) and the ids of one page. */
  async search(q: DiamondQuery, hist: HistogramSpec, limit: number, offset: number): Promise<Omit<IndexAnswer, 'bounds'>> {
    await this.fresh();
    const c = this.cols!;
    // Which grade codes pass: 2^14 entries, built per query, then one lookup per row.
    const gradeOk = new Uint8Array(1 << 14);
    for (let o = 0; o < 2; o++) {
      if (q.origin && ORIGINS[o] !== q.origin) continue;
      for (let color = 0; color < 16; color++) {
        if (!inRange(color, q.colorMin, q.colorMax)) continue;
        for (let clarity = 0; clarity < 16; clarity++) {
          if (!inRange(clarity, q.clarityMin, q.clarityMax)) continue;
          for (let cut = 0; cut < 16; cut++) if (inRange(cut, q.cutMin, q.cutMax)) gradeOk[gradeCode(true, o, { color, clarity, cut })] = 1;
        }
      }
    }
    const allowed = (dict: Dict, values?: string[]) => {
      if (!values?.length) return null;
      const ok = new Uint8Array(256);
      for (const v of values) { const code = dict.find(v); if (code !== undefined) ok[code] = 1; }
      return ok;
    };
    const polish = allowed(c.polishes, q.polish), symmetry = allowed(c.symmetries, q.symmetry);
    const fluorescence = allowed(c.fluorescences, q.fluorescence), lab = allowed(c.labs, q.lab);
    // Float columns are float4 in the database; compare as the database does.
    const f = (v?: number) => (v === undefined ? undefined : Math.fround(v));
    const depthMin = f(q.depthMin), depthMax = f(q.depthMax), tableMin = f(q.tableMin), tableMax = f(q.tableMax), lwMin = f(q.lwMin), lwMax = f(q.lwMax);
    const advanced = polish || symmetry || fluorescence || lab || depthMin !== undefined || depthMax !== undefined || tableMin !== undefined
      || tableMax !== undefined || lwMin !== undefined || lwMax !== undefined;
    let shapeMask = 0;
    if (q.shape?.length) for (const s of q.shape) { const code = c.shapes.find(s); if (code !== undefined) shapeMask |= 1 << code; }
    else shapeMask = -1;
    const pmin = q.priceMin !== undefined ? Math.round(q.priceMin * 100) : -Infinity;
    const pmax = q.priceMax !== undefined ? Math.round(q.priceMax * 100) : Infinity;
    const from = q.caratMin !== undefined ? c.lowerBound(Math.round(q.caratMin * 100)) : 0;
    const to = q.caratMax !== undefined ? c.lowerBound(Math.round(q.caratMax * 100) + 1) : c.n;

    const lnLo = Math.log(hist.lo), step = (Math.log(hist.hi) - lnLo) / hist.buckets, last = hist.buckets - 1;
    const histogram = new Array<number>(hist.buckets).fill(0);
    const shapeCounts = new Array<number>(c.shapes.values.length).fill(0);
    if (this.matches.length < c.n) this.matches = new Int32Array(c.n);
    const matches = this.matches;
    let count = 0;
    for (let i = from; i < to; i++) {
      if (!gradeOk[c.grade[i]!]) continue;
      if (advanced && !(
        (!polish || polish[c.polish[i]!]) && (!symmetry || symmetry[c.symmetry[i]!]) && (!fluorescence || fluorescence[c.fluorescence[i]!]) && (!lab || lab[c.lab[i]!])
        && inRange(c.depth[i]!, depthMin, depthMax) && inRange(c.table[i]!, tableMin, tableMax) && inRange(c.lw[i]!, lwMin, lwMax))) continue;
      const s = c.shape[i]!, p = c.price[i]!;
      const priceOk = p >= pmin && p <= pmax;
      if (priceOk) shapeCounts[s]!++;
      if (shapeMask & (1 << s)) {
        const b = Math.floor((c.lnPrice[i]! - lnLo) / step);
        histogram[b < 0 ? 0 : b > last ? last : b]!++;
        if (priceOk) matches[count++] = i;
      }
    }
    const cmp = comparators(c)[q.sort];
    const positions = cmp ? smallest(matches, count, offset + limit, cmp).slice(offset) : Array.from(matches.subarray(offset, Math.min(count, offset + limit)));
    return {
      count,
      pageIds: positions.map((i) => c.id[i]!),
      shapes: shapeCounts.flatMap((n, code) => (n ? [{ value: c.shapes.values[code]!, count: n }] : [])),
      histogram,
    };
  }
}
