import { z } from 'zod';
import { emailField } from './account.ts';
import { diamondQuery, type DiamondQuery } from './catalog.ts';
import type { SearchFilters } from './saved-search-filters.ts';

// A saved diamond search keeps the /diamonds page's own filters (the same names and meanings), so
// "what matches" is one definition: the diamond search's.

export * from './saved-search-filters.ts';

export const SAVED_SEARCH_MAX = 20;
export const SAVED_SEARCH_FULL = `You can keep up to ${SAVED_SEARCH_MAX} saved searches. Delete one to save another.`;

/** The filters as the diamond search reads them (throws on a bad value, as the search answers 400). */
export const parseFilters = (f: SearchFilters): DiamondQuery => diamondQuery.parse(f);

const query = z.string().max(2000, 'This search has too many filters to save.');
export const saveSearchBody = z
  .object({
    /** The /diamonds query string. */
    query,
    /** A guest's address for the alerts (confirmed by e-mail before any is sent). */
    email: emailField.optional(),
  })
  .strict();
export const updateSearchBody = z
  .object({ query: query.optional(), status: z.enum(['active', 'paused']).optional() })
  .strict()
  .refine((b) => b.query !== undefined || b.status !== undefined, 'Send the new filters or the new state.');

export const savedSearchSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Its filters as a /diamonds query string. */
  query: z.string(),
  status: z.enum(['pending', 'active', 'paused']),
  createdAt: z.string(),
  lastDigestAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const searchIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const confirmSearchBody = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.') })
  .strict();
/** An alert e-mail's unsubscribe link: the search and a signature only the store can make. */
export const unsubscribeBody = z
  .object({
    id: z.number().int().positive().max(2_147_483_647),
    sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.'),
  })
  .strict();
