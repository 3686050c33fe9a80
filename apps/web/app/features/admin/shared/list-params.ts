import { useSearchParams } from 'react-router';

/** The list's own query parameters from the page URL, to pass on to the API. */
export function queryFrom(request: Request, keys: readonly string[]) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of keys) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return q;
}

/**
 * Links that change some parameters of the list's URL and keep the rest; any change but the
 * page itself goes back to the first page.
 */
export function useHrefWith(base: string) {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const n = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) n.set(k, v);
      else n.delete(k);
    }
    if (!('page' in changes)) n.delete('page');
    return `${base}${n.size ? `?${n}` : ''}`;
  };
}
