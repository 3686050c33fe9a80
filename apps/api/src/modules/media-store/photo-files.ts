import sharp from 'sharp';
import {
  PHOTO_BOXES,
  PHOTO_FORMATS,
  PHOTO_SIZES,
  type PhotoFormat,
  type PhotoSize,
} from '@facet/contracts/photo-sizes';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { MediaStore } from './store.ts';

// A photograph's files: its two WebP sizes written when it is processed (`large`, the master, and
// `small`), and every other size and format made from the master once, then kept. The feed's
// background job makes them all ahead; an uploaded photograph gets each on its first ask.

const fileName = (key: string, size: PhotoSize, format: PhotoFormat) => `photo/${key}/${size}.${format}`;
/** The file every other size is made from. */
const masterName = (key: string) => fileName(key, 'large', 'webp');

export const photoFileNames = (key: string) =>
  PHOTO_SIZES.flatMap((s) => PHOTO_FORMATS.map((f) => fileName(key, s, f)));

/** Keeps a processed photograph's master and card size (in `tx` when the store is the database). */
export async function putPhotoFiles(
  store: MediaStore,
  p: { key: string; large: Buffer; small: Buffer },
  tx?: DbOrTx,
): Promise<void> {
  await store.put(masterName(p.key), p.large, 'image/webp', tx);
  await store.put(fileName(p.key, 'small', 'webp'), p.small, 'image/webp', tx);
}

/** A photograph's files under a new key (a duplicated design gets its own photographs). */
export async function copyPhotoFiles(store: MediaStore, from: string, to: string, tx?: DbOrTx): Promise<void> {
  for (const size of ['large', 'small'] as const) {
    const file = await store.get(fileName(from, size, 'webp'));
    if (file) await store.put(fileName(to, size, 'webp'), file.bytes, file.type, tx);
  }
}

/**
 * Removes every file of these photographs (after their rows are gone): the masters first, so a
 * size being made meanwhile either finds its master gone and takes its own file back (see
 * `photoFile`), or was written before the rest are removed.
 */
export async function removePhotoFiles(store: MediaStore, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await store.remove(keys.map(masterName));
  await store.remove(keys.flatMap((k) => photoFileNames(k).filter((n) => n !== masterName(k))));
}

const QUALITY: Record<PhotoFormat, number> = { avif: 55, webp: 80 };

async function encode(master: Buffer, size: PhotoSize, format: PhotoFormat): Promise<Buffer> {
  const box = PHOTO_BOXES[size];
  const img = sharp(master).resize(box, box, { fit: 'inside', withoutEnlargement: true });
  // Effort 1 of 9: measured on a 1500 px photograph, files within 3 % of effort 3's at a third of
  // its time (0.26 s against 0.8 s for the largest size), which is what a 100,000-stone feed pays.
  return format === 'avif'
    ? img.avif({ quality: QUALITY.avif, effort: 1 }).toBuffer()
    : img.webp({ quality: QUALITY.webp }).toBuffer();
}

/**
 * One size of a photograph in one format: the kept file, or made from the master and kept. Null
 * when there is no such photograph (nothing is written for a key that names none).
 */
export async function photoFile(
  store: MediaStore,
  key: string,
  size: PhotoSize,
  format: PhotoFormat,
): Promise<Buffer | null> {
  const kept = await store.get(fileName(key, size, format));
  if (kept) return kept.bytes;
  const master = await store.get(masterName(key));
  if (!master) return null;
  const bytes = await encode(master.bytes, size, format);
  const name = fileName(key, size, format);
  await store.put(name, bytes, `image/${format}`);
  // Encoding takes a while: if the photograph was removed meanwhile, this file would outlive it.
  if (!(await store.has(masterName(key)))) {
    await store.remove([name]);
    return null;
  }
  return bytes;
}

/**
 * Makes a new photograph's other sizes after the answer is sent, stepping aside for requests, so
 * its first visitors are served kept files. If the instance stops first, the first ask of each
 * file makes it (nothing is lost but that visitor's quarter second).
 */
export function makePhotoSizesSoon(app: FastifyInstance, key: string, log: FastifyBaseLogger): Promise<void> {
  return makePhotoSizes(app.media, key, photoPace(app)).catch((err: unknown) =>
    log.warn({ err, photo: key }, 'photograph sizes not made ahead'),
  );
}

/** How long each file of a photograph waits for a busy instance to calm down. */
const PHOTO_STEP_ASIDE_MS = 3_000;
/** Background photograph work steps aside for shoppers: up to 3 s a file while the instance is busy. */
export const photoPace = (app: FastifyInstance) => () => app.foreground.quiet(PHOTO_STEP_ASIDE_MS);

/**
 * Makes every size and format not made yet (a background job's work, never a shopper's wait),
 * stepping aside between files when `pace` says the instance is busy with requests.
 */
export async function makePhotoSizes(
  store: MediaStore,
  key: string,
  pace: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  for (const size of PHOTO_SIZES)
    for (const format of PHOTO_FORMATS) {
      await pace();
      await photoFile(store, key, size, format);
    }
}
