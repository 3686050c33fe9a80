import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { Validation } from '../../errors.ts';

export const AVATAR_TYPES = 'Please upload a JPEG, PNG or WebP image.';

/** Trust the bytes, not the name or the declared type. */
export function sniffImage(b: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

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
