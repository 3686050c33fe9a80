import { WishHeart } from '~/components/wish-heart.tsx';
import { gemstoneName } from '@facet/contracts/stone-names';
import { data, Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/stone-type';
import type { Gemstone } from '@facet/contracts/catalog';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { AddToCartButton } from '~/components/add-to-cart-button.tsx';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { settingsFor } from '~/features/configurator/settings-for.ts';
import { RouteErrorPage } from '~/features/layout/route-error.tsx';
import { formatMoney } from '@facet/contracts/money';
import { Breadcrumb } from '~/components/ui/breadcrumb.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { PhotoOrDrawing } from '~/components/ui/photo.tsx';
import { lazy, Suspense, useState } from 'react';

const StoneVideoDialog = lazy(() => import('~/features/catalog/stone-video-dialog.tsx'));

type Answer = {
  gemstones: Gemstone[];
  count: number;
  page: number;
  pageSize: number;
  type: { slug: string; name: string; description: string };
  attributes: Array<{ label: string; values: Array<{ value: string; count: number }> }>;
};

const PASS = ['color', 'shape', 'origin', 'caratMin', 'caratMax', 'priceMin', 'priceMax', 'agta', 'sort', 'page'];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const qs = new URLSearchParams({ type: params.type });
  for (const k of PASS) {
    const v = url.searchParams.get(k);
    if (v) qs.set(k, v);
  }
  try {
    return { answer: await apiRequest<Answer>(`/product/notable-gemstone?${qs}`, {}, host), publicUrl: host.publicUrl };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500)
      throw data({ message: e.message }, { status: e.status === 404 ? 404 : 400 });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: `Notable ${loaderData.answer.type.name}s`,
        description: loaderData.answer.type.description,
        canonical: `${loaderData.publicUrl}/notable-gemstone/${loaderData.answer.type.slug}`,
      })
    : pageMeta({ title: 'Not found', noindex: true });

export default function StoneType({ loaderData }: Route.ComponentProps) {
  const { answer } = loaderData;
  const { type, gemstones, count, attributes } = answer;
  const [params] = useSearchParams();
  const [playing, setPlaying] = useState<Gemstone | null>(null);
  const pageHref = (p: number) => {
    const n = new URLSearchParams(params);
    n.set('page', String(p));
    return `/notable-gemstone/${type.slug}?${n}`;
  };
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-6 lg:px-8">
      <Breadcrumb
        items={[
          { label: 'Home', href: '/' },
          { label: 'Notable gemstones', href: '/notable-gemstones/shop-by-stone-type' },
          { label: type.name },
        ]}
      />
      <h1 className="mt-5 text-3xl md:text-[2.75rem]">{type.name}</h1>
      <p className="mt-2 max-w-2xl text-muted">{type.description}</p>
      <Form className="mt-8 grid gap-4 border-y border-hairline py-5 md:grid-cols-6" method="get">
        {attributes.map((a) => (
          <div key={a.label}>
            <label htmlFor={`g-${a.label}`} className="eyebrow">
              {a.label}
            </label>
            <select
              id={`g-${a.label}`}
              name={a.label}
              defaultValue={params.get(a.label) ?? ''}
              className="field mt-2 py-2"
            >
              <option value="">Any</option>
              {a.values.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.value} ({v.count})
                </option>
              ))}
            </select>
          </div>
        ))}
        <div>
          <label htmlFor="g-caratMin" className="eyebrow">
            Min carat
          </label>
          <input
            id="g-caratMin"
            name="caratMin"
            type="number"
            min={0}
            step={0.1}
            defaultValue={params.get('caratMin') ?? ''}
            className="field mt-2 py-2"
          />
        </div>
        <div>
          <label htmlFor="g-priceMax" className="eyebrow">
            Max price ($)
          </label>
          <input
            id="g-priceMax"
            name="priceMax"
            type="number"
            min={0}
            step={100}
            defaultValue={params.get('priceMax') ?? ''}
            className="field mt-2 py-2"
          />
        </div>
        <div className="flex items-end gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="agta"
              value="yes"
              defaultChecked={params.get('agta') === 'yes'}
              className="h-4 w-4 accent-[#1f5e4b]"
            />{' '}
            AGTA certified
          </label>
          <button type="submit" className="btn-primary py-2">
            Apply
          </button>
        </div>
      </Form>
      <p className="mt-5 text-sm text-muted" aria-live="polite">
        <strong className="font-medium text-ink" data-testid="result-count">
          {count}
        </strong>{' '}
        stones{' '}
        <Link to={`/notable-gemstone/${type.slug}`} className="ml-3 text-primary underline">
          Clear filters
        </Link>
      </p>
      {gemstones.length === 0 ? (
        <p className="py-16 text-center font-display text-2xl">No stones match these filters.</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 xl:grid-cols-4">
          {gemstones.map((g) => (
            <li key={g.id} className="relative">
              <WishHeart
                item={{ kind: 'gemstone', id: g.id }}
                what={`the ${gemstoneName(g)} ${g.serial}`}
                className="absolute right-2 top-2 bg-white/85"
              />
              <div className="aspect-square bg-panel">
                <PhotoOrDrawing
                  photo={g.photo}
                  drawing={g.image}
                  size={400}
                  alt={g.photo?.alt || gemstoneName(g)}
                  sizes="(min-width: 1280px) 20rem, (min-width: 768px) 33vw, 50vw"
                  loading="lazy"
                  className={`h-full w-full ${g.photo ? 'object-contain' : ''}`}
                />
              </div>
              <h2 className="mt-3 font-sans text-sm">{gemstoneName(g)}</h2>
              <p className="text-xs text-muted">
                {g.origin} · {g.treatment === 'None' ? 'Untreated' : g.treatment} · {g.measurements}
              </p>
              {g.agtaCertificate && (
                <p className="mt-1 inline-block rounded-full bg-secondary px-2 py-0.5 text-[0.7rem]">
                  AGTA {g.agtaCertificate.replace('AGTA-', '#')}
                </p>
              )}
              {(g.video || g.report) && (
                <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
                  {g.video && (
                    <button
                      type="button"
                      className="font-medium text-primary underline"
                      onClick={() => setPlaying(g)}
                      aria-label={`Watch the 360° video of the ${gemstoneName(g)} ${g.serial}`}
                    >
                      360° video
                    </button>
                  )}
                  {g.report && (
                    <a
                      href={g.report.url}
                      download
                      className="font-medium text-primary underline"
                      aria-label={`${g.report.label} of the ${gemstoneName(g)} ${g.serial} (PDF)`}
                    >
                      {g.report.label} (PDF)
                    </a>
                  )}
                </p>
              )}
              <Link
                to={settingsFor({ kind: 'gemstone', id: g.id, shape: g.shape, carat: g.carat })}
                className="mt-2 inline-block text-xs font-medium text-primary underline"
                aria-label={`Choose a setting for the ${gemstoneName(g)}`}
              >
                Choose a setting
              </Link>
              <div className="mt-2 flex items-center justify-between">
                <p className="text-sm font-medium">{formatMoney(g.priceCents)}</p>
                <AddToCartButton
                  item={{ kind: 'gemstone', id: g.id }}
                  className="text-xs font-medium text-primary underline"
                  ariaLabel={`Add to Cart: ${gemstoneName(g)} ${g.serial}`}
                  what="Gemstone"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={answer.page} pageSize={answer.pageSize} count={count} hrefFor={pageHref} />
      {playing?.video && (
        <Suspense fallback={null}>
          <StoneVideoDialog
            video={playing.video}
            title={`${gemstoneName(playing)} ${playing.serial}`}
            poster={playing.photo?.large}
            onClose={() => setPlaying(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFoundTitle="We do not carry that stone type"
      badRequestTitle="Those filters do not look right"
      links={[{ label: 'See every stone type', href: '/notable-gemstones/shop-by-stone-type' }]}
    />
  );
}
