import { Form, Link } from 'react-router';
import { useEffect } from 'react';
import { callApi } from '~/lib/client-api.ts';
import type { Route } from './+types/search';
import type { SearchAnswer } from '@facet/contracts/catalog';
import { apiRequest } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { Pagination } from '~/components/ui/pagination.tsx';
import { ProductCard, ProductGrid, shownCard } from '~/features/catalog/product-card.tsx';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';

const POPULAR = [
  { label: 'Halo engagement rings', href: paths.category(CATEGORY.halo) },
  { label: 'Eternity bands', href: paths.category(CATEGORY.eternity) },
  { label: 'Diamond studs', href: '/search?q=diamond%20stud%20earrings' },
  { label: 'Tennis bracelets', href: '/search?q=tennis%20bracelet' },
  { label: 'Loose diamonds', href: '/diamonds' },
  { label: 'Sapphires', href: '/notable-gemstone/sapphire' },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 120);
  const page = Math.max(1, Math.min(1000, Number(url.searchParams.get('page')) || 1));
  if (!q) return { q, result: null };
  const result = await apiRequest<SearchAnswer>(
    '/product/search-product',
    { method: 'POST', body: { data: q, type: 'all', page } },
    context.get(hostContext),
  );
  return { q, result: { ...result, products: result.products.map(shownCard) } };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.q ? `Search: ${loaderData.q}` : 'Search',
    description: 'Search Facet Fine Jewelry.',
    noindex: true,
  });

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, result } = loaderData;
  // The searches report counts a search when its first page is seen in a browser, so a page any
  // cache served counts too; only the words and whether anything was found are sent.
  const found = result && result.page === 1 ? result.count : null;
  useEffect(() => {
    if (!q || found === null) return;
    callApi('/searches/seen', { method: 'POST', body: { q, found } }).catch(() => {});
  }, [q, found]);
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-8 lg:px-8">
      <p className="eyebrow text-primary">Search</p>
      <h1 className="mt-2 text-3xl md:text-[2.75rem]">{q ? <>Results for “{q}”</> : 'Search the store'}</h1>
      {!q && (
        <Form method="get" action="/search" className="mt-6 flex max-w-xl gap-2" role="search">
          <label htmlFor="search-page-q" className="sr-only">
            Search
          </label>
          <input id="search-page-q" name="q" type="search" className="field" placeholder="Rings, chains, sapphire…" />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </Form>
      )}
      {result && result.count > 0 && (
        <>
          <p className="mt-3 text-sm text-muted" aria-live="polite">
            <strong className="font-medium text-ink">{result.count}</strong> {result.count === 1 ? 'piece' : 'pieces'}
            {result.matched === 'fuzzy' && ' — showing close matches for your spelling'}
          </p>
          <ul className="mt-5 flex flex-wrap gap-2" aria-label="Results by section">
            {result.sections.map((s) => (
              <li key={s.section} className="rounded-full border border-hairline px-3 py-1 text-xs">
                {s.section} <span className="text-muted">({s.count})</span>
              </li>
            ))}
          </ul>
          <h2 className="sr-only">Products</h2>
          <ProductGrid className="mt-8 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 xl:grid-cols-4">
            {result.products.map((p, i) => (
              <ProductCard key={p.href} card={p} eager={i < 4} />
            ))}
          </ProductGrid>
          <Pagination
            page={result.page}
            pageSize={result.pageSize}
            count={result.count}
            hrefFor={(p) => `/search?q=${encodeURIComponent(q)}${p > 1 ? `&page=${p}` : ''}`}
          />
        </>
      )}
      {(!q || (result && result.count === 0)) && (
        <div className="mt-10 max-w-2xl">
          {q && <p className="font-display text-2xl">Nothing matched “{q}”</p>}
          <p className="mt-2 text-muted">
            {q ? 'Check the spelling, use fewer words, or try one of these:' : 'Popular searches:'}
          </p>
          <ul className="mt-5 flex flex-wrap gap-2">
            {POPULAR.map((p) => (
              <li key={p.href}>
                <Link
                  to={p.href}
                  className="inline-block rounded-full border border-hairline px-4 py-1.5 text-sm hover:border-ink"
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-muted">
            Looking for something special?{' '}
            <Link to="/contact-us" className="text-primary underline">
              Ask our jewelers
            </Link>{' '}
            — we source stones and make custom pieces.
          </p>
        </div>
      )}
    </div>
  );
}
