import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCE, SHAPES } from '@facet/contracts/grades';
import { Suspense, useMemo, useState } from 'react';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { Link, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { Route } from './+types/diamonds';
import type { DiamondAnswer, DiamondSummary } from '@facet/contracts/catalog';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { formatMoney } from '~/lib/money.ts';
import { Pagination } from '~/components/ui/pagination.tsx';
import { Histogram, RangeFilter } from '~/features/catalog/range-filter.tsx';
import { safeReturnTo, withCenterStone } from '~/features/configurator/settings-for.ts';

// Comparing is occasional: its dialog loads when first opened.
const CompareDialog = lazyPart(() => import('~/features/catalog/compare-dialog.tsx'), 'The comparison');

const PASS = [
  'origin',
  'shape',
  'caratMin',
  'caratMax',
  'colorMin',
  'colorMax',
  'clarityMin',
  'clarityMax',
  'cutMin',
  'cutMax',
  'priceMin',
  'priceMax',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'depthMin',
  'depthMax',
  'tableMin',
  'tableMax',
  'lwMin',
  'lwMax',
  'sort',
  'page',
];
const shapeIcon = (s: string) => `/api/media/item.svg?k=stone&sh=${s.toLowerCase()}&st=diamond&t=${s}&v=2`;

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
  const num = (k: string, d: number) => (params.get(k) !== null && params.get(k) !== '' ? Number(params.get(k)) : d);
  const shapes = (params.get('shape') ?? '').split(',').filter(Boolean);
  const origin = params.get('origin');
  const sort = params.get('sort') ?? 'price-asc';
  const { bounds } = answer;
  const lo = Math.floor(bounds.priceMinCents / 100),
    hi = Math.ceil(bounds.priceMaxCents / 100);
  const toPos = (price: number) =>
    Math.round((Math.log(Math.max(lo, Math.min(hi, price)) / lo) / Math.log(hi / lo)) * 100);
  const toPrice = (pos: number) => Math.round(lo * Math.pow(hi / lo, pos / 100));
  const priceFrom = num('priceMin', lo),
    priceTo = num('priceMax', hi);
  const shapeCounts = useMemo(() => new Map(answer.shapes.map((s) => [s.value, s.count])), [answer.shapes]);
  const toggleCompare = (d: DiamondSummary) =>
    setCompare((c) => (c.some((x) => x.id === d.id) ? c.filter((x) => x.id !== d.id) : c.length >= 4 ? c : [...c, d]));
  const sortBy = (asc: string, desc: string) => set({ sort: sort === asc ? desc : asc });
  const head = { sort, onSort: sortBy };

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
        <div
          role="radiogroup"
          aria-label="Diamond origin"
          className="inline-flex rounded-sm border border-hairline p-1"
        >
          {[
            ['', 'All'],
            ['natural', 'Natural'],
            ['lab', 'Lab-grown'],
          ].map(([v, label]) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={(origin ?? '') === v}
              onClick={() => set({ origin: v || null, priceMin: null, priceMax: null })}
              className={`rounded-[2px] px-4 py-2 text-sm ${(origin ?? '') === v ? 'bg-primary text-white' : 'hover:bg-panel'}`}
            >
              {label}
            </button>
          ))}
        </div>
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

      <fieldset className="mt-8">
        <legend className="eyebrow">Shape</legend>
        <ul className="mt-3 grid grid-cols-5 gap-2 md:grid-cols-10">
          {SHAPES.map((s) => {
            const on = shapes.includes(s);
            return (
              <li key={s}>
                <button
                  type="button"
                  aria-pressed={on}
                  onClick={() =>
                    set({ shape: (on ? shapes.filter((x) => x !== s) : [...shapes, s]).join(',') || null })
                  }
                  className={`flex w-full flex-col items-center rounded-sm border px-1 py-2 text-xs ${on ? 'border-primary bg-secondary' : 'border-hairline hover:border-muted'}`}
                >
                  <img src={shapeIcon(s)} alt="" width={44} height={44} className="h-11 w-11" />
                  <span className="mt-1">{s}</span>
                  <span className="text-[0.65rem] text-muted">{(shapeCounts.get(s) ?? 0).toLocaleString()}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="mt-8 grid gap-x-10 gap-y-8 md:grid-cols-2 lg:grid-cols-3">
        <RangeFilter
          label="Price"
          min={0}
          max={100}
          step={1}
          value={[toPos(priceFrom), toPos(priceTo)]}
          format={(p) => `$${toPrice(p).toLocaleString()}`}
          exact={{
            values: [priceFrom, priceTo],
            format: (d) => `$${d.toLocaleString()}`,
            commit: ([a, b]) =>
              set({
                priceMin: a <= lo ? null : String(Math.round(a)),
                priceMax: b >= hi ? null : String(Math.round(b)),
              }),
          }}
          onCommit={([a, b]) =>
            set({ priceMin: a <= 0 ? null : String(toPrice(a)), priceMax: b >= 100 ? null : String(toPrice(b)) })
          }
        >
          <Histogram buckets={answer.histogram} from={priceFrom} to={priceTo} />
        </RangeFilter>
        <RangeFilter
          label="Carat"
          min={Math.floor(bounds.caratMin * 10) / 10}
          max={Math.ceil(bounds.caratMax)}
          step={0.01}
          value={[num('caratMin', Math.floor(bounds.caratMin * 10) / 10), num('caratMax', Math.ceil(bounds.caratMax))]}
          format={(n) => n.toFixed(2)}
          onCommit={([a, b]) =>
            set({
              caratMin: a <= bounds.caratMin ? null : a.toFixed(2),
              caratMax: b >= Math.ceil(bounds.caratMax) ? null : b.toFixed(2),
            })
          }
        />
        <RangeFilter
          label="Color"
          min={0}
          max={9}
          step={1}
          names={COLORS}
          value={[num('colorMin', 0), num('colorMax', 9)]}
          onCommit={([a, b]) => set({ colorMin: a === 0 ? null : String(a), colorMax: b === 9 ? null : String(b) })}
        />
        <RangeFilter
          label="Clarity"
          min={0}
          max={9}
          step={1}
          names={CLARITIES}
          value={[num('clarityMin', 0), num('clarityMax', 9)]}
          onCommit={([a, b]) => set({ clarityMin: a === 0 ? null : String(a), clarityMax: b === 9 ? null : String(b) })}
        />
        <RangeFilter
          label="Cut"
          min={0}
          max={4}
          step={1}
          names={CUTS}
          value={[num('cutMin', 0), num('cutMax', 4)]}
          onCommit={([a, b]) => set({ cutMin: a === 0 ? null : String(a), cutMax: b === 4 ? null : String(b) })}
        />
        <details className="md:col-span-2 lg:col-span-1">
          <summary className="eyebrow cursor-pointer">Advanced filters</summary>
          <div className="mt-4 space-y-6">
            {(
              [
                ['polish', FINISHES],
                ['symmetry', FINISHES],
                ['fluorescence', FLUORESCENCE],
                ['lab', ['GIA', 'IGI', 'GCAL', 'HRD']],
              ] as const
            ).map(([key, options]) => {
              const on = (params.get(key) ?? '').split(',').filter(Boolean);
              return (
                <fieldset key={key}>
                  <legend className="text-sm font-medium capitalize">{key}</legend>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {options.map((o) => (
                      <button
                        key={o}
                        type="button"
                        aria-pressed={on.includes(o)}
                        onClick={() =>
                          set({ [key]: (on.includes(o) ? on.filter((x) => x !== o) : [...on, o]).join(',') || null })
                        }
                        className={`rounded-full border px-3 py-1 text-xs ${on.includes(o) ? 'border-primary bg-secondary' : 'border-hairline hover:border-muted'}`}
                      >
                        {o}
                      </button>
                    ))}
                  </div>
                </fieldset>
              );
            })}
            <RangeFilter
              label="Depth %"
              min={50}
              max={80}
              step={0.1}
              value={[num('depthMin', 50), num('depthMax', 80)]}
              format={(n) => n.toFixed(1)}
              onCommit={([a, b]) =>
                set({ depthMin: a <= 50 ? null : a.toFixed(1), depthMax: b >= 80 ? null : b.toFixed(1) })
              }
            />
            <RangeFilter
              label="Table %"
              min={50}
              max={80}
              step={0.1}
              value={[num('tableMin', 50), num('tableMax', 80)]}
              format={(n) => n.toFixed(1)}
              onCommit={([a, b]) =>
                set({ tableMin: a <= 50 ? null : a.toFixed(1), tableMax: b >= 80 ? null : b.toFixed(1) })
              }
            />
            <RangeFilter
              label="L/W ratio"
              min={0.9}
              max={2.2}
              step={0.01}
              value={[num('lwMin', 0.9), num('lwMax', 2.2)]}
              format={(n) => n.toFixed(2)}
              onCommit={([a, b]) =>
                set({ lwMin: a <= 0.9 ? null : a.toFixed(2), lwMax: b >= 2.2 ? null : b.toFixed(2) })
              }
            />
          </div>
        </details>
      </div>

      <section className="mt-10" aria-labelledby="diamond-results">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-hairline pb-3">
          <p id="diamond-results" className="text-sm text-muted" aria-live="polite">
            <strong className="font-medium text-ink">{answer.count.toLocaleString()}</strong> diamonds
          </p>
          <div className="flex items-center gap-3">
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
          <div className="py-16 text-center">
            <p className="font-display text-2xl">No diamonds match every filter</p>
            <p className="mt-2 text-muted">
              Widen a range or choose another shape. Our gemologists can also source a stone for you.
            </p>
            <Link to="/diamonds" className="btn-primary mt-6">
              Reset filters
            </Link>
          </div>
        ) : (
          <div className={`max-h-[75vh] overflow-auto ${busy ? 'opacity-60' : ''}`}>
            <table className="w-full min-w-[760px] text-sm">
              <caption className="sr-only">Diamonds matching your filters</caption>
              <thead className="border-b border-hairline text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="sticky top-0 bg-white px-3 py-3 text-left font-medium">
                    Compare
                  </th>
                  <th scope="col" className="sticky top-0 bg-white px-3 py-3 text-left font-medium">
                    Shape
                  </th>
                  <SortHead {...head} label="Carat" asc="carat-asc" desc="carat-desc" />
                  <SortHead {...head} label="Color" asc="color" />
                  <SortHead {...head} label="Clarity" asc="clarity" />
                  <SortHead {...head} label="Cut" asc="cut" />
                  <th scope="col" className="sticky top-0 bg-white px-3 py-3 text-left font-medium">
                    Lab
                  </th>
                  <SortHead {...head} label="Price" asc="price-asc" desc="price-desc" className="text-right" />
                  <th scope="col" className="sticky top-0 bg-white px-3 py-3">
                    <span className="sr-only">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.diamonds.map((d) => {
                  const checked = compare.some((c) => c.id === d.id);
                  return (
                    <tr key={d.id} className="border-b border-hairline hover:bg-panel">
                      <td className="px-3 py-2">
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-[#1f5e4b]"
                          checked={checked}
                          disabled={!checked && compare.length >= 4}
                          onChange={() => toggleCompare(d)}
                          aria-label={`Compare ${d.carat.toFixed(2)} ct ${d.shape} ${d.color} ${d.clarity}`}
                        />
                      </td>
                      <td className="px-3 py-2">
                        <span className="flex items-center gap-2">
                          <img src={d.image} alt="" width={32} height={32} loading="lazy" className="h-8 w-8" />
                          {d.shape}
                          {d.origin === 'lab' && (
                            <span className="rounded-full bg-secondary px-2 py-0.5 text-[0.65rem]">Lab</span>
                          )}
                        </span>
                      </td>
                      <td className="px-3 py-2">{d.carat.toFixed(2)}</td>
                      <td className="px-3 py-2">{d.color}</td>
                      <td className="px-3 py-2">{d.clarity}</td>
                      <td className="px-3 py-2">{d.cut}</td>
                      <td className="px-3 py-2">{d.lab}</td>
                      <td className="px-3 py-2 text-right font-medium">{formatMoney(d.priceCents)}</td>
                      <td className="px-3 py-2 text-right">
                        {returnTo ? (
                          <Link
                            to={withCenterStone(returnTo, `d${d.id}`)}
                            className="rounded-sm border border-ink px-2.5 py-1 text-xs font-medium hover:bg-ink hover:text-white"
                            aria-label={`Choose ${d.carat.toFixed(2)} ct ${d.shape} diamond ${d.serial}`}
                          >
                            Choose
                          </Link>
                        ) : (
                          <Link
                            to={d.href}
                            className="text-primary underline"
                            aria-label={`View ${d.carat.toFixed(2)} ct ${d.shape} diamond ${d.serial}`}
                          >
                            View
                          </Link>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
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

/** A sortable column head: first click sorts ascending, the next descending. Module-level, so it keeps focus across renders. */
function SortHead({
  label,
  asc,
  desc,
  className = '',
  sort,
  onSort,
}: {
  label: string;
  asc: string;
  desc?: string;
  className?: string;
  sort: string;
  onSort: (asc: string, desc: string) => void;
}) {
  return (
    <th
      scope="col"
      className={`sticky top-0 bg-white px-3 py-3 text-left font-medium ${className}`}
      aria-sort={sort === asc ? 'ascending' : sort === desc ? 'descending' : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase tracking-wider hover:text-primary"
        onClick={() => onSort(asc, desc ?? asc)}
      >
        {label}
        {sort === asc ? (
          <ArrowUp aria-hidden="true" className="h-3 w-3" />
        ) : sort === desc ? (
          <ArrowDown aria-hidden="true" className="h-3 w-3" />
        ) : null}
      </button>
    </th>
  );
}
