import { data } from 'react-router';
import { REQUEST_TIMEOUT_MS } from '@facet/contracts/constants';
import { MSG } from '@facet/contracts/messages';
import { API_BASE_URL } from './env.ts';
import type { HostContext } from './host-context.ts';

/** An API failure with the server's `{message, errors}`; status 0 means no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;
  /** The server's id for the request (also in its log), for the shopper to quote to us. */
  readonly requestId?: string;
  constructor(status: number, message: string, errors?: Record<string, string>, requestId?: string) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
  }
}

type Init = {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
};

function unwrap<T>(status: number, body: unknown): T {
  if (status >= 400 || status === 0) {
    const b = (body ?? {}) as { message?: string; errors?: Record<string, string>; requestId?: string };
    throw new ApiError(status, b.message ?? `Request failed (${status})`, b.errors, b.requestId);
  }
  // 204 No Content (a stored piece of an upload) has no body.
  return (body as { data: T } | null)?.data as T;
}

/**
 * The one typed API client. In the browser it uses fetch with the spec's 30 s timeout;
 * on the server it calls the API in-process through the host context.
 */
export async function apiRequest<T>(path: string, init: Init = {}, host?: HostContext): Promise<T> {
  // Forms and raw bytes (a piece of an upload) go as they are; anything else as JSON.
  const isRaw =
    (typeof FormData !== 'undefined' && init.body instanceof FormData) ||
    (typeof Blob !== 'undefined' && init.body instanceof Blob);
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  const body = init.body === undefined ? undefined : isRaw ? (init.body as BodyInit) : JSON.stringify(init.body);
  if (body !== undefined && !isRaw) headers['content-type'] = 'application/json';

  if (host) {
    const res = await host.api(path, { method: init.method, headers, body: body as string | undefined });
    // A page whose data could not be read right now says so (the host adds Retry-After); it must
    // never look like "not found", which search engines act on.
    if (res.status === 429 || res.status >= 500) {
      throw data(
        { message: (res.body as { message?: string } | null)?.message ?? 'The store is busy.' },
        { status: res.status === 429 ? 429 : 503 },
      );
    }
    return unwrap<T>(res.status, res.body);
  }

  const controller = new AbortController();
  const timeout = setTimeout(
    () => controller.abort(new ApiError(0, MSG.timeout)),
    init.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  init.signal?.addEventListener('abort', () => controller.abort(init.signal?.reason));
  try {
    const res = await fetch(`${API_BASE_URL}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    return unwrap<T>(res.status, json);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (controller.signal.aborted && controller.signal.reason instanceof ApiError) throw controller.signal.reason;
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, (err as Error)?.message || 'Network error');
  } finally {
    clearTimeout(timeout);
  }
}
