import type { DbOrTx } from '../../db/client.ts';
import type { MediaStore } from './store.ts';

// A customer's photographs of a piece (one to send back, one to resize or repair): seen by staff and
// by that customer only, so never at a public address. They live in the media store with the
// store's other files (the bucket, when MEDIA_S3_URL is set), under names no public route serves.

/** Whose photographs: each area's rows (and limits) stay with its own module. */
export type PrivatePhotoArea = 'return' | 'service';
type Size = 'small' | 'large';

/** Every name of a private photograph starts so (the start-up move and the copy find them by it). */
export const PRIVATE_PREFIX = 'private/';
/**
 * Files that migrations moved out of their rows into the database's files (private photographs,
 * customers' avatars, shipping labels): a store on a bucket moves them on at start-up.
 */
export const MIGRATED_PREFIXES = [PRIVATE_PREFIX, 'avatar/', 'label/'] as const;
const fileName = (area: PrivatePhotoArea, key: string, size: Size) => `${PRIVATE_PREFIX}${area}/${key}/${size}.webp`;

/** The address form of one size, `<key>-small.webp`: what the staff and customer pages ask for. */
const FILE = /^([A-Za-z0-9_-]{16})-(small|large)\.webp$/;

/** Keeps both sizes of a processed photograph (in `tx` when the store is the database). */
export async function putPrivatePhoto(
  store: MediaStore,
  area: PrivatePhotoArea,
  photo: { key: string; large: Buffer; small: Buffer },
  tx?: DbOrTx,
): Promise<void> {
  await store.put(fileName(area, photo.key, 'large'), photo.large, 'image/webp', tx);
  await store.put(fileName(area, photo.key, 'small'), photo.small, 'image/webp', tx);
}

/**
 * Keeps a photograph for the row `keepRow` writes: the files first, then the row (a bucket cannot
 * join the transaction). If the row is refused or its transaction fails, the files go again, so
 * nothing is left that no row names.
 */
export async function withPrivatePhoto<T>(
  store: MediaStore,
  area: PrivatePhotoArea,
  photo: { key: string; large: Buffer; small: Buffer },
  keepRow: (put: (tx: DbOrTx) => Promise<void>) => Promise<T>,
): Promise<T> {
  try {
    return await keepRow((tx) => putPrivatePhoto(store, area, photo, tx));
  } catch (e) {
    await removePrivatePhotos(store, area, [photo.key]).catch(() => {});
    throw e;
  }
}

/**
 * One size of a photograph by its address form (`<key>-large.webp`), if `owns(key)` says the
 * asker's return or ticket has it; null otherwise.
 */
export async function privatePhoto(
  store: MediaStore,
  area: PrivatePhotoArea,
  file: string,
  owns: (key: string) => Promise<boolean>,
): Promise<Buffer | null> {
  const m = FILE.exec(file);
  if (!m || !(await owns(m[1]!))) return null;
  return (await store.get(fileName(area, m[1]!, m[2] as Size)))?.bytes ?? null;
}

export async function removePrivatePhotos(store: MediaStore, area: PrivatePhotoArea, keys: readonly string[]) {
  await store.remove(keys.flatMap((k) => (['large', 'small'] as const).map((s) => fileName(area, k, s))));
}

/**
 * Files under `prefix` that are in `from` (the database) and belong in `to` (the bucket): copied,
 * then removed from `from`. A migration can only write to the database, so photographs it moved
 * out of their rows reach the bucket here, at start-up; run again, it finds nothing.
 */
export async function moveMedia(from: MediaStore, to: MediaStore, prefix: string): Promise<number> {
  let moved = 0;
  for (;;) {
    const names = (await from.list(prefix, 100)).filter((n) => n.startsWith(prefix));
    if (!names.length) return moved;
    for (const name of names) {
      const file = await from.get(name);
      if (file) await to.put(name, file.bytes, file.type);
    }
    await from.remove(names);
    moved += names.length;
  }
}
