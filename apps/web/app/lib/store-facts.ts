import { useRouteLoaderData } from 'react-router';
import type { StoreFacts } from '@facet/contracts/store-facts';
import type { CatalogueStats } from '@facet/contracts/catalog';

/** The store's shipping, lead-time and return promises (server configuration, via the root loader). */
export function useStoreFacts(): StoreFacts {
  return (useRouteLoaderData('root') as { facts: StoreFacts }).facts;
}

/** "10,000+ certified diamonds" from the live count (root loader), or no number when it is unknown. */
export const certifiedDiamonds = (stats: CatalogueStats | null | undefined) =>
  stats && stats.diamonds !== '0' ? `${stats.diamonds} certified diamonds` : 'certified diamonds';

export function useCertifiedDiamonds(): string {
  return certifiedDiamonds((useRouteLoaderData('root') as { stats?: CatalogueStats | null } | undefined)?.stats);
}
