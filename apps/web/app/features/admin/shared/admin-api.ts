import { redirect } from 'react-router';
import { apiRequest, ApiError } from '~/lib/api.ts';

// The back office talks to /api/admin with its HttpOnly session cookie (sent by the browser on
// same-origin requests); the storefront's bearer token and visitor id are never involved.

export const adminApi = <T>(path: string, init: Parameters<typeof apiRequest>[1] = {}) =>
  apiRequest<T>(`/admin${path}`, init);

/** For clientLoaders: a lapsed session goes to the sign-in page and comes back here after it. */
export async function adminLoad<T>(path: string, request: Request): Promise<T> {
  try {
    return await adminApi<T>(path, { signal: request.signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      const here = new URL(request.url);
      throw redirect(`/admin/login?next=${encodeURIComponent(here.pathname + here.search)}`);
    }
    throw err;
  }
}

export { ApiError };
