import { useEffect, useRef, useState } from 'react';
import { emailField } from '@facet/contracts/account';
import { callApi } from '~/lib/client-api.ts';

/**
 * The guest's "e-mail me" tick (unticked unless they tick it): with it, the address typed is kept
 * with the cart, so a cart left behind can be sent back to them. Unticked after, it is withdrawn.
 */
export function EmailConsent({ email }: { email: string }) {
  const [consent, setConsent] = useState(false);
  const told = useRef('');
  useEffect(() => {
    const address = email.trim();
    if (!emailField.safeParse(address).success) return;
    const key = `${address.toLowerCase()}|${consent}`;
    // Nothing is sent for an address that was never ticked; a change of either is told once.
    if (told.current === key || (!consent && !told.current)) return;
    const wait = setTimeout(() => {
      told.current = key;
      // Best effort: a reminder missed is no harm to the order being placed.
      void callApi('/cart/contact', { method: 'PUT', body: { email: address, consent } }).catch(() => {});
    }, 500);
    return () => clearTimeout(wait);
  }, [email, consent]);
  return (
    <label className="mt-3 flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} />
      <span>
        E-mail me news and a reminder if I leave my cart. <span className="text-muted">Unsubscribe in one click.</span>
      </span>
    </label>
  );
}
