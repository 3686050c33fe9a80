// The performance targets `npm run bench -- --check` holds the store to (docs/quality.md).
// A target is measured against the bare route's rate in the same run (the ceiling), scaled from
// the machine the targets were set on, so a slower or busier machine neither fails nor hides a
// regression. `enforced: false` marks a target not met yet: it is measured and reported, with
// the gap explained in docs/quality.md, and does not fail the check until it is met.

export interface Target {
  /** The bench row's name, exactly. */
  row: string;
  db: 'pglite' | 'postgres';
  minRps?: number;
  maxP95?: number;
  maxP99?: number;
  /** At least this share of another row's rate in the same run (a feature's cost, not the machine's). */
  ofRow?: { row: string; minRatio: number };
  enforced: boolean;
}

/** The bench's first row: the bare route the ceiling and every share are taken of. */
export const CEILING_ROW = 'baseline: GET /api/ping (no work)';

/** GET /api/ping on the machine the targets were set on (2 cores, Node 24), in req/s. */
export const REFERENCE_CEILING = 12_000;
/** How far below a target a median may fall before it counts as missed (run-to-run noise). */
export const NOISE = 0.15;

/** The cached reads the mixed-load comparison measures fresh and after (bench/run.ts). */
export const MIXED_READS = [
  'category listing, 3 filters',
  'diamond search, 4C filters',
  'search (full text)',
  'autosuggest',
  'product detail API',
];

const both = (t: Omit<Target, 'db'>): Target[] => [
  { ...t, db: 'pglite' },
  { ...t, db: 'postgres' },
];

export const TARGETS: Target[] = [
  ...both({ row: 'product page SSR', minRps: 1_000, maxP99: 30, enforced: true }),
  ...both({ row: 'category page SSR', minRps: 800, enforced: true }),
  ...both({ row: 'diamonds page SSR', minRps: 800, enforced: true }),
  ...both({ row: 'product page SSR (uncached render)', minRps: 400, enforced: false }),
  ...both({ row: 'category page SSR (uncached render)', minRps: 300, enforced: false }),
  // A product page rendered for a URL never seen before, at 2 % of the bare route: each run set
  // beside a ceiling run of its own, the median of the turns' shares (bench/run.ts). Met on both
  // databases on 2026-11-27 (PGlite 2.2–2.6 %, PostgreSQL 2.3–2.9 % turn by turn).
  ...both({
    row: 'product page SSR (uncached render)',
    ofRow: { row: CEILING_ROW, minRatio: 0.02 },
    enforced: true,
  }),
  // A variant's detail never asked before (no answer kept anywhere), as a share of the bare route: each
  // run beside a ceiling run of its own, the median of the turns. It was 1.1 % on PGlite when measured
  // beside Vendure; 5.6–7.9 % on 2026-12-03, within the other cold reads' range (full-text search 1.6–2.7 %,
  // diamonds 11–19 %).
  {
    row: 'product detail API (cold)',
    db: 'pglite',
    ofRow: { row: CEILING_ROW, minRatio: 0.05 },
    enforced: true,
  },
  // On PostgreSQL, 10.0–16.5 % on 2026-12-03 (497–1,009 req/s; full-text search 4.3–5.7 %, diamonds
  // 21.5–23.3 % in the same runs). Reported: CI's PostgreSQL check has no minutes to spare for it.
  {
    row: 'product detail API (cold)',
    db: 'postgres',
    ofRow: { row: CEILING_ROW, minRatio: 0.08 },
    enforced: false,
  },
  { row: 'add to cart (new cart each time)', db: 'postgres', minRps: 800, enforced: false },
  { row: 'add to cart (new cart each time)', db: 'pglite', minRps: 400, enforced: true },
  { row: 'place order (test card, one line)', db: 'postgres', minRps: 300, enforced: false },
  { row: 'place order (test card, one line)', db: 'pglite', minRps: 100, enforced: false },
  // A sale and a discount code in effect cost a shopper at most a tenth of the rate. The add's gap was
  // compression (a sale's "was" price took the one-line answer past 1 KB); an order's code costs two
  // statements. Met on both databases on 2026-11-27 (medians 89–98 %), but single turns still range
  // 79–205 % on PostgreSQL, so they are reported, not enforced (docs/quality.md).
  ...both({
    row: 'add to cart, sale on (new cart each time)',
    ofRow: { row: 'add to cart (new cart each time)', minRatio: 0.9 },
    enforced: false,
  }),
  {
    row: 'place order, sale and code on (test card)',
    db: 'pglite',
    ofRow: { row: 'place order (test card, one line)', minRatio: 0.9 },
    enforced: false,
  },
  {
    row: 'place order, sale and code on (test card)',
    db: 'postgres',
    ofRow: { row: 'place order (test card, one line)', minRatio: 0.9 },
    enforced: false,
  },
  // A commission's deposit and its balance cost about what an order does: each is a payment, an
  // order's rows and e-mails. Reported until a run on this machine has set their level.
  ...both({
    row: 'accept a quote (test card, deposit)',
    ofRow: { row: 'place order (test card, one line)', minRatio: 0.8 },
    enforced: false,
  }),
  ...both({
    row: 'pay a balance (test card)',
    ofRow: { row: 'place order (test card, one line)', minRatio: 0.8 },
    enforced: false,
  }),
  // A layaway's instalment paid at its link: the plan's rows locked and one payment credited.
  ...both({
    row: 'pay an instalment (test card, layaway)',
    ofRow: { row: 'place order (test card, one line)', minRatio: 0.8 },
    enforced: false,
  }),
  // The cached reads on a process that has just served 90 s of mixed load (uncached pages, cold
  // reads, carts and orders, a feed's import), within a tenth of a fresh twin on the same stones,
  // measured in turns against it. Open: medians of 74–114 % by what the load was made of, and no
  // cause in the store's data, caches or heap — an answer Node makes itself, before the framework,
  // slows alike (docs/quality.md).
  ...MIXED_READS.flatMap((name) =>
    both({ row: `${name} (after mixed load)`, ofRow: { row: `${name} (fresh)`, minRatio: 0.9 }, enforced: false }),
  ),
];

/**
 * The rows `--check` runs on `db`: every row with a target there, or with `enforcedOnly` the rows
 * an enforced target judges and the rows it is judged against.
 */
export function targeted(db: string, name: string, enforcedOnly = false): boolean {
  return TARGETS.some(
    (t) => t.db === db && (!enforcedOnly || t.enforced) && (t.row === name || (enforcedOnly && t.ofRow?.row === name)),
  );
}

export interface Measured {
  name: string;
  rps: number;
  p95: number;
  p99: number;
  /** A twin row's share of its plain row's rate, turn by turn (the median), when the bench measured one. */
  ofRatio?: number;
}

/** 85 %, or 2.1 % for a small share (a rounded 2 % would hide 1.6 %). */
const percent = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)} %`;

/**
 * Each target beside its median, scaled to this run's ceiling; `failed` when an enforced one is
 * missed (or, with `everyEnforced`, not measured). A rate or a share within NOISE below its target is not counted missed (it says so).
 */
export function evaluate(db: string, ceiling: number, rows: Measured[], everyEnforced = false) {
  const scale = ceiling / REFERENCE_CEILING;
  const lines: string[] = [];
  let failed = false;
  for (const t of TARGETS.filter((x) => x.db === db)) {
    const r = rows.find((x) => x.name === t.row);
    if (!r) {
      // An enforced target whose row did not run would pass unseen (a renamed row, a filter).
      if (t.enforced && everyEnforced) {
        failed = true;
        lines.push(`  ${'NOT MEASURED'.padEnd(30)} ${t.row}`);
      }
      continue;
    }
    const misses: string[] = [];
    if (t.minRps && r.rps < t.minRps * scale * (1 - NOISE))
      misses.push(`${r.rps} req/s < ${Math.round(t.minRps * scale)}`);
    if (t.maxP95 && r.p95 > t.maxP95 * (1 + NOISE)) misses.push(`p95 ${r.p95.toFixed(1)} ms > ${t.maxP95}`);
    if (t.maxP99 && r.p99 > t.maxP99 * (1 + NOISE)) misses.push(`p99 ${r.p99.toFixed(1)} ms > ${t.maxP99}`);
    const of = t.ofRow && rows.find((x) => x.name === t.ofRow!.row);
    const ratio = of && (r.ofRatio ?? r.rps / of.rps);
    const short = t.ofRow && of ? `${percent(ratio!)} < ${percent(t.ofRow.minRatio)} of ${t.ofRow.row}` : '';
    if (t.ofRow && of && ratio! < t.ofRow.minRatio * (1 - NOISE)) misses.push(`${short} (${r.rps} / ${of.rps} req/s)`);
    const withinNoise = !misses.length && t.ofRow && of && ratio! < t.ofRow.minRatio;
    const status = misses.length
      ? t.enforced
        ? 'MISSED'
        : 'open (gap in docs/quality.md)'
      : withinNoise
        ? 'met within noise'
        : 'met';
    if (misses.length && t.enforced) failed = true;
    const met = withinNoise ? short : t.ofRow && of ? `${percent(ratio!)} of ${t.ofRow.row}` : `${r.rps} req/s`;
    lines.push(`  ${status.padEnd(30)} ${t.row.padEnd(38)} ${misses.join(', ') || met}`);
  }
  return { failed, report: lines.join('\n') };
}
