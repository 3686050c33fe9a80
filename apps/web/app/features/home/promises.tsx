import { LABS } from '@facet/contracts/grades';
import type { StoreFacts } from '@facet/contracts/store-facts';

const labList = `${LABS.slice(0, -1).join(', ')} or ${LABS[LABS.length - 1]}`;

/** The store's promises, from its configured facts. */
export function Promises({ facts }: { facts: StoreFacts | undefined }) {
  return (
    <section className="border-y border-hairline bg-panel">
      <ul className="mx-auto grid max-w-site gap-8 px-5 py-10 text-center text-sm md:grid-cols-3 lg:px-8">
        <li>
          <p className="font-display text-xl">Fully insured shipping</p>
          <p className="mt-1 text-muted">Signature on delivery, discreet packaging.</p>
        </li>
        <li>
          <p className="font-display text-xl">{facts?.returnDays}-day returns</p>
          <p className="mt-1 text-muted">
            Full refund on unworn pieces; {facts?.madeToOrderRestockingPercent}% restocking fee on rings made to order.
          </p>
        </li>
        <li>
          <p className="font-display text-xl">Graded diamonds</p>
          <p className="mt-1 text-muted">Every loose diamond comes with its {labList} report.</p>
        </li>
      </ul>
    </section>
  );
}
