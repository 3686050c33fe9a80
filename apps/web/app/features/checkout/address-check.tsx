import { useEffect, useState } from 'react';
import type { AddressCheck, AddressToCheck } from '@facet/contracts/shipping';
import { callApi } from '~/lib/client-api.ts';

type Suggestion = NonNullable<AddressCheck['suggestion']>;

/**
 * The carrier's word on the address once it is complete: nothing when it delivers there as typed,
 * its own way of writing it to accept or refuse, or that it cannot deliver there. A check that
 * fails says nothing (the order still asks the carrier for its rates).
 */
export function AddressCheckNote({
  address,
  enabled,
  onAccept,
}: {
  address: AddressToCheck;
  enabled: boolean;
  onAccept: (s: Suggestion) => void;
}) {
  const [check, setCheck] = useState<{ for: string; answer: AddressCheck } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const key = JSON.stringify([address.line1, address.line2, address.city, address.state, address.zip]);
  useEffect(() => {
    if (!enabled) return;
    const ask = new AbortController();
    // Asked once the typing stops, not at every keystroke.
    const timer = setTimeout(() => {
      callApi<AddressCheck>('/checkout/address-check', { method: 'POST', body: address, signal: ask.signal }).then(
        (answer) => setCheck({ for: key, answer }),
        () => {},
      );
    }, 500);
    return () => {
      clearTimeout(timer);
      ask.abort();
    };
    // `address` is read through `key`: the same address typed again is not checked again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  if (!enabled || !check || check.for !== key) return null;
  const { answer } = check;
  if (answer.status === 'undeliverable')
    return (
      <p role="alert" className="mt-4 border border-danger p-3 text-sm text-danger">
        {answer.message}
      </p>
    );
  if (answer.status !== 'corrected' || !answer.suggestion || refused === key) return null;
  const s = answer.suggestion;
  return (
    <div role="status" className="mt-4 border border-hairline bg-panel p-4 text-sm">
      <p className="font-medium">The carrier writes this address as:</p>
      <p className="mt-1">
        {s.line1}
        {s.line2 ? `, ${s.line2}` : ''}
        <br />
        {s.city}, {s.state} {s.zip}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-primary py-2" onClick={() => onAccept(s)}>
          Use this address
        </button>
        <button type="button" className="btn-secondary py-2" onClick={() => setRefused(key)}>
          Keep mine
        </button>
      </div>
    </div>
  );
}
