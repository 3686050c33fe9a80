import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@facet/contracts/constants';
import { toasterMounted } from './toast.ts';

/** Spec §8: messages top right for 5 s. */
export default function LazyToaster() {
  useEffect(() => {
    toasterMounted();
  }, []);
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} closeButton />;
}
