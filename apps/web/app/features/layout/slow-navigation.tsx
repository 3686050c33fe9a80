import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { CHUNK_TIMEOUT_MS } from '@facet/contracts/constants';

/**
 * A page whose code or data has not arrived within the spec's 120 seconds: say so and offer to
 * load it afresh, instead of leaving the shopper on the old page with nothing happening. (A
 * chunk that fails outright makes React Router reload the page itself.)
 */
export function SlowNavigation({ afterMs = CHUNK_TIMEOUT_MS }: { afterMs?: number }) {
  const navigation = useNavigation();
  const target = navigation.location ? `${navigation.location.pathname}${navigation.location.search}` : null;
  const [slow, setSlow] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    const t = setTimeout(() => setSlow(target), afterMs);
    return () => clearTimeout(t);
  }, [target, afterMs]);
  if (!slow || slow !== target) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-4 top-4 z-[70] mx-auto max-w-md border border-hairline bg-white px-4 py-3 text-sm shadow-lg"
    >
      This page is taking too long to load.{' '}
      <a href={slow} className="font-medium text-primary underline">
        Try again
      </a>
    </div>
  );
}
