import { errorAfterReload, toast } from './toast.ts';
import { TOAST_DURATION_MS } from '@facet/contracts/constants';
import { apiRequest, ApiError } from './api.ts';
import { clearUser, getSessionId, getToken } from './session.ts';

type Init = Parameters<typeof apiRequest>[1] & { token?: string | null };

/**
 * Browser calls: the cart's session id on every request, and the signed-in user's bearer token
 * unless the caller brings another (register result, reset link).
 */
export function callApi<T>(path: string, init: Init = {}): Promise<T> {
  const token = init.token === undefined ? getToken() : init.token;
  const headers: Record<string, string> = { 'x-session-id': getSessionId(), ...init.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  return apiRequest<T>(path, { ...init, headers });
}

/**
 * The shared failure handler: log; no response → alert; 401 → forget the session and
 * reload; then the server's message as a toast, top right, for 5 s.
 */
export function reportApiError(err: unknown): void {
  console.error(err);
  const e = err instanceof ApiError ? err : new ApiError(0, err instanceof Error ? err.message : String(err));
  if (e.status === 0) window.alert(e.message);
  if (e.status === 401) {
    clearUser();
    // The reload would swallow the toast: the next page shows it ("Your session has expired…").
    errorAfterReload(e.message);
    window.location.reload();
    return;
  }
  // On our failures the shopper gets a reference that finds the log line.
  const ref = e.status >= 500 && e.requestId ? ` (reference ${e.requestId.slice(0, 8)})` : '';
  toast.error(`${e.message}${ref}`, { duration: TOAST_DURATION_MS });
}
