import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

// Toasts without their library on the first load: the first message loads sonner and mounts its
// Toaster (root.tsx), then shows; later ones show at once. Same calls as sonner's `toast`.

type Show = (message: string, opts?: ExternalToast) => void;
let wanted = false;
const listeners = new Set<() => void>();
let mounted: () => void;
const ready = new Promise<void>((r) => { mounted = r; });

/** root.tsx renders the Toaster once this is true. */
export const useToasterWanted = () => useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, () => wanted, () => false);
/** Called by the Toaster wrapper once it is subscribed. */
export const toasterMounted = () => mounted();

function show(kind: 'message' | 'success' | 'error'): Show {
  return (message, opts) => {
    if (!wanted) { wanted = true; listeners.forEach((l) => l()); }
    void Promise.all([import('sonner'), ready]).then(([{ toast }]) => {
      if (kind === 'message') toast(message, opts);
      else toast[kind](message, opts);
    });
  };
}

export const toast = Object.assign(show('message'), { success: show('success'), error: show('error') });
