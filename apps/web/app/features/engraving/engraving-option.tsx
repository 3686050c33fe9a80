import { lazy, Suspense } from 'react';
import type { EngravingOffer } from '@facet/contracts/engraving';
import type { EngravingFont } from '@facet/contracts/engraving-rules';
import { formatMoney } from '@facet/contracts/money';

// The editor (field, fonts, preview, the rules it checks) loads when the shopper asks for engraving:
// the product page's first load carries only this switch.
const EngravingEditor = lazy(() => import('./engraving-editor.tsx'));

export interface EngravingDraft {
  text: string;
  font: EngravingFont;
  /** Why the words cannot be engraved yet (the editor works it out; the server decides again). */
  problem: string | null;
}

/** "Add engraving" on a piece that offers it; the words and font chosen are the page's to send. */
export function EngravingOption({
  offer,
  metal,
  kind,
  value,
  onChange,
}: {
  offer: EngravingOffer;
  metal: string;
  kind: string;
  value: EngravingDraft | null;
  onChange: (v: EngravingDraft | null) => void;
}) {
  const price = offer.priceCents ? formatMoney(offer.priceCents) : 'Free';
  return (
    <fieldset className="mt-6 border-t border-hairline pt-5" data-testid="engraving-option">
      <legend className="sr-only">Engraving</legend>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 accent-primary"
          checked={value !== null}
          onChange={(e) =>
            onChange(
              e.target.checked ? { text: '', font: offer.fonts[0]!, problem: 'Write the words to engrave.' } : null,
            )
          }
        />
        <span>
          <span className="font-medium">Add engraving</span>
          <span className="block text-sm text-muted">
            {price} · {offer.place} · up to {offer.maxChars} characters
            {offer.days ? ` · adds ${offer.days} business ${offer.days === 1 ? 'day' : 'days'}` : ''}
          </span>
        </span>
      </label>
      {value && (
        <Suspense fallback={<p className="mt-3 text-sm text-muted">Loading the engraving preview…</p>}>
          <EngravingEditor offer={offer} metal={metal} kind={kind} value={value} onChange={onChange} />
        </Suspense>
      )}
    </fieldset>
  );
}
