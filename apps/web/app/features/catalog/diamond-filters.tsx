import { useMemo } from 'react';
import { paths } from '@facet/contracts/paths';
import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, LABS, SHAPES } from '@facet/contracts/grades';
import type { DiamondAnswer } from '@facet/contracts/catalog';
import { dollarsOf } from '@facet/contracts/money';
import { Histogram, RangeFilter } from './range-filter.tsx';
import { priceScale } from './price-scale.ts';

type SetParams = (changes: Record<string, string | null>) => void;

const shapeIcon = (s: string) => paths.itemArt({ kind: 'stone', shape: s, stone: 'diamond', title: s });
const listOf = (params: URLSearchParams, key: string) => (params.get(key) ?? '').split(',').filter(Boolean);
const toggled = (list: string[], v: string) =>
  (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]).join(',') || null;

/** Every diamond filter; each change rewrites the URL (the loader searches from it). */
export function DiamondFilters({
  answer,
  params,
  set,
}: {
  answer: DiamondAnswer;
  params: URLSearchParams;
  set: SetParams;
}) {
  const num = (k: string, d: number) => (params.get(k) !== null && params.get(k) !== '' ? Number(params.get(k)) : d);
  const { bounds } = answer;
  const { lo, hi, toPos, toPrice } = priceScale(
    Math.floor(dollarsOf(bounds.priceMinCents)),
    Math.ceil(dollarsOf(bounds.priceMaxCents)),
  );
  const priceFrom = num('priceMin', lo),
    priceTo = num('priceMax', hi);
  const caratLo = Math.floor(bounds.caratMin * 10) / 10,
    caratHi = Math.ceil(bounds.caratMax);
  const grade = (key: string, names: readonly string[]) => {
    const top = names.length - 1;
    return (
      <RangeFilter
        label={key[0]!.toUpperCase() + key.slice(1)}
        min={0}
        max={top}
        step={1}
        names={names}
        value={[num(`${key}Min`, 0), num(`${key}Max`, top)]}
        onCommit={([a, b]) =>
          set({ [`${key}Min`]: a === 0 ? null : String(a), [`${key}Max`]: b === top ? null : String(b) })
        }
      />
    );
  };
  const percent = (label: string, key: string, min: number, max: number, step: number, digits: number) => (
    <RangeFilter
      label={label}
      min={min}
      max={max}
      step={step}
      value={[num(`${key}Min`, min), num(`${key}Max`, max)]}
      format={(n) => n.toFixed(digits)}
      onCommit={([a, b]) =>
        set({ [`${key}Min`]: a <= min ? null : a.toFixed(digits), [`${key}Max`]: b >= max ? null : b.toFixed(digits) })
      }
    />
  );

  return (
    <>
      <ShapePicker
        counts={answer.shapes}
        chosen={listOf(params, 'shape')}
        onToggle={(s) => set({ shape: toggled(listOf(params, 'shape'), s) })}
      />
      <div className="mt-8 grid gap-x-10 gap-y-8 md:grid-cols-2 lg:grid-cols-3">
        <RangeFilter
          label="Price"
          min={0}
          max={100}
          step={1}
          value={[toPos(priceFrom), toPos(priceTo)]}
          format={(p) => `$${toPrice(p).toLocaleString()}`}
          exact={{
            values: [priceFrom, priceTo],
            format: (d) => `$${d.toLocaleString()}`,
            commit: ([a, b]) =>
              set({
                priceMin: a <= lo ? null : String(Math.round(a)),
                priceMax: b >= hi ? null : String(Math.round(b)),
              }),
          }}
          onCommit={([a, b]) =>
            set({ priceMin: a <= 0 ? null : String(toPrice(a)), priceMax: b >= 100 ? null : String(toPrice(b)) })
          }
        >
          <Histogram buckets={answer.histogram} from={priceFrom} to={priceTo} />
        </RangeFilter>
        <RangeFilter
          label="Carat"
          min={caratLo}
          max={caratHi}
          step={0.01}
          value={[num('caratMin', caratLo), num('caratMax', caratHi)]}
          format={(n) => n.toFixed(2)}
          onCommit={([a, b]) =>
            set({
              caratMin: a <= bounds.caratMin ? null : a.toFixed(2),
              caratMax: b >= caratHi ? null : b.toFixed(2),
            })
          }
        />
        {grade('color', COLORS)}
        {grade('clarity', CLARITIES)}
        {grade('cut', CUTS)}
        <details className="md:col-span-2 lg:col-span-1">
          <summary className="eyebrow cursor-pointer">Advanced filters</summary>
          <div className="mt-4 space-y-6">
            {(
              [
                ['polish', FINISHES],
                ['symmetry', FINISHES],
                ['fluorescence', FLUORESCENCE],
                ['lab', LABS],
              ] as const
            ).map(([key, options]) => (
              <ChipSet
                key={key}
                legend={key}
                options={options}
                chosen={listOf(params, key)}
                onToggle={(o) => set({ [key]: toggled(listOf(params, key), o) })}
              />
            ))}
            <fieldset>
              <legend className="text-sm font-medium">Pictures</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {(
                  [
                    ['photo', 'With photographs'],
                    ['video', 'With 360° video'],
                  ] as const
                ).map(([value, text]) => {
                  const on = params.get('media') === value;
                  return (
                    <button
                      key={value}
                      type="button"
                      aria-pressed={on}
                      onClick={() => set({ media: on ? null : value })}
                      className={`rounded-full border px-3 py-1 text-xs ${on ? 'border-primary bg-secondary' : 'border-hairline hover:border-muted'}`}
                    >
                      {text}
                    </button>
                  );
                })}
              </div>
            </fieldset>
            {percent('Depth %', 'depth', 50, 80, 0.1, 1)}
            {percent('Table %', 'table', 50, 80, 0.1, 1)}
            {percent('L/W ratio', 'lw', 0.9, 2.2, 0.01, 2)}
          </div>
        </details>
      </div>
    </>
  );
}

function ShapePicker({
  counts,
  chosen,
  onToggle,
}: {
  counts: DiamondAnswer['shapes'];
  chosen: string[];
  onToggle: (shape: string) => void;
}) {
  const countOf = useMemo(() => new Map(counts.map((s) => [s.value, s.count])), [counts]);
  return (
    <fieldset className="mt-8">
      <legend className="eyebrow">Shape</legend>
      <ul className="mt-3 grid grid-cols-5 gap-2 md:grid-cols-10">
        {SHAPES.map((s) => {
          const on = chosen.includes(s);
          return (
            <li key={s}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(s)}
                className={`flex w-full flex-col items-center rounded-sm border px-1 py-2 text-xs ${on ? 'border-primary bg-secondary' : 'border-hairline hover:border-muted'}`}
              >
                <img src={shapeIcon(s)} alt="" width={44} height={44} className="h-11 w-11" />
                <span className="mt-1">{s}</span>
                <span className="text-[0.65rem] text-muted">{(countOf.get(s) ?? 0).toLocaleString()}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function ChipSet({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  options: readonly string[];
  chosen: string[];
  onToggle: (o: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium capitalize">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            aria-pressed={chosen.includes(o)}
            onClick={() => onToggle(o)}
            className={`rounded-full border px-3 py-1 text-xs ${chosen.includes(o) ? 'border-primary bg-secondary' : 'border-hairline hover:border-muted'}`}
          >
            {o}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
