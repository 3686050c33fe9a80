import { useEffect, useRef, useState } from 'react';
import { data, Link, useNavigate, useNavigation } from 'react-router';
import type { Route } from './+types/category';
import type { RootData } from '~/root.tsx';
import { freeShippingText } from '@facet/contracts/store-facts';
import { useStoreFacts } from '~/lib/store-facts.ts';
import type { CategoryAnswer } from '@facet/contracts/catalog';
import { parseFiltersParam, type CatalogFilter } from '@facet/contracts/catalog-filters';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { RouteErrorPage } from '~/features/layout/route-error.tsx';
import { formatMoney } from '@facet/contracts/money';
import { Breadcrumb, breadcrumbJsonLd } from '~/components/ui/breadcrumb.tsx';
import { SortForm } from '~/features/catalog/sort-form.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { JsonLd } from '~/components/ui/json-ld.tsx';
import { ProductCard, ProductGrid, shownCard } from '~/features/catalog/product-card.tsx';
import { ActiveFilterChips, FacetSidebar } from '~/features/catalog/facet-sidebar.tsx';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'There is no such category.' }, { status: 404 });
  const parsed = parseFiltersParam(url.searchParams.get('filters'));
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const qs = new URLSearchParams();
  for (const key of ['filters', 'sort', 'page'] as const) {
    const v = url.searchParams.get(key);
    if (v) qs.set(key, v);
  }
  try {
    const answer = await apiRequest<CategoryAnswer>(`/category/${id}?${qs}`, {}, host);
    // Ring builder: a stone chosen first travels with every setting link (?s1=…).
    const stone = /^[dg]\d{1,10}$/.test(url.searchParams.get('stone') ?? '') ? url.searchParams.get('stone') : null;
    return {
      answer: { ...answer, products: answer.products.map(shownCard) },
      filters: parsed.filters,
      sort: url.searchParams.get('sort') ?? 'featured',
      stone,
      publicUrl: host.publicUrl,
    };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) throw data({ message: e.message }, { status: e.status });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta({ title: 'Not found', noindex: true });
  const { category, count } = loaderData.answer;
  const facts = (matches[0]?.loaderData as RootData | undefined)?.facts;
  return pageMeta({
    title: loaderData.filters.length
      ? `${category.name} — ${loaderData.filters.flatMap((f) => f.options).join(', ')}`
      : (category.seoTitle ?? category.name),
    description:
      category.seoDescription ??
      `${category.description} ${count} ${count === 1 ? 'design' : 'designs'}${facts ? `, ${freeShippingText(facts)}` : ''}.`,
    canonical: `${loaderData.publicUrl}/category/${category.id}`,
  });
};

function buildHref(id: number, filters: CatalogFilter[], sort: string, page = 1, stone: string | null = null) {
  const qs = new URLSearchParams();
  if (stone) qs.set('stone', stone);
  if (filters.length) qs.set('filters', JSON.stringify(filters));
  if (sort !== 'featured') qs.set('sort', sort);
  if (page > 1) qs.set('page', String(page));
  const s = qs.toString();
  return `/category/${id}${s ? `?${s}` : ''}`;
}

/** The narrow-screen filter panel: its contents render when it is first opened, not with every page. */
function MobileFilters({ count, children }: { count: number; children: React.ReactNode }) {
  const [opened, setOpened] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  // Opened before the page was interactive: fill it now.
  useEffect(() => {
    if (ref.current?.open) setOpened(true);
  }, []);
  return (
    <details
      ref={ref}
      className="group scripts-off:hidden lg:hidden"
      onToggle={(e) => e.currentTarget.open && setOpened(true)}
    >
      <summary className="btn-secondary w-full cursor-pointer list-none">Filters{count ? ` (${count})` : ''}</summary>
      <div className="mt-5">{opened ? children : <p className="text-sm text-muted">Getting the filters ready…</p>}</div>
    </details>
  );
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { answer, filters, sort, stone, publicUrl } = loaderData;
  const { category, products, count, attributes, page, pageSize } = answer;
  const navigate = useNavigate();
  const busy = useNavigation().state === 'loading';
  const facts = useStoreFacts();
  const hrefFor = (f: CatalogFilter[]) => buildHref(category.id, f, sort, 1, stone);
  const crumbs = [
    { label: 'Home', href: '/' },
    ...category.breadcrumb.map((b) => ({ label: b.name, href: `/category/${b.id}` })),
  ];
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-6 lg:px-8">
      <JsonLd data={breadcrumbJsonLd(crumbs, publicUrl)} />
      <Breadcrumb items={crumbs} />
      {stone && (
        <p role="status" className="mt-5 border border-primary bg-secondary px-4 py-3 text-sm">
          Choosing a setting for your {stone.startsWith('d') ? 'diamond' : 'gemstone'}: every setting below fits it, and
          it will be set in the one you pick.{' '}
          <Link
            to={hrefFor(filters)
              .replace(/[?&]stone=[^&]+/, '')
              .replace(/^([^?]*)&/, '$1?')}
            className="font-medium text-primary underline"
          >
            Browse without the stone
          </Link>
        </p>
      )}
      <header className="mt-5 max-w-3xl">
        <h1 className="text-3xl md:text-[2.75rem]">{category.name}</h1>
        <p className="mt-2 text-muted">{category.description}</p>
      </header>
      {category.children.length > 0 && (
        <ul className="mt-6 flex flex-wrap gap-2" aria-label="Sub-categories">
          {category.children.map((c) => (
            <li key={c.id}>
              <Link
                to={`/category/${c.id}`}
                className="inline-block rounded-full border border-hairline px-4 py-1.5 text-sm hover:border-ink"
              >
                {c.name.replace(category.name, '').trim() || c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 grid gap-10 lg:grid-cols-[15rem_1fr]">
        <aside aria-label="Filters">
          <MobileFilters count={filters.reduce((n, f) => n + f.options.length, 0)}>
            <FacetSidebar facets={attributes} filters={filters} hrefFor={hrefFor} />
          </MobileFilters>
          {/* With scripts off, a phone shows the filters as a wide screen does (their links work without them). */}
          <div className="hidden scripts-off:block lg:block">
            <FacetSidebar facets={attributes} filters={filters} hrefFor={hrefFor} />
          </div>
        </aside>
        <section aria-labelledby="results-heading" aria-busy={busy}>
          <div className="flex flex-wrap items-center justify-between gap-4 border-b border-hairline pb-4">
            <p id="results-heading" className="text-sm text-muted" aria-live="polite">
              <strong className="font-medium text-ink" data-testid="result-count">
                {count}
              </strong>{' '}
              {count === 1 ? 'design' : 'designs'}
            </p>
            <SortForm
              sort={sort}
              filters={filters}
              onSort={(v) => navigate(buildHref(category.id, filters, v, 1, stone), { preventScrollReset: true })}
            />
          </div>
          <div className="mt-4">
            <ActiveFilterChips filters={filters} hrefFor={hrefFor} />
          </div>
          {products.length === 0 ? (
            <div className="py-20 text-center">
              <p className="font-display text-2xl">No designs match these filters</p>
              <p className="mt-2 text-muted">Remove a filter or two to see more.</p>
              <Link to={hrefFor([])} className="btn-primary mt-6">
                Clear all filters
              </Link>
            </div>
          ) : (
            <>
              <h2 className="sr-only">Products</h2>
              <ProductGrid
                className={`mt-6 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 xl:grid-cols-4 ${busy ? 'opacity-60 transition-opacity' : ''}`}
              >
                {products.map((p, i) => (
                  <ProductCard key={p.href} card={stone ? { ...p, href: `${p.href}?s1=${stone}` } : p} eager={i < 4} />
                ))}
              </ProductGrid>
            </>
          )}
          <Pagination
            page={page}
            pageSize={pageSize}
            count={count}
            hrefFor={(p) => buildHref(category.id, filters, sort, p, stone)}
          />
          {products.length > 0 && (
            <p className="mt-6 text-center text-xs text-muted">
              Prices from {formatMoney(Math.min(...products.map((p) => p.priceCents)))} on this page ·{' '}
              {freeShippingText(facts)}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFoundTitle="We could not find that collection"
      badRequestTitle="Those filters do not look right"
      links={[
        { label: 'Engagement rings', href: paths.category(CATEGORY.engagement) },
        { label: 'Home', href: '/' },
      ]}
    />
  );
}
