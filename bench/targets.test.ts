import { describe, expect, it } from 'vitest';
import { CEILING_ROW, evaluate, MIXED_READS, NOISE, REFERENCE_CEILING, targeted, TARGETS } from './targets.ts';

// The bench's check fails CI when an enforced target is missed: the uncached product page's share
// of the bare route is one, judged on the median of its turns' shares.

const UNCACHED = 'product page SSR (uncached render)';
const ceiling = 40_000;
const rowsWith = (share: number) => [
  { name: CEILING_ROW, rps: ceiling, p95: 0.5, p99: 1 },
  { name: UNCACHED, rps: Math.round(ceiling * 0.018), p95: 30, p99: 50, ofRatio: share },
];
const line = (report: string) => report.split('\n').find((l) => l.includes(UNCACHED) && l.includes('baseline'))!;

describe('the uncached product page as a share of the bare route', () => {
  it('is met at 2 % of the ceiling, read from the turns (not from the ratio of the medians)', () => {
    const v = evaluate('pglite', ceiling, rowsWith(0.023));
    expect(line(v.report)).toMatch(/^\s+met\s+.*2\.3 % of baseline/);
    expect(v.report).not.toMatch(/MISSED/);
  });

  it('says a share just under 2 % is within the run-to-run noise, and does not fail for it', () => {
    const v = evaluate('postgres', ceiling, rowsWith(0.019));
    expect(line(v.report)).toMatch(/met within noise\s+.*1\.9 % < 2\.0 % of baseline/);
    expect(v.failed).toBe(false);
  });

  it('fails the check below the noise allowance, on either database', () => {
    for (const db of ['pglite', 'postgres']) {
      const v = evaluate(db, ceiling, rowsWith(0.02 * (1 - NOISE) - 0.001));
      expect(v.failed, db).toBe(true);
      expect(line(v.report)).toMatch(/^\s+MISSED\s+.*1\.6 % < 2\.0 % of baseline/);
    }
  });

  it('keeps the rate targets scaled to the run’s ceiling', () => {
    const v = evaluate('pglite', REFERENCE_CEILING, [
      { name: CEILING_ROW, rps: REFERENCE_CEILING, p95: 0.5, p99: 1 },
      { name: 'product page SSR', rps: 500, p95: 5, p99: 10 },
    ]);
    expect(v.failed).toBe(true);
    expect(v.report).toMatch(/MISSED\s+product page SSR\s+500 req\/s < 1000/);
  });
});

describe('the rows the check runs', () => {
  it('with --enforced, only the rows an enforced target judges (and what they are judged against)', () => {
    expect(targeted('pglite', 'product page SSR', true)).toBe(true);
    expect(targeted('pglite', 'add to cart (new cart each time)', true)).toBe(true);
    expect(targeted('postgres', 'add to cart (new cart each time)', true)).toBe(false);
    expect(targeted('pglite', 'accept a quote (test card, deposit)', true)).toBe(false);
    expect(targeted('postgres', 'place order (test card, one line)', true)).toBe(false);
    expect(targeted('pglite', CEILING_ROW, true)).toBe(true);
  });

  it('without it, every row with a target, open ones included', () => {
    expect(targeted('postgres', 'place order (test card, one line)')).toBe(true);
    expect(targeted('pglite', 'pay an instalment (test card, layaway)')).toBe(true);
    expect(targeted('pglite', 'a row nobody targets')).toBe(false);
  });

  it('fails when an enforced target’s row was not measured, and not for an open one', () => {
    const enforced = TARGETS.find((t) => t.db === 'pglite' && t.enforced && !t.ofRow)!;
    const rest = [{ name: CEILING_ROW, rps: ceiling, p95: 0.5, p99: 1 }];
    const v = evaluate('pglite', ceiling, rest, true);
    expect(evaluate('pglite', ceiling, rest).failed).toBe(false);
    expect(v.failed).toBe(true);
    expect(v.report).toMatch(new RegExp(`NOT MEASURED\\s+${enforced.row.replace(/[()]/g, '\\$&')}`));
    const enforcedRows = TARGETS.filter((t) => t.db === 'pglite' && t.enforced).map((t) => t.row);
    const open = TARGETS.filter((t) => t.db === 'pglite' && !t.enforced && !enforcedRows.includes(t.row)).map(
      (t) => t.row,
    );
    expect(v.report.split('\n').filter((l) => l.includes('NOT MEASURED') && open.some((o) => l.endsWith(o)))).toEqual(
      [],
    );
  });
});

describe('cold product detail and the reads after mixed load', () => {
  const COLD = 'product detail API (cold)';
  const cold = (share: number) => [
    { name: CEILING_ROW, rps: ceiling, p95: 0.5, p99: 1 },
    { name: COLD, rps: Math.round(ceiling * share), p95: 20, p99: 30, ofRatio: share },
  ];

  it('fails the embedded check when cold detail falls back toward its old 1 % of the bare route', () => {
    expect(evaluate('pglite', ceiling, cold(0.06)).failed).toBe(false);
    const v = evaluate('pglite', ceiling, cold(0.011));
    expect(v.failed).toBe(true);
    expect(v.report).toMatch(/MISSED\s+product detail API \(cold\)\s+1\.1 % < 5\.0 % of baseline/);
  });

  it('reports a read slower after the load than fresh, as open, without failing', () => {
    const name = MIXED_READS[0]!;
    const rows = [
      { name: CEILING_ROW, rps: ceiling, p95: 0.5, p99: 1 },
      { name: `${name} (fresh)`, rps: 8_000, p95: 2, p99: 3 },
      { name: `${name} (after mixed load)`, rps: 6_000, p95: 3, p99: 4, ofRatio: 0.7 },
    ];
    const v = evaluate('pglite', ceiling, rows);
    expect(v.failed).toBe(false);
    expect(v.report).toMatch(
      /open \(gap in docs\/quality\.md\)\s+category listing, 3 filters \(after mixed load\)\s+70 % < 90 %/,
    );
    rows[2]!.ofRatio = 0.95;
    expect(evaluate('pglite', ceiling, rows).report).toMatch(
      / met\s+category listing, 3 filters \(after mixed load\)\s+95 % of/,
    );
  });
});
