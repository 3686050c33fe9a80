import { redirect } from 'react-router';
import {
  adminPath,
  type AdminAnswer,
  type AdminBody,
  type AdminOp,
  type AdminParams,
  type AdminQuery,
} from '@facet/contracts/admin-api';
import { apiRequest, ApiError } from '~/lib/api.ts';

// The back office talks to /api/admin with its HttpOnly session cookie (sent by the browser on
// same-origin requests); the storefront's bearer token and visitor id are never involved. Every
// call names its operation in the contracts' table, which types its parameters, body and answer.

type Options<K extends AdminOp> = {
  /** A JSON body as the operation takes it, or a form / raw bytes for an upload. */
  body?: AdminBody<K> | FormData | Blob;
  /** The query: typed, or passed on from the page's own address. */
  query?: AdminQuery<K> | URLSearchParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
} & (keyof AdminParams<K> extends never ? { params?: undefined } : { params: AdminParams<K> });
type Rest<K extends AdminOp> = keyof AdminParams<K> extends never ? [options?: Options<K>] : [options: Options<K>];

function urlOf<K extends AdminOp>(key: K, o: Options<K> | undefined) {
  const path = adminPath(key, (o?.params ?? {}) as AdminParams<K>);
  const q =
    o?.query instanceof URLSearchParams
      ? o.query
      : new URLSearchParams(
          Object.entries((o?.query ?? {}) as Record<string, unknown>)
            .filter(([, v]) => v !== undefined && v !== '')
            .map(([k, v]) => [k, String(v)]),
        );
  return `/admin${path}${q.size ? `?${q}` : ''}`;
}

export function adminApi<K extends AdminOp>(key: K, ...[o]: Rest<K>): Promise<AdminAnswer<K>> {
  return apiRequest<AdminAnswer<K>>(urlOf(key, o), {
    method: key.slice(0, key.indexOf(' ')),
    body: o?.body,
    headers: o?.headers,
    signal: o?.signal,
    timeoutMs: o?.timeoutMs,
  });
}

/** For clientLoaders: a lapsed session goes to the sign-in page and comes back here after it. */
export async function adminLoad<K extends AdminOp>(request: Request, key: K, ...[o]: Rest<K>): Promise<AdminAnswer<K>> {
  try {
    return await adminApi(key, ...([{ ...o, signal: request.signal }] as Rest<K>));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      const here = new URL(request.url);
      throw redirect(`/admin/login?next=${encodeURIComponent(here.pathname + here.search)}`);
    }
    throw err;
  }
}

export { ApiError };
