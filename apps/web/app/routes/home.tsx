import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import type { CategoryAnswer } from '@facet/contracts/catalog';
import { apiRequest } from '~/lib/api.ts';
import { formatMoney } from '@facet/contracts/money';
import { ProductCard, ProductGrid, shownCard } from '~/features/catalog/product-card.tsx';
import { useRootData, type RootData } from '~/root.tsx';
import { navSections, type MenuSection, type NavSection } from '@facet/contracts/nav';
import { pageMeta } from '~/lib/page-meta.ts';
import { hostContext } from '~/lib/host-context.ts';
import { certifiedDiamonds } from '~/lib/store-facts.ts';
import { preloadHomeParts, useHomeParts } from '~/features/home/drawn-parts.tsx';
import { RecentlyViewed } from '~/features/catalog/recently-viewed.tsx';
import { KeptMarkup, versionOf } from '~/lib/kept-markup.tsx';
import { useRouterLinks } from '~/lib/router-links.tsx';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import type { HomeAnswer } from '@facet/contracts/home';

type StoneType = { slug: string; name: string; count: number; fromCents: number; image: string };

export async function loader({ context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  // The home page still renders when a teaser cannot load.
  const [home, featured, stones, sections] = await Promise.all([
    apiRequest<HomeAnswer>('/content/home', {}, host),
    apiRequest<CategoryAnswer>(`${paths.category(CATEGORY.engagement)}?sort=featured&pageSize=8`, {}, host)
      .then((a) => a.products.map(shownCard))
      .catch(() => []),
    apiRequest<StoneType[]>('/product/type-notable-gemstone', {}, host).catch(() => [] as StoneType[]),
    apiRequest<MenuSection[]>('/menu', {}, host).then(navSections, () => [] as NavSection[]),
  ]);
  return { canonical: `${host.publicUrl}/`, home, featured, stones, sections };
}

// The kept parts' code is never needed on a first visit here (the server's markup stays). It is
// fetched ahead for a move here from another page, so the page draws with its data and not after
// (a part that suspends the move holds the page back about 300 ms): when this module is first
// evaluated for such a move (no kept markup in the document), the module waits for it, loading
// beside the page's data; and when the shopper leaves the page, for a return. (A clientLoader would
// do the same at the cost of one more file on a first visit.)
if (typeof document !== 'undefined' && !document.querySelector('[data-kept="home-hero"]')) await preloadHomeParts();

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: 'Facet Fine Jewelry — engagement rings, diamonds and gemstones',
    description: `Engagement rings and wedding bands made to order, ${certifiedDiamonds((matches[0]?.loaderData as RootData | undefined)?.stats)} (natural and lab-grown), and notable gemstones. Fully insured shipping in the U.S.`,
    canonical: loaderData?.canonical,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, featured, stones, sections } = loaderData;
  const root = useRootData();
  const Parts = useHomeParts();
  useEffect(() => () => void preloadHomeParts(), []);
  // The kept parts' anchors (the first screen's and the tiles') move the router through one handler.
  const links = useRouterLinks();
  return (
    <div {...links.handlers}>
      {links.prefetch}
      <KeptMarkup
        id="home-hero"
        version={versionOf([home.hero, home.heroPhoto])}
        render={() => <Parts.Hero hero={home.hero} photo={home.heroPhoto} />}
      />
      <KeptMarkup
        id="home-tiles"
        version={versionOf([sections, home.tiles])}
        render={() => <Parts.CategoryTiles sections={sections} tiles={home.tiles} />}
      />
      {featured.length > 0 && (
        <section className="mx-auto max-w-site px-5 pb-16 lg:px-8" aria-labelledby="featured-rings">
          <div className="flex items-end justify-between gap-4">
            <h2 id="featured-rings" className="text-3xl">
              Featured engagement rings
            </h2>
            <Link to={paths.category(CATEGORY.engagement)} className="text-sm font-medium text-primary underline">
              Shop all rings
            </Link>
          </div>
          <ProductGrid className="mt-8 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-4">
            {featured.map((p) => (
              <ProductCard key={p.href} card={p} />
            ))}
          </ProductGrid>
        </section>
      )}
      <RecentlyViewed className="mx-auto max-w-site px-5 pb-16 lg:px-8" />
      <section className="bg-secondary" aria-labelledby="diamond-entry">
        <div className="mx-auto grid max-w-site items-center gap-8 px-5 py-14 md:grid-cols-[1fr_auto] lg:px-8">
          <div>
            <p className="eyebrow text-primary">Loose diamonds</p>
            <h2 id="diamond-entry" className="mt-2 text-3xl md:text-4xl">
              Search {certifiedDiamonds(root?.stats)}
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
      <KeptMarkup
        id="home-promises"
        version={versionOf(root?.facts ?? null)}
        render={() => <Parts.Promises facts={root?.facts} />}
      />
    </div>
  );
}
