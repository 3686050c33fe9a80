import type { ImgHTMLAttributes } from 'react';
import type { PhotoAnswer } from '@facet/contracts/catalog';

/**
 * A photograph in the size and format the browser wants: AVIF where it can show it, WebP otherwise,
 * each offered at every width kept (true widths: see photo-sizes.ts). `sizes` says how wide it is
 * drawn, so a phone fetches a fraction of what a wide screen does.
 */
export function Photo({
  photo,
  sizes,
  alt = photo.alt,
  ...img
}: { photo: PhotoAnswer; sizes: string; alt?: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'
>) {
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={photo.srcSet.avif} sizes={sizes} />
      <img
        {...img}
        src={photo.large}
        srcSet={photo.srcSet.webp}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
      />
    </picture>
  );
}

/** The photograph when there is one, else the drawing at `drawing` (a square of `size` px). */
export function PhotoOrDrawing({
  photo,
  drawing,
  size,
  sizes,
  alt,
  ...img
}: { photo: PhotoAnswer | null | undefined; drawing: string; size: number; sizes: string; alt: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'
>) {
  return photo ? (
    <Photo photo={photo} sizes={sizes} alt={alt} {...img} />
  ) : (
    <img src={drawing} alt={alt} width={size} height={size} {...img} />
  );
}
