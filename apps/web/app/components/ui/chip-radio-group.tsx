/** A row of chip buttons acting as one radio group (metal-free options: width, profile, length). */
export function ChipRadioGroup<T extends string | number>({
  label,
  options,
  value,
  onChange,
  render = String,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  render?: (v: T) => string;
}) {
  return (
    <fieldset>
      <legend className="eyebrow">{label}</legend>
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label={label}>
        {options.map((o) => (
          <button
            key={String(o)}
            type="button"
            role="radio"
            aria-checked={o === value}
            onClick={() => onChange(o)}
            className={`h-11 min-w-14 rounded-sm border px-3 text-sm ${o === value ? 'border-ink bg-secondary' : 'border-hairline hover:border-muted'}`}
          >
            {render(o)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
