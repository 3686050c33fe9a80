import { useState } from 'react';
import type { DesignPhoto, PhotoAnswer } from '@facet/contracts/catalog';
import { metalName } from '@facet/contracts/metals';
import { PhotoOrDrawing } from '~/components/ui/photo.tsx';
import { photosFor } from './photos-for.ts';

interface Shot {
  id: string;
  /** A photograph (every size and format), or the drawn art's one address. */
  photo?: PhotoAnswer;
  src: string;
  alt: string;
}

/**
 * Main image with hover zoom and thumbnails: staff photographs first (the chosen metal's before
 * the rest), then the drawn art of each metal. The page opens on the first photograph of the
 * chosen metal or of any metal (else the metal's art); choosing another metal shows its first
 * photograph, else its art.
 */
export function Gallery({
  images,
  photos = [],
  active,
  title,
}: {
  images: Array<{ metal: string; FullUrl: string }>;
  photos?: DesignPhoto[];
  active: string;
  title: string;
}) {
  const ordered = photosFor(photos, active);
  const shots: Shot[] = [
    ...ordered.map((p) => ({ id: `photo:${p.large}`, photo: p, src: p.large, alt: p.alt || title })),
    ...images.map((img) => ({
      id: `metal:${img.metal}`,
      src: img.FullUrl,
      alt: `${title} in ${metalName(img.metal)}`,
    })),
  ];
  const [opened] = useState(active);
  const [picked, setPicked] = useState<{ id: string; metal: string } | null>(null);
  const first = ordered[0];
  const leadPhoto =
    first && (first.metal === active || (first.metal === null && active === opened)) ? first : undefined;
  const lead = leadPhoto ? `photo:${leadPhoto.large}` : `metal:${active}`;
  const id = picked && picked.metal === active ? picked.id : lead;
  const current = shots.find((s) => s.id === id) ?? shots[0];
  const [origin, setOrigin] = useState<string | null>(null);
  if (!current) return null;
  return (
    <div className="flex w-full min-w-0 flex-col-reverse gap-3 self-start md:flex-row md:items-start lg:sticky lg:top-28">
      {shots.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto md:flex-col" aria-label="Images">
          {shots.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => setPicked({ id: s.id, metal: active })}
                aria-pressed={s.id === current.id}
                className={`block h-16 w-16 overflow-hidden border ${s.id === current.id ? 'border-ink' : 'border-hairline hover:border-muted'}`}
              >
                <PhotoOrDrawing
                  photo={s.photo}
                  drawing={s.src}
                  size={64}
                  alt={s.alt}
                  sizes="4rem"
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div
        className="relative aspect-square flex-1 cursor-zoom-in overflow-hidden bg-panel"
        onMouseMove={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          setOrigin(`${((e.clientX - r.left) / r.width) * 100}% ${((e.clientY - r.top) / r.height) * 100}%`);
        }}
        onMouseLeave={() => setOrigin(null)}
      >
        <PhotoOrDrawing
          photo={current.photo}
          drawing={current.src}
          size={800}
          alt={current.photo ? current.alt : title}
          // Wide screens zoom it 1.9× under the pointer: they get the size that stays sharp zoomed.
          sizes="(min-width: 1024px) 76rem, 100vw"
          fetchPriority="high"
          className="h-full w-full object-contain transition-transform duration-150"
          style={origin ? { transform: 'scale(1.9)', transformOrigin: origin } : undefined}
        />
      </div>
    </div>
  );
}
