import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

// Toasts without their library on the first load: the first message loads sonner and mounts its
// Toaster (root.tsx), then shows; later ones show at once. Same calls as sonner's `toast`.

type Show = (message: string, opts?: ExternalToast) => void;
let wanted = false;
const listeners = new Set<() => void>();
let mounted: () => void;
const ready = new Promise<void>((r) => {
  mounted = r;
});

/** root.tsx renders the Toaster once this is true. */
export const useToasterWanted = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
/** Called by the Toaster wrapper once it is subscribed. */
export const toasterMounted = () => mounted();

// Error toasts belong to the page that raised them ("Your card was declined" must not follow the
// shopper onto the confirmation page): they are dismissed when the route changes.
const errorIds = new Set<string | number>();
let nextId = 0;

function show(kind: 'message' | 'success' | 'error', pageBound = kind === 'error'): Show {
  return (message, opts) => {
    if (!wanted) {
      wanted = true;
      listeners.forEach((l) => l());
    }
    const id = opts?.id ?? (pageBound ? `error-${++nextId}` : undefined);
    if (pageBound && id !== undefined) errorIds.add(id);
    void Promise.all([import('sonner'), ready]).then(([{ toast }]) => {
      const o =
        id === undefined
          ? opts
          : { ...opts, id, onAutoClose: () => errorIds.delete(id), onDismiss: () => errorIds.delete(id) };
      if (kind === 'message') toast(message, o);
      else toast[kind](message, o);
    });
  };
}

/** Dismisses the error toasts still showing (called on every route change). */
export function dismissErrorToasts() {
  if (!errorIds.size) return;
  const ids = [...errorIds];
  errorIds.clear();
  void import('sonner').then(({ toast }) => {
    for (const id of ids) toast.dismiss(id);
  });
}

export const toast = Object.assign(show('message'), { success: show('success'), error: show('error') });

// A message that must survive a page reload (the 401 handler reloads the page): kept in session
// storage for one reload and shown by the next page as an error toast. It is not bound to that
// page: the reloaded page is often one that sends a signed-out shopper on at once (/profile → /),
// and that redirect must not take "Your session has expired" with it.
const CARRIED = 'facet-toast-after-reload';
const carriedError = show('error', false);
export function errorAfterReload(message: string) {
  try {
    window.sessionStorage.setItem(CARRIED, message);
  } catch {
    /* storage blocked: the reload still happens */
  }
}
export function showCarriedError() {
  let message: string | null;
  try {
    message = window.sessionStorage.getItem(CARRIED);
    window.sessionStorage.removeItem(CARRIED);
  } catch {
    return;
  }
  if (message) carriedError(message);
}
