import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { Validation } from '../../errors.ts';
import { sniffImage } from '../../image-bytes.ts';

export const AVATAR_TYPES = 'Please upload a JPEG, PNG or WebP image.';

/**
 * Re-encodes an upload as a 400×400 WebP: whatever else the file carried (metadata, trailing
 * payloads, a polyglot) does not survive. Anything sharp cannot decode is rejected.
 */
export async function processAvatar(upload: Buffer): Promise<{ key: string; webp: Buffer }> {
  if (!sniffImage(upload)) throw new Validation(AVATAR_TYPES, { avatar: AVATAR_TYPES });
  try {
    const webp = await sharp(upload, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(400, 400, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
    return { key: randomBytes(12).toString('base64url'), webp };
  } catch {
    throw new Validation('This image could not be read. Please try another file.', { avatar: AVATAR_TYPES });
  }
}
