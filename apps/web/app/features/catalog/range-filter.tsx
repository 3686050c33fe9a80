import { useEffect, useRef, useState } from 'react';
import { centsOf } from '@facet/contracts/money';

interface Props {
  label: string;
  min: number;
  max: number;
  step: number;
  value: [number, number];
  onCommit: (v: [number, number]) => void;
  /** Discrete scales (color, clarity, cut) show names instead of numbers. */
  names?: readonly string[];
  format?: (n: number) => string;
  inputs?: boolean;
  /** Turns a typed value (as shown) back into slider units. */
  parse?: (n: number) => number;
  /**
   * The filter's values in the units the shopper types (a log-scale price slider moves in steps):
   * a typed value is searched exactly as typed, and only the slider snaps.
   */
  exact?: { values: [number, number]; format: (n: number) => string; commit: (v: [number, number]) => void };
  children?: React.ReactNode;
}

/** A two-thumb slider (keyboard-operable) with editable values at both ends. */
export function RangeFilter({
  label,
  min,
  max,
  step,
  value,
  onCommit,
  names,
  format = String,
  inputs = true,
  parse = (n) => n,
  exact,
  children,
}: Props) {
  const [local, setLocal] = useState<[number, number]>(value);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // While the shopper is still moving a thumb (keys repeat), the slider's own value wins.
  useEffect(() => {
    if (!pending.current) setLocal(value);
  }, [value[0], value[1]]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const commitSoon = (v: [number, number]) => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = null;
      onCommit(v);
    }, 350);
  };
  const clampTo = (i: 0 | 1, n: number): [number, number] =>
    i === 0 ? [Math.min(n, local[1]), local[1]] : [local[0], Math.max(n, local[0])];
  // Where a thumb's centre sits: a range input keeps its thumb (1.25rem) inside the track.
  const along = (n: number) => {
    const f = max === min ? 0 : (n - min) / (max - min);
    return `calc(${f * 100}% + ${(0.5 - f) * 1.25}rem)`;
  };
  const show = (n: number) => (names ? (names[n] ?? String(n)) : format(n));
  // At rest the boxes show the values searched; while a thumb moves, where it is.
  const atRest = local[0] === value[0] && local[1] === value[1];
  const boxText = (i: 0 | 1) => (exact && atRest ? exact.format(exact.values[i]) : format(local[i]));
  const id = label.toLowerCase().replace(/\W+/g, '-');
  const commitInput = (i: 0 | 1, raw: string) => {
    const typed = Number(raw.replace(/[^0-9.]/g, ''));
    if (!Number.isFinite(typed) || raw.trim() === '') {
      setLocal(value);
      return;
    }
    if (exact) {
      const [a, b] = exact.values;
      exact.commit(i === 0 ? [Math.min(typed, b), b] : [a, Math.max(typed, a)]);
      return;
    }
    const n = parse(typed);
    const next: [number, number] =
      i === 0 ? [Math.max(min, Math.min(n, local[1])), local[1]] : [local[0], Math.min(max, Math.max(n, local[0]))];
    setLocal(next);
    onCommit(next);
  };
  return (
    <div>
      <p id={`${id}-label`} className="eyebrow">
        {label}
      </p>
      {children}
      {/* Two native range inputs over one track: each thumb is a real slider (keyboard, screen
          readers, touch) without a slider library on the page. */}
      <div role="group" aria-labelledby={`${id}-label`} className="range-pair relative mt-3.5 h-6">
        <div className="absolute inset-x-0 top-1/2 h-[3px] -translate-y-1/2 rounded-full bg-hairline" />
        <div
          className="absolute top-1/2 h-[3px] -translate-y-1/2 rounded-full bg-primary"
          style={{ left: along(local[0]), right: `calc(100% - ${along(local[1])})` }}
        />
        {([0, 1] as const).map((i) => (
          <input
            key={i}
            type="range"
            min={min}
            max={max}
            step={step}
            value={local[i]}
            aria-label={`${label} ${i === 0 ? 'minimum' : 'maximum'}`}
            aria-valuetext={show(local[i])}
            // The lower thumb stays on top while the two meet at the top end, so both stay reachable.
            style={i === 0 && local[0] >= max - step ? { zIndex: 1 } : undefined}
            // The search follows once the thumb rests (a key, a let-go, a pause in a drag).
            onChange={(e) => {
              const next = clampTo(i, Number(e.currentTarget.value));
              setLocal(next);
              commitSoon(next);
            }}
          />
        ))}
      </div>
      {names ? (
        <div className="mt-2 flex justify-between text-xs text-muted">
          <span>{show(local[0])}</span>
          <span>{show(local[1])}</span>
        </div>
      ) : inputs ? (
        <div className="mt-3 flex items-center justify-between gap-3">
          <input
            aria-label={`${label} from`}
            className="field w-28 py-1.5 text-xs"
            key={`a${boxText(0)}`}
            defaultValue={boxText(0)}
            onBlur={(e) => commitInput(0, e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitInput(0, e.currentTarget.value);
            }}
          />
          <span aria-hidden="true" className="text-muted">
            –
          </span>
          <input
            aria-label={`${label} to`}
            className="field w-28 py-1.5 text-right text-xs"
            key={`b${boxText(1)}`}
            defaultValue={boxText(1)}
            onBlur={(e) => commitInput(1, e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitInput(1, e.currentTarget.value);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Bars of how many stones sit at each price, drawn above the price slider. */
export function Histogram({
  buckets,
  from,
  to,
}: {
  buckets: Array<{ fromCents: number; toCents: number; count: number }>;
  from: number;
  to: number;
}) {
  const max = Math.max(1, ...buckets.map((b) => b.count));
  return (
    <div className="mt-3 flex h-12 items-end gap-[2px]" aria-hidden="true">
      {buckets.map((b) => {
        const inside = b.toCents >= centsOf(from) && b.fromCents <= centsOf(to);
        return (
          <div
            key={b.fromCents}
            className={`flex-1 rounded-t-[1px] ${inside ? 'bg-primary/70' : 'bg-hairline'}`}
            style={{ height: `${Math.max(2, (b.count / max) * 100)}%` }}
          />
        );
      })}
    </div>
  );
}
