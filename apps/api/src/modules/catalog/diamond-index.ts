import type { DiamondQuery } from '@facet/contracts/catalog';
import type { Db } from '../../db/client.ts';
import { catalogRepository as repo, type DiamondDetailRow, type DiamondIndexRow } from './repository.ts';
import { smallest, type Comparator } from './top-k.ts';
import { centsOf } from '@facet/contracts/money';
import { pointsOf } from '@facet/contracts/carats';

/**
 * Diamond search over an in-process, column-wise copy of the diamonds' searchable facts.
 *
 * A shopper dragging a slider asks a new question every few hundred milliseconds, and each answer
 * needs the count, the shape facet and the price histogram over every matching stone. Over
 * 500,000 stones that is a scan of hundreds of thousands of rows per request in PostgreSQL; here
 * it is a loop over typed arrays, grouped in cells by grade and sorted by carat (see `Columns`).
 * The page's display rows are read from the database by id and kept in a small cache that the
 * same change reads keep honest. Decision 007 explains the choice and its limits.
 *
 * Freshness: the copy is loaded once; then before a search (at most once per `recheckMs`, and at
 * once after `invalidate()`) it reads the rows written by transactions it could not see at its last
 * look. A trigger stamps every update with its transaction id, and each look remembers its
 * snapshot, so a transaction still running at one look is read at the next: nothing is missed and
 * nothing unchanged is read again.
 */

export interface IndexAnswer {
  count: number;
  pageIds: number[];
  shapes: Array<{ value: string; count: number }>;
  /** Stones per histogram bucket, price filter off, every other filter on. */
  histogram: number[];
}
export interface Bounds {
  pmin: number;
  pmax: number;
  cmin: number;
  cmax: number;
}
export interface HistogramSpec {
  lo: number;
  hi: number;
  buckets: number;
}

/** Small dictionaries for text columns: value ↔ code. */
class Dict {
  readonly values: string[] = [];
  private codes = new Map<string, number>();
  code(value: string) {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(value);
      this.codes.set(value, c);
    }
    return c;
  }
  find(value: string) {
    return this.codes.get(value);
  }
}

const ORIGINS = ['natural', 'lab'] as const;
const ROW_CACHE_MAX = 20_000;
type DiamondRow = DiamondDetailRow;

/**
 * Rows are grouped into cells of one origin, color, clarity, cut and shape, each sorted by carat
 * then id. A search picks the cells its grades allow (no per-row test for those), binary-searches
 * the carat range in each, and loops only over rows that already pass every grade: the loop's
 * branches are then predictable, which is most of the speed.
 */
const cellKey = (origin: number, color: number, clarity: number, cut: number, shape: number) =>
  (origin << 20) | (color << 16) | (clarity << 12) | (cut << 8) | shape;

class Columns {
  readonly n: number;
  readonly id: Int32Array;
  readonly carat: Int32Array;
  readonly price: Int32Array;
  readonly lnPrice: Float64Array;
  readonly available: Uint8Array;
  readonly polish: Uint8Array;
  readonly symmetry: Uint8Array;
  readonly fluorescence: Uint8Array;
  readonly lab: Uint8Array;
  readonly depth: Float32Array;
  readonly table: Float32Array;
  readonly lw: Float32Array;
  readonly created: Float64Array;
  /** Has a photograph (1) or not. */
  readonly photo: Uint8Array;
  /** Its video's origin, as a code of `videoOrigins` (0: no video). */
  readonly video: Uint16Array;
  /** Per cell: its key's parts and its slice [start, end) of the rows. */
  readonly cells: Array<{
    origin: number;
    color: number;
    clarity: number;
    cut: number;
    shape: number;
    start: number;
    end: number;
  }> = [];
  readonly shapes: Dict = new Dict();
  readonly polishes: Dict = new Dict();
  readonly symmetries: Dict = new Dict();
  readonly fluorescences: Dict = new Dict();
  readonly labs: Dict = new Dict();
  readonly videoOrigins: Dict = new Dict();
  /** Position of each diamond id (−1: not in the index). */
  readonly positionOf: Int32Array;
  /** availableBefore[i]: available rows at positions < i. */
  readonly availableBefore: Int32Array;
  /** Cell key of each row (origin, color, clarity, cut, shape as bit fields; see `cellKey`). */
  readonly keyOf: Int32Array;

  /**
   * The rows in order. With `base`, a copy of it with `rows` added or moved (new stones, or stones
   * whose carat or grade changed): the base is already in order, so only the few rows are sorted
   * and the two are merged in one pass — a feed import's batch costs milliseconds, not a reload.
   */
  constructor(rows: DiamondIndexRow[], base?: Columns) {
    if (base) {
      // Shared dictionaries: codes only ever grow, so the base's rows keep theirs.
      this.shapes = base.shapes;
      this.polishes = base.polishes;
      this.symmetries = base.symmetries;
      this.fluorescences = base.fluorescences;
      this.labs = base.labs;
      this.videoOrigins = base.videoOrigins;
    }
    // Code 0 is "no video".
    this.videoOrigins.code('');
    for (const r of rows) {
      for (const rank of [r.colorRank, r.clarityRank, r.cutRank]) {
        if (!Number.isInteger(rank) || rank < 0 || rank > 15)
          throw new Error(`diamond ${r.id}: grade rank ${rank} is outside 0–15`);
      }
    }
    // Sort positions, not objects: keys and carats in typed arrays keep the comparator cheap.
    const m = rows.length;
    const keys = new Int32Array(m),
      carats = new Int32Array(m),
      ids = new Int32Array(m);
    rows.forEach((r, j) => {
      keys[j] = this.keyFor(r);
      carats[j] = r.caratPoints;
      ids[j] = r.id;
    });
    const order = Array.from({ length: m }, (_, j) => j).sort(
      (a, b) => keys[a]! - keys[b]! || carats[a]! - carats[b]! || ids[a]! - ids[b]!,
    );
    // The base's rows that stay where they are (a moved stone is taken out and comes in again from `rows`).
    const moved = new Set(ids);
    const kept: number[] = [];
    if (base) for (let p = 0; p < base.n; p++) if (!moved.has(base.id[p]!)) kept.push(p);

    const n = (this.n = kept.length + m);
    this.id = new Int32Array(n);
    this.carat = new Int32Array(n);
    this.price = new Int32Array(n);
    this.lnPrice = new Float64Array(n);
    this.available = new Uint8Array(n);
    this.polish = new Uint8Array(n);
    this.symmetry = new Uint8Array(n);
    this.fluorescence = new Uint8Array(n);
    this.lab = new Uint8Array(n);
    this.depth = new Float32Array(n);
    this.table = new Float32Array(n);
    this.lw = new Float32Array(n);
    this.created = new Float64Array(n);
    this.photo = new Uint8Array(n);
    this.video = new Uint16Array(n);
    this.keyOf = new Int32Array(n);
    this.availableBefore = new Int32Array(n + 1);
    let maxId = 0;
    for (const r of rows) maxId = Math.max(maxId, r.id);
    if (base) for (const p of kept) maxId = Math.max(maxId, base.id[p]!);
    this.positionOf = new Int32Array(maxId + 1).fill(-1);

    let a = 0,
      b = 0;
    for (let i = 0; i < n; i++) {
      // The next row in (key, carat, id) order: from the base or from the new rows.
      const p = kept[a],
        j = order[b];
      const fromBase =
        p !== undefined &&
        (j === undefined || (base!.keyOf[p]! - keys[j]! || base!.carat[p]! - carats[j]! || base!.id[p]! - ids[j]!) < 0);
      let key: number;
      if (fromBase) {
        const o = base!;
        key = o.keyOf[p]!;
        this.id[i] = o.id[p]!;
        this.carat[i] = o.carat[p]!;
        this.price[i] = o.price[p]!;
        this.lnPrice[i] = o.lnPrice[p]!;
        this.available[i] = o.available[p]!;
        this.polish[i] = o.polish[p]!;
        this.symmetry[i] = o.symmetry[p]!;
        this.fluorescence[i] = o.fluorescence[p]!;
        this.lab[i] = o.lab[p]!;
        this.depth[i] = o.depth[p]!;
        this.table[i] = o.table[p]!;
        this.lw[i] = o.lw[p]!;
        this.created[i] = o.created[p]!;
        this.photo[i] = o.photo[p]!;
        this.video[i] = o.video[p]!;
        a++;
      } else {
        const r = rows[j!]!;
        key = keys[j!]!;
        this.id[i] = r.id;
        this.carat[i] = r.caratPoints;
        this.set(i, r);
        b++;
      }
      this.keyOf[i] = key;
      this.positionOf[this.id[i]!] = i;
      if (i === 0 || this.keyOf[i - 1] !== key) {
        this.cells.push({
          origin: key >> 20,
          color: (key >> 16) & 15,
          clarity: (key >> 12) & 15,
          cut: (key >> 8) & 15,
          shape: key & 255,
          start: i,
          end: i + 1,
        });
      } else this.cells.at(-1)!.end = i + 1;
    }
    this.countAvailable();
  }

  /** Prefix counts of available rows: a cell's stones in a carat range, without a loop. */
  countAvailable() {
    for (let i = 0; i < this.n; i++) this.availableBefore[i + 1] = this.availableBefore[i]! + this.available[i]!;
  }

  private keyFor(r: DiamondIndexRow) {
    return cellKey(r.origin === 'lab' ? 1 : 0, r.colorRank, r.clarityRank, r.cutRank, this.shapes.code(r.shape));
  }

  /** Whether `r` can be written in place at position i (same cell, same carat: the order holds). */
  fits(i: number, r: DiamondIndexRow) {
    return this.carat[i] === r.caratPoints && this.keyOf[i] === this.keyFor(r);
  }

  /** Writes the facts that may change in place (those that fix a row's place are checked by `fits`). */
  set(i: number, r: DiamondIndexRow) {
    this.price[i] = r.priceCents;
    this.lnPrice[i] = Math.log(Math.max(1, r.priceCents));
    this.available[i] = r.status === 'available' ? 1 : 0;
    this.polish[i] = this.polishes.code(r.polish);
    this.symmetry[i] = this.symmetries.code(r.symmetry);
    this.fluorescence[i] = this.fluorescences.code(r.fluorescence);
    this.lab[i] = this.labs.code(r.lab);
    this.depth[i] = r.depthPct;
    this.table[i] = r.tablePct;
    this.lw[i] = r.lwRatio;
    this.created[i] = new Date(r.createdAt).getTime();
    this.photo[i] = r.photo ? 1 : 0;
    this.video[i] = this.videoOrigins.code(r.videoOrigin ?? '');
  }

  /** First position in [start, end) whose carat is ≥ points. */
  lowerBound(points: number, start: number, end: number) {
    let lo = start,
      hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.carat[mid]! < points) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function comparators(c: Columns): Record<DiamondQuery['sort'], Comparator> {
  // Grade sorts read the grade from the row's cell key (see `cellKey`).
  const rank = (shift: number) => (a: number, b: number) =>
    ((c.keyOf[a]! >> shift) & 15) - ((c.keyOf[b]! >> shift) & 15) || c.price[a]! - c.price[b]! || c.id[a]! - c.id[b]!;
  return {
    'price-asc': (a, b) => c.price[a]! - c.price[b]! || c.id[a]! - c.id[b]!,
    'price-desc': (a, b) => c.price[b]! - c.price[a]! || c.id[a]! - c.id[b]!,
    'carat-asc': (a, b) => c.carat[a]! - c.carat[b]! || c.id[a]! - c.id[b]!,
    'carat-desc': (a, b) => c.carat[b]! - c.carat[a]! || c.id[a]! - c.id[b]!,
    color: rank(16),
    clarity: rank(12),
    cut: rank(8),
    newest: (a, b) => c.created[b]! - c.created[a]! || c.id[b]! - c.id[a]!,
  };
}

const inRange = (v: number, min?: number, max?: number) =>
  (min === undefined || v >= min) && (max === undefined || v <= max);

export class DiamondIndex {
  private cols: Columns | null = null;
  private loading: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private seen = '';
  private checkedAt = 0;
  private stale = false;
  private boundsCache = new Map<string, Bounds>();
  private matches = new Int32Array(0);
  /** Display rows of recently shown stones, dropped when a look finds them changed. */
  private rowCache = new Map<number, DiamondRow>();
  private changes = 0;

  private readonly db: Db;
  private readonly opts: { recheckMs?: number; chunk?: number };
  constructor(db: Db, opts: { recheckMs?: number; chunk?: number } = {}) {
    this.db = db;
    this.opts = opts;
  }

  /** Call after a write to diamonds (this process's, or another's it was told of): the next search reads it first. */
  invalidate() {
    this.stale = true;
  }

  /** Loads the index ahead of the first search (server start). */
  warm() {
    return this.fresh();
  }

  private async load() {
    const seen = await repo.snapshot(this.db);
    const rows: DiamondIndexRow[] = [];
    // In id-keyed chunks, so 500,000 rows never sit in one driver answer.
    for (let after = 0; ;) {
      const chunk = await repo.diamondIndexRows(this.db, { afterId: after, limit: this.opts.chunk ?? 50_000 });
      rows.push(...chunk);
      if (chunk.length < (this.opts.chunk ?? 50_000)) break;
      after = chunk.at(-1)!.id;
    }
    this.cols = new Columns(rows);
    this.seen = seen;
    this.boundsCache.clear();
    this.rowCache.clear();
    this.changes++;
    this.checkedAt = Date.now();
  }

  private async refresh() {
    const cols = this.cols!;
    // The snapshot first: whatever commits after it is read again next time.
    const seen = await repo.snapshot(this.db);
    const changed = await repo.diamondIndexRows(this.db, { notIn: this.seen });
    // A sale, a price or a withdrawal is written in place; a new stone, or a new carat or grade,
    // moves rows: those are merged into a new copy (the rest of the rows are already in order).
    const inPlace = (r: DiamondIndexRow) =>
      r.id < cols.positionOf.length && cols.positionOf[r.id] !== -1 && cols.fits(cols.positionOf[r.id]!, r);
    const moving = changed.filter((r) => !inPlace(r));
    if (moving.length) {
      this.cols = new Columns(moving, cols);
      this.applyInPlace(this.cols, changed.filter(inPlace));
      this.boundsCache.clear();
      for (const r of moving) this.rowCache.delete(r.id);
      this.changes++;
    } else this.applyInPlace(cols, changed);
    this.seen = seen;
    this.checkedAt = Date.now();
  }

  private applyInPlace(cols: Columns, changed: DiamondIndexRow[]) {
    for (const r of changed) cols.set(cols.positionOf[r.id]!, r);
    if (changed.length) {
      cols.countAvailable();
      this.boundsCache.clear();
      for (const r of changed) this.rowCache.delete(r.id);
      this.changes++;
    }
  }

  private async fresh(): Promise<void> {
    if (!this.cols) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      return this.loading;
    }
    if (!this.stale && Date.now() - this.checkedAt < (this.opts.recheckMs ?? 1_000)) return;
    // Told of a write while a look was already under way: that look may have begun before the
    // write and not read it. Wait for it, then look again (a writer's next search sees its write).
    if (this.refreshing && this.stale) {
      await this.refreshing.catch(() => {});
      return this.fresh();
    }
    if (!this.refreshing) {
      this.stale = false;
      this.refreshing = this.refresh()
        .catch((err) => {
          this.stale = true;
          throw err;
        })
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  }

  /**
   * The display rows of one page, in order: from the cache when this index has seen no change to
   * them since they were read, else from the database. As current as the counts beside them.
   */
  async rows(ids: number[]): Promise<DiamondRow[]> {
    const missing = ids.filter((id) => !this.rowCache.has(id));
    if (missing.length) {
      const changes = this.changes;
      const fetched = await repo.diamondsByIds(this.db, missing);
      // A look that found changes while we read: these rows may predate it, so do not keep them.
      if (changes === this.changes) {
        for (const r of fetched) this.rowCache.set(r.id, r);
        while (this.rowCache.size > ROW_CACHE_MAX) this.rowCache.delete(this.rowCache.keys().next().value!);
      }
      const byId = new Map(fetched.map((r) => [r.id, r]));
      return ids.flatMap((id) => this.rowCache.get(id) ?? byId.get(id) ?? []);
    }
    return ids.map((id) => this.rowCache.get(id)!);
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
        if (!c.available[i] || (want >= 0 && c.keyOf[i]! >> 20 !== want)) continue;
        const p = c.price[i]!,
          k = c.carat[i]!;
        if (first) {
          b = { pmin: p, pmax: p, cmin: k, cmax: k };
          first = false;
          continue;
        }
        if (p < b.pmin) b.pmin = p;
        if (p > b.pmax) b.pmax = p;
        if (k < b.cmin) b.cmin = k;
        if (k > b.cmax) b.cmax = k;
      }
      this.boundsCache.set(key, b);
    }
    return b;
  }

  /** Count, shape facet (price filter on), histogram (price filter off) and the ids of one page. */
  async search(
    q: DiamondQuery,
    hist: HistogramSpec,
    limit: number,
    offset: number,
    videoOrigins: readonly string[] = [],
  ): Promise<IndexAnswer> {
    await this.fresh();
    const c = this.cols!;
    const { advanced, priced, rowOk, pmin, pmax, shapeMask, cellOk, rangeOf } = compile(q, c, videoOrigins);

    const lnLo = Math.log(hist.lo),
      step = (Math.log(hist.hi) - lnLo) / hist.buckets,
      last = hist.buckets - 1;
    const histogram = new Array<number>(hist.buckets).fill(0);
    const shapeCounts = new Array<number>(c.shapes.values.length).fill(0);
    if (this.matches.length < c.n) this.matches = new Int32Array(c.n);
    const matches = this.matches;
    const { available, price, lnPrice } = c;
    let count = 0;
    for (const cell of c.cells) {
      if (!cellOk(cell)) continue;
      const r = rangeOf(cell);
      if (!r) continue;
      const [from, to] = r;
      let inFacet = 0;
      if (shapeMask & (1 << cell.shape)) {
        // A chosen shape: the histogram (price filter off), then the count and the page (price filter on).
        for (let i = from; i < to; i++) {
          if (!available[i] || (advanced && !rowOk(i))) continue;
          const b = Math.floor((lnPrice[i]! - lnLo) / step);
          histogram[b < 0 ? 0 : b > last ? last : b]!++;
          const p = price[i]!;
          if (p >= pmin && p <= pmax) {
            inFacet++;
            matches[count++] = i;
          }
        }
      } else if (!advanced && !priced) {
        // Another shape, no row-level filter: its facet count is a difference of prefix counts.
        inFacet = c.availableBefore[to]! - c.availableBefore[from]!;
      } else {
        // Another shape: only its facet count.
        for (let i = from; i < to; i++) {
          if (!available[i] || (advanced && !rowOk(i))) continue;
          const p = price[i]!;
          if (p >= pmin && p <= pmax) inFacet++;
        }
      }
      shapeCounts[cell.shape]! += inFacet;
    }
    const cmp = comparators(c)[q.sort];
    const positions = smallest(matches, count, offset + limit, cmp).slice(offset);
    return {
      count,
      pageIds: positions.map((i) => c.id[i]!),
      shapes: shapeCounts.flatMap((n, code) => (n ? [{ value: c.shapes.values[code]!, count: n }] : [])),
      histogram,
    };
  }
}

type Cell = Columns['cells'][number];

/**
 * A query turned into tests over one copy's columns: which cells it can use at all (origin, grades,
 * shape), the carat slice of a cell, and the per-row test of the advanced filters and the price.
 * The search and the saved-search matcher both use it, so "matches" means one thing.
 */
function compile(q: DiamondQuery, c: Columns, videoOrigins: readonly string[] = []) {
  const allowed = (dict: Dict, values?: string[]) => {
    if (!values?.length) return null;
    const ok = new Uint8Array(256);
    for (const v of values) {
      const code = dict.find(v);
      if (code !== undefined) ok[code] = 1;
    }
    return ok;
  };
  const polish = allowed(c.polishes, q.polish),
    symmetry = allowed(c.symmetries, q.symmetry);
  const fluorescence = allowed(c.fluorescences, q.fluorescence),
    lab = allowed(c.labs, q.lab);
  // "With video": a video from a host the store lists (a video from elsewhere is not shown).
  const video =
    q.media === 'video'
      ? (() => {
          const ok = new Uint8Array(c.videoOrigins.values.length);
          for (const o of videoOrigins) {
            const code = c.videoOrigins.find(o);
            if (code) ok[code] = 1;
          }
          return ok;
        })()
      : null;
  const photo = q.media === 'photo';
  // Float columns are float4 in the database; compare as the database does.
  const f = (v?: number) => (v === undefined ? undefined : Math.fround(v));
  const depthMin = f(q.depthMin),
    depthMax = f(q.depthMax),
    tableMin = f(q.tableMin),
    tableMax = f(q.tableMax),
    lwMin = f(q.lwMin),
    lwMax = f(q.lwMax);
  const advanced = !!(
    photo ||
    video ||
    polish ||
    symmetry ||
    fluorescence ||
    lab ||
    depthMin !== undefined ||
    depthMax !== undefined ||
    tableMin !== undefined ||
    tableMax !== undefined ||
    lwMin !== undefined ||
    lwMax !== undefined
  );
  let shapeMask = 0;
  if (q.shape?.length)
    for (const s of q.shape) {
      const code = c.shapes.find(s);
      if (code !== undefined) shapeMask |= 1 << code;
    }
  else shapeMask = -1;
  const pmin = q.priceMin !== undefined ? centsOf(q.priceMin) : -Infinity;
  const pmax = q.priceMax !== undefined ? centsOf(q.priceMax) : Infinity;
  const caratFrom = q.caratMin !== undefined ? pointsOf(q.caratMin) : undefined;
  const caratTo = q.caratMax !== undefined ? pointsOf(q.caratMax) + 1 : undefined;
  const { carat } = c;
  return {
    advanced,
    priced: q.priceMin !== undefined || q.priceMax !== undefined,
    pmin,
    pmax,
    shapeMask,
    rowOk: (i: number) =>
      (!polish || !!polish[c.polish[i]!]) &&
      (!symmetry || !!symmetry[c.symmetry[i]!]) &&
      (!fluorescence || !!fluorescence[c.fluorescence[i]!]) &&
      (!lab || !!lab[c.lab[i]!]) &&
      (!photo || c.photo[i] === 1) &&
      (!video || video[c.video[i]!] === 1) &&
      inRange(c.depth[i]!, depthMin, depthMax) &&
      inRange(c.table[i]!, tableMin, tableMax) &&
      inRange(c.lw[i]!, lwMin, lwMax),
    /** Origin and grades (the shape is the caller's: the search still counts other shapes for the facet). */
    cellOk: (cell: Cell) =>
      !(
        (q.origin && ORIGINS[cell.origin] !== q.origin) ||
        !inRange(cell.color, q.colorMin, q.colorMax) ||
        !inRange(cell.clarity, q.clarityMin, q.clarityMax) ||
        !inRange(cell.cut, q.cutMin, q.cutMax)
      ),
    /** The cell's rows within the carat range, or null when none can be. */
    rangeOf: (cell: Cell): [number, number] | null => {
      const first = carat[cell.start]!,
        lastCarat = carat[cell.end - 1]!;
      if ((caratFrom !== undefined && caratFrom > lastCarat) || (caratTo !== undefined && caratTo <= first))
        return null;
      const from =
        caratFrom === undefined || caratFrom <= first ? cell.start : c.lowerBound(caratFrom, cell.start, cell.end);
      const to = caratTo === undefined || caratTo > lastCarat ? cell.end : c.lowerBound(caratTo, from, cell.end);
      return [from, to];
    },
  };
}

/**
 * Which of `rows` (a batch of changed stones) each query would show: `found(query, diamondId)` for
 * every available stone a query matches. The rows are laid out as the search's copy is, so each
 * query looks only at the cells and carat slices it can match.
 */
export function matchStones(
  rows: DiamondIndexRow[],
  queries: DiamondQuery[],
  found: (query: number, diamondId: number) => void,
  videoOrigins: readonly string[] = [],
): void {
  if (!rows.length) return;
  const c = new Columns(rows);
  // Most searches name a shape or two: they look only at those shapes' cells.
  const byShape: Cell[][] = c.shapes.values.map(() => []);
  for (const cell of c.cells) byShape[cell.shape]!.push(cell);
  queries.forEach((q, qi) => {
    const { advanced, rowOk, pmin, pmax, shapeMask, cellOk, rangeOf } = compile(q, c, videoOrigins);
    const cells = shapeMask === -1 ? c.cells : byShape.flatMap((list, code) => (shapeMask & (1 << code) ? list : []));
    for (const cell of cells) {
      if (!cellOk(cell)) continue;
      const r = rangeOf(cell);
      if (!r) continue;
      for (let i = r[0]; i < r[1]; i++) {
        if (!c.available[i] || (advanced && !rowOk(i))) continue;
        const p = c.price[i]!;
        if (p >= pmin && p <= pmax) found(qi, c.id[i]!);
      }
    }
  });
}
