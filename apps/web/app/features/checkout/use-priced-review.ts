import { useEffect, useState } from 'react';
import type { Cart, ShippingMethod } from '@facet/contracts/commerce';
import { callApi, reportApiError } from '~/lib/client-api.ts';

/**
 * The server prices the review: shipping for the chosen method, tax for the destination state.
 * Asked again whenever either changes, or the cart does.
 */
export function usePricedReview(cart: Cart | null, method: ShippingMethod, state: string) {
  const [priced, setPriced] = useState<Cart | null>(null);
  const hasLines = (cart?.lines.length ?? 0) > 0;
  useEffect(() => {
    if (!hasLines) return;
    const q = new URLSearchParams({ shipping: method, ...(state ? { state } : {}) });
    callApi<Cart>(`/cart?${q}`).then(setPriced).catch(reportApiError);
  }, [method, state, hasLines, cart?.count, cart?.totals.subtotalCents]);
  return { review: priced ?? cart, setPriced };
}
