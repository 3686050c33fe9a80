import { Suspense, useState } from 'react';
import { Link, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/diamonds';
import type { DiamondAnswer, DiamondSummary } from '@facet/contracts/catalog';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { pageMeta } from '~/lib/page-meta.ts';
import { Pagination } from '~/components/ui/pagination.tsx';
import { DiamondFilters } from '~/features/catalog/diamond-filters.tsx';
import { COMPARE_MAX, DiamondTable, NoDiamonds, OriginSwitch } from '~/features/catalog/diamond-table.tsx';
import { safeReturnTo, withCenterStone } from '~/features/configurator/settings-for.ts';
import { SaveSearch } from '~/features/catalog/save-search.tsx';
import { FILTER_KEYS } from '@facet/contracts/saved-search-filters';

// Comparing is occasional: its dialog loads when first opened.
const CompareDialog = lazyPart(() => import('~/features/catalog/compare-dialog.tsx'), 'The comparison');

// The search's filters (those a saved search keeps, and pictures), then its order and page.
const PASS = [...FILTER_KEYS, 'media', 'sort', 'page'];
export async function loader({ url, context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const qs = new URLSearchParams();
  for (const k of PASS) {
    const v = url.searchParams.get(k);
    if (v) qs.set(k, v);
  }
  try {
    return {
      answer: await apiRequest<DiamondAnswer>(`/diamond?${qs}`, {}, host),
      error: null as string | null,
      publicUrl: host.publicUrl,
    };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) {
      // A hand-edited URL with a bad range still shows the search, with the reason and everything else reset.
      return {
        answer: await apiRequest<DiamondAnswer>('/diamond', {}, host),
        error: e.message,
        publicUrl: host.publicUrl,
      };
    }
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const lab = new URLSearchParams(location.search).get('origin') === 'lab';
  return pageMeta({
    title: lab ? 'Lab-grown diamonds' : 'Loose diamonds',
    description: `Search ${loaderData?.answer.count.toLocaleString() ?? 'thousands of'} certified ${lab ? 'lab-grown' : 'natural and lab-grown'} diamonds by shape, carat, color, clarity, cut and price.`,
    canonical: `${loaderData?.publicUrl ?? ''}/diamonds${lab ? '?origin=lab' : ''}`,
  });
};

export default function Diamonds({ loaderData }: Route.ComponentProps) {
  const { answer, error } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'loading';
  const [compare, setCompare] = useState<DiamondSummary[]>([]);
  const [compareOpen, setCompareOpen] = useState(false);
  // Ring builder: arrived from a setting to pick its center stone.
  const returnTo = safeReturnTo(params.get('returnTo'));

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    navigate(`/diamonds?${next}`, { replace: true, preventScrollReset: true });
  };
  const origin = params.get('origin');
  const sort = params.get('sort') ?? 'price-asc';
  const toggleCompare = (d: DiamondSummary) =>
    setCompare((c) =>
      c.some((x) => x.id === d.id) ? c.filter((x) => x.id !== d.id) : c.length >= COMPARE_MAX ? c : [...c, d],
    );

  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-8 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow text-primary">Loose diamonds</p>
          <h1 className="mt-2 text-3xl md:text-[2.75rem]">
            {origin === 'lab' ? 'Lab-grown diamonds' : origin === 'natural' ? 'Natural diamonds' : 'Find your diamond'}
          </h1>
          <p className="mt-2 max-w-2xl text-muted">
            Every stone is one of a kind and graded by an independent laboratory.{' '}
            <Link to="/blog/the-4cs-of-diamonds" className="text-primary underline">
              Learn the 4Cs
            </Link>
            .
          </p>
        </div>
        <OriginSwitch origin={origin} onChange={(v) => set({ origin: v, priceMin: null, priceMax: null })} />
      </header>
      {returnTo && (
        <p role="status" className="mt-4 border border-primary bg-secondary px-4 py-3 text-sm">
          Choosing the center stone for your setting: these diamonds fit it.{' '}
          <Link to={returnTo} className="font-medium text-primary underline">
            Back to the setting
          </Link>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 border border-danger/30 bg-[#fbeeee] px-4 py-3 text-sm text-danger">
          {error} The search was reset.
        </p>
      )}

      <DiamondFilters answer={answer} params={params} set={set} />

      {/* Below the filters on a phone: laid out as it nears the viewport, not in the page's first work. */}
      <section
        className="mt-10 [contain-intrinsic-size:auto_760px] [content-visibility:auto]"
        aria-labelledby="diamond-results"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-hairline pb-3">
          <p id="diamond-results" className="text-sm text-muted" aria-live="polite">
            <strong className="font-medium text-ink" data-testid="result-count">
              {answer.count.toLocaleString()}
            </strong>{' '}
            diamonds
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {!returnTo && <SaveSearch params={params} />}
            {compare.length > 0 && (
              <button type="button" className="btn-primary py-2" onClick={() => setCompareOpen(true)}>
                Compare ({compare.length})
              </button>
            )}
            <Link to="/diamonds" className="text-sm text-primary underline">
              Reset filters
            </Link>
          </div>
        </div>
        {answer.diamonds.length === 0 ? (
          <NoDiamonds />
        ) : (
          <DiamondTable
            diamonds={answer.diamonds}
            sort={sort}
            onSort={(asc, desc) => set({ sort: sort === asc ? desc : asc })}
            compare={compare}
            onToggleCompare={toggleCompare}
            chooseHref={returnTo ? (d) => withCenterStone(returnTo, `d${d.id}`) : null}
            busy={busy}
          />
        )}
        <Pagination
          page={answer.page}
          pageSize={answer.pageSize}
          count={answer.count}
          hrefFor={(p) => {
            const n = new URLSearchParams(params);
            if (p > 1) n.set('page', String(p));
            else n.delete('page');
            return `/diamonds?${n}`;
          }}
        />
      </section>

      {compareOpen && (
        <Suspense fallback={null}>
          <CompareDialog compare={compare} onClose={() => setCompareOpen(false)} onRemove={toggleCompare} />
        </Suspense>
      )}
    </div>
  );
}
