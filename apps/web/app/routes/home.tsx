import { paths } from '@facet/contracts/paths';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import type { CategoryAnswer } from '@facet/contracts/catalog';
import { apiRequest } from '~/lib/api.ts';
import { formatMoney } from '@facet/contracts/money';
import { ProductCard } from '~/features/catalog/product-card.tsx';
import { useRootData } from '~/root.tsx';
import { pageMeta } from '~/lib/page-meta.ts';
import { hostContext } from '~/lib/host-context.ts';

type StoneType = { slug: string; name: string; count: number; fromCents: number; image: string };

export async function loader({ context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  // The home page still renders when a teaser cannot load.
  const [featured, stones] = await Promise.all([
    apiRequest<CategoryAnswer>('/category/1100?sort=featured&pageSize=8', {}, host)
      .then((a) => a.products)
      .catch(() => []),
    apiRequest<StoneType[]>('/product/type-notable-gemstone', {}, host).catch(() => [] as StoneType[]),
  ]);
  return { canonical: `${host.publicUrl}/`, featured, stones };
}

const art = paths.itemArt;
const SECTION_ART: Record<string, string> = {
  'engagement-rings': art({
    kind: 'ring',
    style: 'halo',
    metal: '14KY',
    shape: 'oval',
    stone: 'diamond',
    title: 'Engagement rings',
  }),
  'wedding-bands': art({
    kind: 'band',
    style: 'eternity',
    metal: 'PLAT',
    shape: 'round',
    stone: 'diamond',
    title: 'Wedding bands',
  }),
  'chain-and-cords': art({ kind: 'chain', style: 'rope', metal: '14KY', title: 'Chains' }),
  jewelry: art({
    kind: 'earring',
    style: 'earring',
    metal: '14KW',
    shape: 'round',
    stone: 'diamond',
    title: 'Jewelry',
  }),
  mountings: art({
    kind: 'ring',
    style: 'solitaire',
    metal: '14KW',
    shape: 'cushion',
    stone: 'diamond',
    title: 'Mountings',
  }),
  findings: art({ kind: 'finding', style: 'clasp', metal: '14KY', title: 'Findings' }),
  diamonds: art({ kind: 'stone', shape: 'round', stone: 'diamond', title: 'Diamonds' }),
  'lab-grown-diamonds': art({ kind: 'stone', shape: 'emerald', stone: 'diamond', title: 'Lab-grown diamonds' }),
  gemstones: art({ kind: 'stone', shape: 'oval', stone: 'sapphire', title: 'Gemstones' }),
};

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Facet Fine Jewelry — engagement rings, diamonds and gemstones',
    description:
      'Engagement rings and wedding bands made to order, 10,000+ certified natural and lab-grown diamonds, and notable gemstones. Fully insured shipping in the U.S.',
    canonical: loaderData?.canonical,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, stones } = loaderData;
  const root = useRootData();
  const sections = root?.menu ?? [];
  return (
    <>
      <section className="bg-secondary">
        <div className="mx-auto grid max-w-site items-center gap-10 px-5 py-16 md:grid-cols-2 md:py-24 lg:px-8">
          <div>
            <p className="eyebrow text-primary">Made to order in New York</p>
            <h1 className="mt-4 text-4xl leading-[1.05] md:text-[3.5rem]">Rings made for the rest of your life</h1>
            <p className="mt-5 max-w-md text-lg text-ink/80">
              Choose a setting, a metal and a certified diamond. We cast, set and polish it by hand, and ship it insured
              to your door.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/category/1100" className="btn-primary">
                Shop engagement rings
              </Link>
              <Link to="/diamonds" className="btn-secondary">
                Search diamonds
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>
      <section className="mx-auto max-w-site px-5 py-16 lg:px-8" aria-labelledby="shop-by-category">
        <h2 id="shop-by-category" className="text-center text-3xl">
          Shop by category
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-9">
          {sections.map((s) => {
            const first = s.groups[0]?.items[0];
            return (
              <li key={s.slug}>
                <Link to={first?.href ?? '/'} className="group flex h-full flex-col items-center text-center">
                  <span className="block aspect-square w-full overflow-hidden bg-panel">
                    {SECTION_ART[s.slug] && (
                      <img
                        src={SECTION_ART[s.slug]}
                        alt=""
                        width={200}
                        height={200}
                        loading="lazy"
                        className="h-full w-full transition-transform duration-200 group-hover:scale-105"
                      />
                    )}
                  </span>
                  <span className="eyebrow mt-3 text-ink group-hover:text-primary">{s.title}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      {featured.length > 0 && (
        <section className="mx-auto max-w-site px-5 pb-16 lg:px-8" aria-labelledby="featured-rings">
          <div className="flex items-end justify-between gap-4">
            <h2 id="featured-rings" className="text-3xl">
              Featured engagement rings
            </h2>
            <Link to="/category/1100" className="text-sm font-medium text-primary underline">
              Shop all rings
            </Link>
          </div>
          <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-4">
            {featured.map((p) => (
              <ProductCard key={p.groupId} card={p} />
            ))}
          </ul>
        </section>
      )}
      <section className="bg-secondary" aria-labelledby="diamond-entry">
        <div className="mx-auto grid max-w-site items-center gap-8 px-5 py-14 md:grid-cols-[1fr_auto] lg:px-8">
          <div>
            <p className="eyebrow text-primary">Loose diamonds</p>
            <h2 id="diamond-entry" className="mt-2 text-3xl md:text-4xl">
              Search more than 10,000 certified diamonds
            </h2>
            <p className="mt-3 max-w-xl text-ink/80">
              Filter by shape, carat, color, clarity, cut and price; compare up to four side by side. Natural or
              lab-grown.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/diamonds?origin=natural" className="btn-primary">
              Natural diamonds
            </Link>
            <Link to="/diamonds?origin=lab" className="btn-secondary">
              Lab-grown diamonds
            </Link>
          </div>
        </div>
      </section>
      {stones.length > 0 && (
        <section className="mx-auto max-w-site px-5 py-16 lg:px-8" aria-labelledby="gem-teaser">
          <div className="flex items-end justify-between gap-4">
            <h2 id="gem-teaser" className="text-3xl">
              Notable gemstones
            </h2>
            <Link to="/notable-gemstones/shop-by-stone-type" className="text-sm font-medium text-primary underline">
              Every stone type
            </Link>
          </div>
          <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
            {stones.slice(0, 4).map((t) => (
              <li key={t.slug}>
                <Link to={`/notable-gemstone/${t.slug}`} className="group block">
                  <span className="block aspect-square bg-panel">
                    <img src={t.image} alt="" width={300} height={300} loading="lazy" className="h-full w-full" />
                  </span>
                  <span className="mt-3 block font-display text-xl group-hover:text-primary">{t.name}</span>
                  <span className="text-xs text-muted">
                    {t.count} stones · from {formatMoney(t.fromCents)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="border-y border-hairline bg-panel">
        <ul className="mx-auto grid max-w-site gap-8 px-5 py-10 text-center text-sm md:grid-cols-3 lg:px-8">
          <li>
            <p className="font-display text-xl">Fully insured shipping</p>
            <p className="mt-1 text-muted">Signature on delivery, discreet packaging.</p>
          </li>
          <li>
            <p className="font-display text-xl">{root?.facts.returnDays}-day returns</p>
            <p className="mt-1 text-muted">
              Full refund on unworn pieces; {root?.facts.madeToOrderRestockingPercent}% restocking fee on rings made to
              order.
            </p>
          </li>
          <li>
            <p className="font-display text-xl">Certified stones</p>
            <p className="mt-1 text-muted">GIA, IGI and AGTA reports with every stone.</p>
          </li>
        </ul>
      </section>
    </>
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
