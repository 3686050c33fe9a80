import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@facet/contracts/constants';
import { toasterMounted } from './toast.ts';

/** Messages top right for 5 s. */
export default function LazyToaster() {
  useEffect(() => {
    toasterMounted();
  }, []);
  // Below the store header, so a toast never covers the Cart and Account links it points to
  // (hovering a toast pauses it: one over the Cart link would never leave).
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      closeButton
      offset={{ top: 104, right: 24 }}
      mobileOffset={{ top: 150, right: 12, left: 12 }}
    />
  );
}
