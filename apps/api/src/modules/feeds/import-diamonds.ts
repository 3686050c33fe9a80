import type { Readable } from 'node:stream';
import { CLARITIES, COLORS, CUTS } from '@facet/contracts/grades';
import type { Db } from '../../db/client.ts';
import { checkDiamondFeed, type FeedReport } from './diamond-feed.ts';
import type { FeedStone, Field } from './diamond-row.ts';
import { supplierStones, type ExistingStone, type NewStone } from '../inventory/index.ts';
import { markupRules, retailCents, type MarkupRule } from '../markup/index.ts';
import { feedsRepository as repo } from './repository.ts';

// A supplier's diamond feed into the catalogue. Valid rows are compared with what the store holds
// for that supplier, a batch at a time: new, price changed, grade changed, unchanged, or locked
// (sold, reserved for a checkout, held or withdrawn by staff: never touched by a feed, listed for
// staff instead). A dry run stops there; an apply writes each batch in its own transaction, so a
// crash leaves every batch all-or-nothing, and the same file twice changes nothing the second time.
// A full feed then withdraws the supplier's stones it no longer lists; a delta feed does not.

export const BATCH = 1_000;
export const LOCKED_LISTED_MAX = 1_000;
const WRITES_IN_FLIGHT = 1;
const LISTED_PAGE = 10_000;

export interface ImportOptions {
  supplier: string;
  dryRun: boolean;
  full: boolean;
  batchSize?: number;
  /** Awaited before each batch is written: a server's import steps aside while shoppers are being answered. */
  pace?: () => Promise<void>;
  /** Called as the import goes: often (every few hundred rows), so a listener throttles its own writes. */
  onProgress?: (p: ImportProgress) => void;
}
export interface ImportProgress {
  /** Reading the file (first pass), checking rows (dry run) or writing them, withdrawing stones. */
  phase: 'reading' | 'checking' | 'applying' | 'withdrawing';
  rowsDone: number;
  rowsTotal: number | null;
  refused: number;
}
export interface ImportReport extends FeedReport {
  supplier: string;
  dryRun: boolean;
  full: boolean;
  added: number;
  priceChanged: number;
  gradeChanged: number;
  unchanged: number;
  withdrawn: number;
  /** Stones the feed describes but the store may not change now, first LOCKED_LISTED_MAX of them. */
  locked: Array<{ stock: string; status: string }>;
  lockedCount: number;
  /** Rows no markup rule covers: not listed (a price cannot be made). */
  unpriced: number;
}

const feedReason = (code: string) => `feed:${code}`;
const GRADE_FIELDS = [
  'origin',
  'shape',
  'caratPoints',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'certificate',
] as const;

function row(s: FeedStone, supplierId: number, code: string, priceCents: number): NewStone {
  return {
    serial: `${code}-${s.stock}`.toUpperCase().slice(0, 60),
    origin: s.origin,
    shape: s.shape,
    caratPoints: s.caratPoints,
    color: s.color,
    colorRank: (COLORS as readonly string[]).indexOf(s.color),
    clarity: s.clarity,
    clarityRank: (CLARITIES as readonly string[]).indexOf(s.clarity),
    cut: s.cut,
    cutRank: (CUTS as readonly string[]).indexOf(s.cut),
    polish: s.polish,
    symmetry: s.symmetry,
    fluorescence: s.fluorescence,
    depthPct: s.depthPct,
    tablePct: s.tablePct,
    lwRatio: Math.round((s.lengthMm / s.widthMm) * 100) / 100,
    lengthMm: s.lengthMm,
    widthMm: s.widthMm,
    depthMm: s.depthMm,
    lab: s.lab,
    certificate: s.certificate,
    priceCents,
    costCents: s.costCents,
    status: 'available',
    holdReason: null,
    holdUntil: null,
    supplierId,
    supplierStock: s.stock,
    growth: s.growth,
    imageUrl: s.imageUrl,
    videoUrl: s.videoUrl,
    certificateUrl: s.certificateUrl,
    createdAt: new Date(),
  };
}

/** May a feed change this stone? On sale, or withdrawn earlier by this supplier's own feed. */
const changeable = (e: ExistingStone, code: string) =>
  e.status === 'available' || (e.status === 'withdrawn' && e.holdReason === feedReason(code));

export async function importDiamondFeed(db: Db, open: () => Readable, opts: ImportOptions): Promise<ImportReport> {
  const code = opts.supplier;
  const supplier = opts.dryRun ? await repo.supplierByCode(db, code) : await repo.addSupplier(db, code, code);
  const rules: MarkupRule[] = await markupRules(db);
  const counts = { added: 0, priceChanged: 0, gradeChanged: 0, unchanged: 0, unpriced: 0, lockedCount: 0 };
  const locked: ImportReport['locked'] = [];
  const named = new Set<string>();
  const unlisted = new Set<string>();
  let batch: FeedStone[] = [];
  let rowsTotal: number | null = null;
  const phase = opts.dryRun ? 'checking' : 'applying';
  opts.onProgress?.({ phase: 'reading', rowsDone: 0, rowsTotal, refused: 0 });

  const flush = async () => {
    const stones = batch;
    batch = [];
    if (!stones.length) return;
    const existing = supplier
      ? new Map(
          (
            await supplierStones.existing(
              db,
              supplier.id,
              stones.map((s) => s.stock),
            )
          ).map((e) => [e.supplierStock!, e]),
        )
      : new Map<string, ExistingStone>();
    const inserts: NewStone[] = [];
    const updates: Array<{ id: number } & NewStone> = [];
    for (const s of stones) {
      const price = retailCents(rules, s);
      if (price === null) {
        counts.unpriced++;
        continue;
      }
      const e = existing.get(s.stock);
      const next = row(s, supplier?.id ?? 0, code, price);
      if (!e) {
        counts.added++;
        inserts.push(next);
        continue;
      }
      const gradeChanged = GRADE_FIELDS.some((f) => e[f] !== next[f]);
      const priceChanged = e.priceCents !== price || e.costCents !== s.costCents;
      const reappears = e.status === 'withdrawn';
      if (!gradeChanged && !priceChanged && !reappears) {
        counts.unchanged++;
        continue;
      }
      if (!changeable(e, code)) {
        counts.lockedCount++;
        if (locked.length < LOCKED_LISTED_MAX) locked.push({ stock: s.stock, status: e.status });
        continue;
      }
      if (gradeChanged) counts.gradeChanged++;
      else if (priceChanged) counts.priceChanged++;
      else counts.unchanged++;
      updates.push({ ...next, id: e.id });
    }
    if (!opts.dryRun && (inserts.length || updates.length))
      await db.transaction(async (tx) => {
        await supplierStones.insert(tx, inserts);
        await supplierStones.updateMany(tx, updates);
      });
  };
  // A batch is written while the next is read and checked: the file's parsing (this process) and the
  // database's writing (its own) overlap instead of taking turns. One write at a time: a second
  // made the import faster but took the processor the shoppers' searches need.
  const inFlight: Array<Promise<void>> = [];
  const flushBehind = async () => {
    if (inFlight.length >= WRITES_IN_FLIGHT) await inFlight.shift();
    await opts.pace?.();
    const writing = flush();
    // Its failure is thrown where it is awaited (a later batch, or the end), not as an unhandled rejection.
    writing.catch(() => {});
    inFlight.push(writing);
  };

  const report = await checkDiamondFeed(open, {
    mapping: (supplier?.columnMapping ?? {}) as Record<string, Field>,
    // Only a full feed needs every name it gives (to withdraw the others): a million strings otherwise kept for nothing.
    onStock: opts.full ? (stock) => named.add(stock) : undefined,
    onUnlisted: (stock) => unlisted.add(stock),
    onCounted: (rows) => {
      rowsTotal = rows;
      opts.onProgress?.({ phase, rowsDone: 0, rowsTotal, refused: 0 });
    },
    onChecked: (rows, refused) => opts.onProgress?.({ phase, rowsDone: rows, rowsTotal, refused }),
    onStone: async (stone) => {
      batch.push(stone);
      if (batch.length >= (opts.batchSize ?? BATCH)) await flushBehind();
    },
  });
  await flushBehind();
  for (const w of inFlight) await w;

  let withdrawn = 0;
  if (supplier) {
    opts.onProgress?.({ phase: 'withdrawing', rowsDone: report.rows, rowsTotal, refused: report.rowsWithErrors });
    // Marked not available (any feed), or not named at all (a full feed): off sale. The supplier's
    // stones on sale are read a page at a time; only the ids to withdraw are kept.
    const gone: number[] = [];
    if (opts.full || unlisted.size)
      for (let after = 0; ;) {
        const page = await supplierStones.listed(db, supplier.id, after, LISTED_PAGE);
        for (const l of page) if (unlisted.has(l.stock) || (opts.full && !named.has(l.stock))) gone.push(l.id);
        if (page.length < LISTED_PAGE) break;
        after = page.at(-1)!.id;
      }
    withdrawn = gone.length;
    if (!opts.dryRun)
      for (let i = 0; i < gone.length; i += BATCH)
        await db.transaction((tx) => supplierStones.withdraw(tx, gone.slice(i, i + BATCH), feedReason(code)));
  }
  return { ...report, ...counts, supplier: code, dryRun: opts.dryRun, full: opts.full, withdrawn, locked };
}
