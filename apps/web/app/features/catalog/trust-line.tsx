import { BadgeCheck, RotateCcw, Truck } from '~/components/icons.tsx';
import { returnsText } from '@facet/contracts/store-facts';
import { useStoreFacts } from '~/lib/store-facts.ts';

/** `madeToOrder`: the piece is made for the shopper, so its returns carry the restocking fee. */
export function TrustLine({ certificate, madeToOrder = false }: { certificate?: string; madeToOrder?: boolean }) {
  const facts = useStoreFacts();
  return (
    <ul className="mt-6 space-y-2.5 border-t border-hairline pt-5 text-sm">
      <li className="flex items-center gap-2.5">
        <Truck aria-hidden="true" className="h-4 w-4 text-primary" />
        Fully insured shipping, signature on delivery
      </li>
      <li className="flex items-center gap-2.5">
        <RotateCcw aria-hidden="true" className="h-4 w-4 text-primary" />
        {returnsText(facts)}
        {madeToOrder ? ` (made to order: ${facts.madeToOrderRestockingPercent}% restocking fee)` : ''}
      </li>
      <li className="flex items-center gap-2.5">
        <BadgeCheck aria-hidden="true" className="h-4 w-4 text-primary" />
        {certificate ?? 'Quality-checked by our jewelers; appraisal on request'}
      </li>
    </ul>
  );
}
