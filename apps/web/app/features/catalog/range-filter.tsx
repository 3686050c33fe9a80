import { useEffect, useRef, useState } from 'react';
import { Slider } from 'radix-ui';
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
      <Slider.Root
        className="relative mt-4 flex h-5 touch-none select-none items-center"
        min={min}
        max={max}
        step={step}
        value={local}
        minStepsBetweenThumbs={0}
        onValueChange={(v) => setLocal([v[0]!, v[1]!])}
        onValueCommit={(v) => commitSoon([v[0]!, v[1]!])}
        // A group can carry a name; the slider's own element (no role) cannot.
        role="group"
        aria-labelledby={`${id}-label`}
      >
        <Slider.Track className="relative h-[3px] grow rounded-full bg-hairline">
          <Slider.Range className="absolute h-full rounded-full bg-primary" />
        </Slider.Track>
        <Slider.Thumb
          aria-label={`${label} minimum`}
          aria-valuetext={show(local[0])}
          className="block h-5 w-5 rounded-full border-2 border-primary bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        />
        <Slider.Thumb
          aria-label={`${label} maximum`}
          aria-valuetext={show(local[1])}
          className="block h-5 w-5 rounded-full border-2 border-primary bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        />
      </Slider.Root>
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
