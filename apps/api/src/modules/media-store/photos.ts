import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE } from '@facet/contracts/admin-catalogue';
import { Validation } from '../../errors.ts';
import { sniffImage } from '../../image-bytes.ts';

export const PHOTO_TYPES = 'Please upload a JPEG, PNG or WebP photograph.';
const LARGE = 1600;
const SMALL = 600;

export interface ProcessedPhoto {
  key: string;
  width: number;
  height: number;
  large: Buffer;
  small: Buffer;
}

/**
 * Decodes an upload and writes it again as two WebP files (product page ≤ 1600 px, cards ≤ 600 px),
 * turned upright by its EXIF orientation. sharp writes no metadata unless asked, so camera, GPS
 * and anything else the file carried is gone; so is any payload after the image data.
 */
export async function processPhoto(upload: Buffer): Promise<ProcessedPhoto> {
  if (!sniffImage(upload)) throw new Validation(PHOTO_TYPES, { photo: PHOTO_TYPES });
  let meta: Metadata;
  try {
    meta = await sharp(upload, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
  } catch (err) {
    throw unreadable(err);
  }
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (!w || !h) throw unreadable(null);
  if (w * h > PHOTO_MAX_PIXELS)
    throw new Validation(`This photograph is ${w} × ${h} pixels; the most we take is 40 megapixels.`, {
      photo: 'Too many pixels',
    });
  if (Math.min(w, h) < PHOTO_MIN_SIDE)
    throw new Validation(
      `This photograph is ${w} × ${h} pixels; its shorter side needs at least ${PHOTO_MIN_SIDE} pixels to look sharp.`,
      { photo: 'Too small' },
    );
  try {
    const upright = sharp(upload, { limitInputPixels: PHOTO_MAX_PIXELS }).rotate();
    const [large, small] = await Promise.all([
      upright
        .clone()
        .resize(LARGE, LARGE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 84 })
        .toBuffer({ resolveWithObject: true }),
      upright.clone().resize(SMALL, SMALL, { fit: 'inside' }).webp({ quality: 80 }).toBuffer(),
    ]);
    return {
      key: randomBytes(12).toString('base64url'),
      width: large.info.width,
      height: large.info.height,
      large: large.data,
      small,
    };
  } catch (err) {
    throw unreadable(err);
  }
}

function unreadable(err: unknown) {
  const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
  return new Validation(
    tooBig
      ? 'This photograph has more than 40 megapixels. Please export it smaller.'
      : 'This photograph could not be read. Please export it again as JPEG, PNG or WebP.',
    { photo: PHOTO_TYPES },
  );
}
