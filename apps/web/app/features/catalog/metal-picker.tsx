import { metalBackground, metalName } from './metal-swatches.tsx';

/** The metals a piece comes in, as swatches; the current one is checked. */
export function MetalPicker({
  metals,
  current,
  onPick,
}: {
  metals: string[];
  current: string;
  onPick: (metal: string) => void;
}) {
  return (
    <fieldset className="mt-7">
      <legend className="eyebrow">
        Metal: <span className="font-normal normal-case tracking-normal text-muted">{metalName(current)}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Metal">
        {metals.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === current}
            aria-label={metalName(m)}
            title={metalName(m)}
            onClick={() => onPick(m)}
            className={`flex h-11 items-center gap-2 rounded-sm border px-3 text-xs ${m === current ? 'border-ink bg-secondary' : 'border-hairline hover:border-muted'}`}
          >
            <span
              aria-hidden="true"
              className="h-5 w-5 rounded-full border border-black/10"
              style={{ background: metalBackground(m) }}
            />
            {m === 'PLAT' ? 'PT' : m.slice(0, 3)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
