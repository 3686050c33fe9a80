import { AppError } from '../../errors.ts';
import { processPhoto, type ProcessedPhoto } from '../media-store/index.ts';
import { RefusedFetch, safeFetch } from './safe-fetch.ts';

// A supplier's product image: fetched under the same rules as a feed (http(s) only, no private or
// metadata addresses before and after each redirect, capped size, time and redirects), then
// decoded and written again as the store's own WebP photographs (no metadata, no payload).

const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 15_000;
const IMAGE_REDIRECTS = 3;

export type FetchedImage =
  { ok: true; url: string; photo: ProcessedPhoto } | { ok: false; url: string; reason: string };

export async function fetchProductImage(url: string, allow: readonly string[]): Promise<FetchedImage> {
  try {
    const res = await safeFetch(url, {
      allow,
      maxBytes: IMAGE_MAX_BYTES,
      timeoutMs: IMAGE_TIMEOUT_MS,
      maxRedirects: IMAGE_REDIRECTS,
      headers: { accept: 'image/jpeg, image/png, image/webp' },
    });
    if (res.status !== 200) return { ok: false, url, reason: `the image server answered ${res.status}` };
    return { ok: true, url, photo: await processPhoto(res.body) };
  } catch (err) {
    if (err instanceof RefusedFetch) return { ok: false, url, reason: `refused: ${err.message}` };
    if (err instanceof AppError) return { ok: false, url, reason: err.message };
    return { ok: false, url, reason: `could not be fetched (${err instanceof Error ? err.message : String(err)})` };
  }
}
