import { lazy, Suspense, useState } from 'react';
import type { DiamondDetail } from '@facet/contracts/catalog';
import { Photo } from '~/components/ui/photo.tsx';
import { StoneVideo } from './stone-video.tsx';

const PhotoZoom = lazy(() => import('~/components/ui/photo-zoom.tsx'));

/**
 * A stone's pictures: its photograph (opened larger on a click), its 360° video when it has one
 * from a host the store lists, its other photographs; the drawing when it has no photograph.
 */
export function StoneMedia({
  photos,
  video,
  drawing,
  title,
}: {
  photos: DiamondDetail['photos'];
  video: DiamondDetail['video'];
  drawing: string;
  title: string;
}) {
  const [view, setView] = useState<'photo' | 'video'>('photo');
  const [zoomed, setZoomed] = useState<number | null>(null);
  const photo = photos[0];
  return (
    <div>
      <div className="relative aspect-square bg-panel">
        {view === 'video' && video ? (
          <StoneVideo video={video} title={title} poster={photo?.large} />
        ) : photo ? (
          <button
            type="button"
            className="block h-full w-full cursor-zoom-in"
            onClick={() => setZoomed(0)}
            aria-label={`Enlarge the photograph of the ${title}`}
          >
            <Photo
              photo={photo}
              sizes="(min-width: 1024px) 36rem, 100vw"
              fetchPriority="high"
              className="h-full w-full object-contain"
            />
          </button>
        ) : (
          <img src={drawing} alt={title} width={600} height={600} fetchPriority="high" className="h-full w-full" />
        )}
      </div>
      {video && (
        <div className="mt-3 flex gap-2" role="group" aria-label="Show">
          {(['photo', 'video'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`border px-3 py-1.5 text-sm ${view === v ? 'border-ink bg-ink text-white' : 'border-hairline'}`}
            >
              {v === 'photo' ? (photo ? 'Photograph' : 'Drawing') : '360° video'}
            </button>
          ))}
        </div>
      )}
      {photos.length > 1 && (
        <ul className="mt-3 grid grid-cols-6 gap-2" aria-label="More photographs">
          {photos.slice(1).map((p, i) => (
            <li key={p.small} className="aspect-square bg-panel">
              <button
                type="button"
                className="h-full w-full cursor-zoom-in"
                onClick={() => setZoomed(i + 1)}
                aria-label={`Enlarge photograph ${i + 2}`}
              >
                <Photo photo={p} sizes="6rem" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed !== null && photos[zoomed] && (
        <Suspense fallback={null}>
          <PhotoZoom photo={photos[zoomed]} title={title} onClose={() => setZoomed(null)} />
        </Suspense>
      )}
    </div>
  );
}
