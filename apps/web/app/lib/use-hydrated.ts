import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False while the page is server HTML (and during hydration), true once its scripts run it. */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
