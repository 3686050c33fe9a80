import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSavedRingSize } from '~/lib/saved-ring-size.ts';
import type { VariantChoice as Variant } from '~/lib/product-page.ts';
import { ChipRadioGroup } from '~/components/ui/chip-radio-group.tsx';

const distinct = (vs: Variant[], metal: string, pick: (v: Variant) => number | null) => [
  ...new Set(
    vs
      .filter((v) => v.metal === metal)
      .map(pick)
      .filter((s): s is number => s != null),
  ),
];

/** Ring size and chain length of a piece sold as it is, in the chosen metal. */
export function VariantOptions({
  variants,
  selected,
  onPick,
}: {
  variants: Variant[];
  selected: Variant;
  onPick: (size: number | null, length: number | null) => void;
}) {
  const sizes = distinct(variants, selected.metal, (v) => v.fingerSize);
  // A signed-in shopper's own size is chosen first, once, when the piece comes in it.
  const saved = useSavedRingSize();
  useEffect(() => {
    if (saved !== null && sizes.includes(saved) && selected.fingerSize !== saved) onPick(saved, selected.lengthIn);
  }, [saved]); // eslint-disable-line react-hooks/exhaustive-deps
  const lengths = distinct(variants, selected.metal, (v) => v.lengthIn);
  return (
    <>
      {sizes.length > 0 && (
        <div className="mt-6">
          <label htmlFor="ring-size" className="eyebrow">
            Ring size
          </label>
          <select
            id="ring-size"
            className="field mt-2 max-w-xs"
            value={selected.fingerSize ?? ''}
            onChange={(e) => onPick(Number(e.target.value), selected.lengthIn)}
          >
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <p className="mt-1.5 text-xs text-muted">
            Not sure?{' '}
            <Link to="/blog/ring-sizing" className="underline">
              Find your ring size
            </Link>
            . Other sizes on request.
          </p>
        </div>
      )}
      {lengths.length > 0 && (
        <div className="mt-6">
          <ChipRadioGroup
            label="Length"
            options={lengths}
            value={selected.lengthIn ?? lengths[0]!}
            onChange={(l) => onPick(selected.fingerSize, l)}
            render={(l) => `${l} in`}
          />
        </div>
      )}
    </>
  );
}
