import { Link } from 'react-router';
import type { PhotoAnswer } from '@facet/contracts/catalog';
import type { HomePage } from '@facet/contracts/home';
import { Photo } from '~/components/ui/photo.tsx';

/**
 * The first screen of the store, in the words staff gave it: what the store makes, and the ways in,
 * beside the photograph staff chose (else the drawn ring).
 */
export function Hero({ hero, photo }: { hero: HomePage['hero']; photo?: PhotoAnswer | null }) {
  return (
    <section className="bg-secondary">
      <div className="mx-auto grid max-w-site items-center gap-10 px-5 py-16 md:grid-cols-2 md:py-24 lg:px-8">
        <div>
          {hero.eyebrow && <p className="eyebrow text-primary">{hero.eyebrow}</p>}
          <h1 className="mt-4 text-4xl leading-[1.05] md:text-[3.5rem]">{hero.heading}</h1>
          {hero.text && <p className="mt-5 max-w-md text-lg text-ink/80">{hero.text}</p>}
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={hero.primary.href} className="btn-primary">
              {hero.primary.label}
            </Link>
            {hero.secondary && (
              <Link to={hero.secondary.href} className="btn-secondary">
                {hero.secondary.label}
              </Link>
            )}
          </div>
        </div>
        {photo ? (
          // One cell of the grid: the picture's sources would otherwise take cells of their own.
          <div>
            <Photo
              photo={photo}
              sizes="(min-width: 768px) 50vw, 100vw"
              fetchPriority="high"
              className="mx-auto aspect-[4/3] w-full max-w-xl object-cover"
            />
          </div>
        ) : (
          <HeroArt />
        )}
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <svg
      viewBox="0 0 400 320"
      className="mx-auto w-full max-w-md"
      role="img"
      aria-label="A solitaire ring in yellow gold"
    >
      <defs>
        <linearGradient id="hero-gold" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#b8860b" />
          <stop offset="0.5" stopColor="#f3d27a" />
          <stop offset="1" stopColor="#c9a227" />
        </linearGradient>
        <linearGradient id="hero-stone" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#c9d6e2" />
        </linearGradient>
        <radialGradient id="hero-shadow">
          <stop offset="0" stopColor="#000" stopOpacity="0.18" />
          <stop offset="1" stopColor="#000" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="200" cy="292" rx="120" ry="14" fill="url(#hero-shadow)" />
      <ellipse cx="200" cy="200" rx="110" ry="78" fill="none" stroke="url(#hero-gold)" strokeWidth="16" />
      <ellipse
        cx="200"
        cy="200"
        rx="110"
        ry="78"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.35"
        strokeWidth="3"
        transform="translate(0 -5)"
      />
      <path
        d="M180 132 L186 112 M220 132 L214 112 M193 134 L195 108 M207 134 L205 108"
        stroke="url(#hero-gold)"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path d="M160 96 L180 72 H220 L240 96 L200 140 Z" fill="url(#hero-stone)" stroke="#8ea3b5" strokeWidth="1.2" />
      <path
        d="M160 96 H240 M180 72 L190 96 L200 72 L210 96 L220 72 M190 96 L200 140 L210 96"
        fill="none"
        stroke="#8ea3b5"
        strokeWidth="0.9"
      />
      <path d="M176 86 l4 -6 l3 5" stroke="#fff" strokeWidth="2" fill="none" />
    </svg>
  );
}
