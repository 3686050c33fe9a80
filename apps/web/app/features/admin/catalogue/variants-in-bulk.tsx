import { useState } from 'react';
import { centsOf, roundPrice, type Rounding } from '@facet/contracts/money';

/** What one change does to many variants: a price, a price moved by a percentage, or a stock count. */
export type BulkChange =
  { kind: 'price'; cents: number } | { kind: 'percent'; percent: number } | { kind: 'stock'; count: number };

/**
 * The price a change gives a variant priced `cents` (null: not a price change). A percentage lands
 * as the store's rounding rule says, so no price ends in odd cents that nobody typed.
 */
export const priceAfter = (change: BulkChange, cents: number, rounding: Rounding): number | null =>
  change.kind === 'price'
    ? change.cents
    : change.kind === 'percent'
      ? roundPrice(cents * (1 + change.percent / 100), rounding, 'nearest')
      : null;

const ALL = '';

/** "Set all Platinum to $2,450", "+5 % on every variant", "stock 3 on 18K": applied to the table, saved with it. */
export function VariantsInBulk({
  metals,
  canPrice,
  onApply,
}: {
  metals: readonly string[];
  /** False for a made-to-order setting: its prices come from the metal prices. */
  canPrice: boolean;
  onApply: (metal: string | null, change: BulkChange) => number;
}) {
  const [metal, setMetal] = useState(ALL);
  const [kind, setKind] = useState<BulkChange['kind']>(canPrice ? 'price' : 'stock');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const parse = (): BulkChange | string => {
    const v = value.trim();
    if (kind === 'price')
      return /^\d+(\.\d{1,2})?$/.test(v) && Number(v) >= 1 ? { kind, cents: centsOf(Number(v)) } : 'Dollars, like 2450';
    if (kind === 'percent')
      return /^[-+]?\d{1,2}(\.\d)?$/.test(v) && Number(v) !== 0 && Number(v) > -90
        ? { kind, percent: Number(v) }
        : 'A percentage, like 5 or -10';
    return /^\d{1,4}$/.test(v) ? { kind, count: Number(v) } : 'Whole pieces, like 3';
  };
  const which = metal === ALL ? 'every variant' : `every ${metal} variant`;
  return (
    <fieldset className="mt-3 border border-hairline bg-panel p-3 text-sm">
      <legend className="px-1 text-xs font-medium uppercase tracking-wider text-muted">Change many at once</legend>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-xs text-muted">
          Which
          <select
            aria-label="Which"
            className="field mt-1 w-auto py-1.5"
            value={metal}
            onChange={(e) => setMetal(e.target.value)}
          >
            <option value={ALL}>Every variant</option>
            {metals.map((m) => (
              <option key={m} value={m}>
                Every {m}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs text-muted">
          Change
          <select
            aria-label="Change"
            className="field mt-1 w-auto py-1.5"
            value={kind}
            onChange={(e) => setKind(e.target.value as BulkChange['kind'])}
          >
            {canPrice && <option value="price">Price to ($)</option>}
            {canPrice && <option value="percent">Price by (%)</option>}
            <option value="stock">Stock to</option>
          </select>
        </label>
        <label className="text-xs text-muted">
          Value
          <input
            aria-label="Value"
            className="field mt-1 w-28 py-1.5"
            inputMode="decimal"
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'bulk-problem' : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn-secondary py-1.5 text-xs"
          onClick={() => {
            const change = parse();
            if (typeof change === 'string') {
              setProblem(change);
              setDone(null);
              return;
            }
            setProblem(null);
            const n = onApply(metal === ALL ? null : metal, change);
            setDone(`${n} variant${n === 1 ? '' : 's'} changed (${which}). Save changes to keep them.`);
          }}
        >
          Apply
        </button>
      </div>
      {problem && (
        <p id="bulk-problem" className="mt-1 text-xs text-danger">
          {problem}
        </p>
      )}
      <p className="mt-1 text-xs text-muted" role="status">
        {done ?? 'The table below changes; nothing is saved until you save.'}
      </p>
    </fieldset>
  );
}
