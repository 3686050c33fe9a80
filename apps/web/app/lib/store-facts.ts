import { useRouteLoaderData } from 'react-router';
import type { StoreFacts } from '@facet/contracts/store-facts';

/** The store's shipping, lead-time and return promises (server configuration, via the root loader). */
export function useStoreFacts(): StoreFacts {
  return (useRouteLoaderData('root') as { facts: StoreFacts }).facts;
}
