import { BadgeCheck, RotateCcw, Ruler, Truck } from '~/components/icons.tsx';
import { ENGRAVED_NOT_RETURNABLE } from '@facet/contracts/engraving-rules';
import { resizeText, returnsText, signedFor, supplierConfirmText } from '@facet/contracts/store-facts';
import { useStoreFacts } from '~/lib/store-facts.ts';

/**
 * The promises under a piece's price, each as true as the piece makes it: `madeToOrder` returns
 * carry the restocking fee; an `engraved` piece cannot be returned; a ring says whether it is resized
 * free (`resizable`) or cannot be; a parcel worth `priceCents` is signed for only over the store's
 * threshold.
 */
export function TrustLine({
  certificate,
  madeToOrder = false,
  engraved = false,
  resizable,
  priceCents,
  fromSupplier = false,
}: {
  certificate?: string;
  madeToOrder?: boolean;
  engraved?: boolean;
  /** A ring: resized free once, or never; undefined for anything else. */
  resizable?: boolean;
  priceCents: number;
  /** Held by a supplier: the card is authorised, charged once the supplier confirms it. */
  fromSupplier?: boolean;
}) {
  const facts = useStoreFacts();
  const resize = resizable === undefined ? null : resizeText(facts, resizable);
  return (
    <ul className="mt-6 space-y-2.5 border-t border-hairline pt-5 text-sm">
      <li className="flex items-center gap-2.5">
        <Truck aria-hidden="true" className="h-4 w-4 text-primary" />
        {signedFor(facts, priceCents) ? 'Fully insured shipping, signature on delivery' : 'Fully insured shipping'}
      </li>
      <li className="flex items-center gap-2.5">
        <RotateCcw aria-hidden="true" className="h-4 w-4 text-primary" />
        {engraved ? (
          ENGRAVED_NOT_RETURNABLE
        ) : (
          <>
            {returnsText(facts)}
            {madeToOrder ? ` (made to order: ${facts.madeToOrderRestockingPercent}% restocking fee)` : ''}
          </>
        )}
      </li>
      {resize && (
        <li className="flex items-center gap-2.5">
          <Ruler aria-hidden="true" className="h-4 w-4 text-primary" />
          {resize}
        </li>
      )}
      <li className="flex items-center gap-2.5">
        <BadgeCheck aria-hidden="true" className="h-4 w-4 text-primary" />
        {certificate ?? 'Quality-checked by our jewelers; appraisal on request'}
      </li>
      {fromSupplier && (
        <li className="flex items-center gap-2.5" data-testid="supplier-confirm">
          <BadgeCheck aria-hidden="true" className="h-4 w-4 text-primary" />
          {supplierConfirmText(facts)}; your card is charged only then
        </li>
      )}
    </ul>
  );
}
