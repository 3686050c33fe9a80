// The sizes and formats a photograph is served in, and the `srcset` that offers them: shared by the
// API (which makes each file) and the pages (which ask for them). Kept free of the schema library.

/** Each size fits inside a square of this many pixels (never enlarged past the photograph itself). */
export const PHOTO_BOXES = { thumb: 160, '320': 320, small: 600, '1000': 1000, large: 1600 } as const;
export type PhotoSize = keyof typeof PHOTO_BOXES;
export const PHOTO_SIZES = Object.keys(PHOTO_BOXES) as PhotoSize[];
/** AVIF first (about half WebP's bytes at the same look), WebP for browsers without it. */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const photoUrl = (key: string, size: PhotoSize, format: PhotoFormat = 'webp') =>
  `/api/media/photo/${key}-${size}.${format}`;

/** How wide a size of a `width` × `height` photograph (as kept, ≤ 1600 px) really is. */
export function sizeWidth(size: PhotoSize, width: number, height: number): number {
  const scale = Math.min(1, PHOTO_BOXES[size] / Math.max(width, height));
  return Math.max(1, Math.round(width * scale));
}

/**
 * The `srcset` of each format: every size smaller than the photograph, then the photograph, each
 * with its true width (a browser choosing by a false width fetches the wrong file).
 */
export function photoSrcSets(key: string, width: number, height: number): Record<PhotoFormat, string> {
  const sizes = PHOTO_SIZES.filter((s) => s === 'large' || sizeWidth(s, width, height) < width);
  const set = (format: PhotoFormat) =>
    sizes.map((s) => `${photoUrl(key, s, format)} ${sizeWidth(s, width, height)}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}

/** A photograph as every answer gives it: card and page sizes, both srcsets, its words and shape. */
export function photoOf(p: { key: string; alt: string; width: number; height: number }) {
  return {
    small: photoUrl(p.key, 'small'),
    large: photoUrl(p.key, 'large'),
    srcSet: photoSrcSets(p.key, p.width, p.height),
    alt: p.alt,
    width: p.width,
    height: p.height,
  };
}
