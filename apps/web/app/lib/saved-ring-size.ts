import { useEffect, useState } from 'react';
import { sizeToOffer } from '@facet/contracts/ring-size';
import { useAccount } from './account-store.ts';
import { callApi } from './client-api.ts';

// The signed-in shopper's ring size (from their account's sizes), asked for once per page load.
let asked: Promise<number | null> | null = null;
let askedFor: string | null = null;

/** The size to choose first for a signed-in shopper who keeps one; null otherwise (or until known). */
export function useSavedRingSize(): number | null {
  const { loggedUser } = useAccount();
  const email = loggedUser?.email ?? null;
  const [size, setSize] = useState<number | null>(null);
  useEffect(() => {
    if (!email) return;
    if (askedFor !== email) {
      askedFor = email;
      asked = callApi<{ ringSizes: Array<{ finger: string; hand: string; size: number }> }>('/user/record')
        .then((r) => sizeToOffer(r.ringSizes))
        .catch(() => null);
    }
    let live = true;
    void asked!.then((s) => live && setSize(s));
    return () => {
      live = false;
    };
  }, [email]);
  return email ? size : null;
}
