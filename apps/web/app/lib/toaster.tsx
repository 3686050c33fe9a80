import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@facet/contracts/constants';
import { toasterMounted } from './toast.ts';

/** Messages for 5 s: top right in the store; in the back office, bottom right. */
export default function LazyToaster() {
  useEffect(() => {
    toasterMounted();
  }, []);
  // In the store, below the header, so a toast never covers the Cart and Account links it points to
  // (hovering a toast pauses it: one over the Cart link would never leave). Back-office pages keep
  // their actions (Archive…, Unpublish…, Duplicate) at the top of the page, where a toast would
  // cover them right after a save: there, toasts sit bottom right, above the save bar (which wraps
  // to two rows on a phone).
  const place = useLocation().pathname.startsWith('/admin')
    ? ({
        position: 'bottom-right',
        offset: { bottom: 88, right: 24 },
        mobileOffset: { bottom: 136, right: 12, left: 12 },
      } as const)
    : ({
        position: 'top-right',
        offset: { top: 104, right: 24 },
        mobileOffset: { top: 150, right: 12, left: 12 },
      } as const);
  return <Toaster {...place} duration={TOAST_DURATION_MS} closeButton />;
}
