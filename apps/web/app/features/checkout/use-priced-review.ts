import { useEffect, useState } from 'react';
import type { Cart, ShippingMethod } from '@facet/contracts/commerce';
import { ApiError } from '~/lib/api.ts';
import { callApi, reportApiError } from '~/lib/client-api.ts';

/** Where the order goes, as far as it is known: the state, and the rest once the address is complete. */
export interface Destination {
  state: string;
  zip?: string;
  city?: string;
  line1?: string;
}

/**
 * The server prices the review: shipping for the chosen method, and the tax owed at the destination
 * (with a tax service, only once the whole address is there: until then "calculated at checkout").
 * Asked again whenever either changes, or the cart does.
 */
export function usePricedReview(cart: Cart | null, method: ShippingMethod, to: Destination) {
  const [priced, setPriced] = useState<Cart | null>(null);
  // What the answer on show was priced for: an order is placed only on the total for what is entered
  // now (the address typed a moment ago may not be priced yet, and an older answer may come last).
  const [pricedFor, setPricedFor] = useState<string | null>(null);
  // Asked again on purpose (the server refused a total as changed): the answer on show is old.
  const [round, setRound] = useState(0);
  // A carrier or tax service that cannot price this address now, or a carrier that will not deliver
  // there: said where the methods are, and the order waits (nothing is guessed).
  const [problem, setProblem] = useState<string | null>(null);
  const hasLines = (cart?.lines.length ?? 0) > 0;
  const { state, zip = '', city = '', line1 = '' } = to;
  const asked = [round, method, state, zip, city, line1, cart?.count, cart?.totals.subtotalCents].join('|');
  useEffect(() => {
    if (!hasLines) return;
    let gone = false;
    const q = new URLSearchParams({ shipping: method });
    if (state) q.set('state', state);
    if (state && zip && city && line1) {
      q.set('zip', zip);
      q.set('city', city);
      q.set('line1', line1);
    }
    callApi<Cart>(`/cart?${q}`).then(
      (c) => {
        if (gone) return;
        setPriced(c);
        setPricedFor(asked);
        setProblem(null);
      },
      (err: unknown) => {
        if (gone) return;
        if (err instanceof ApiError && (err.status === 503 || err.status === 422)) setProblem(err.message);
        else reportApiError(err);
      },
    );
    return () => {
      gone = true;
    };
  }, [asked, method, state, zip, city, line1, hasLines]);
  return {
    review: priced ?? cart,
    problem,
    current: pricedFor === asked,
    reprice: () => setRound((n) => n + 1),
  };
}
