import { useState } from 'react';

/** Main image with hover zoom and one thumbnail per metal; the chosen metal leads. */
export function Gallery({
  images,
  active,
  title,
}: {
  images: Array<{ metal: string; FullUrl: string }>;
  active: string;
  title: string;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const current = images.find((i) => i.metal === (picked ?? active)) ?? images[0];
  const [origin, setOrigin] = useState<string | null>(null);
  if (!current) return null;
  return (
    <div className="flex w-full min-w-0 flex-col-reverse gap-3 self-start md:flex-row md:items-start lg:sticky lg:top-28">
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto md:flex-col" aria-label="Images">
          {images.map((img) => (
            <li key={img.metal}>
              <button
                type="button"
                onClick={() => setPicked(img.metal)}
                aria-pressed={img.metal === current.metal}
                className={`block h-16 w-16 overflow-hidden border ${img.metal === current.metal ? 'border-ink' : 'border-hairline hover:border-muted'}`}
              >
                <img
                  src={img.FullUrl}
                  alt={`${title} in ${img.metal}`}
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-full w-full"
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
        <img
          src={current.FullUrl}
          alt={title}
          width={800}
          height={800}
          fetchPriority="high"
          className="h-full w-full transition-transform duration-150"
          style={origin ? { transform: 'scale(1.9)', transformOrigin: origin } : undefined}
        />
      </div>
    </div>
  );
}
