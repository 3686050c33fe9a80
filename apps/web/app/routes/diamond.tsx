import { WishHeart } from '~/components/wish-heart.tsx';
import { useEffect } from 'react';
import { data, Link } from 'react-router';
import { rememberViewed } from '~/lib/recently-viewed.ts';
import type { Route } from './+types/diamond';
import type { RootData } from '~/root.tsx';
import { freeShippingText } from '@facet/contracts/store-facts';
import type { DiamondDetail, DiamondSummary } from '@facet/contracts/catalog';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { AddToCartButton } from '~/components/add-to-cart-button.tsx';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { settingsFor } from '~/features/configurator/settings-for.ts';
import { RouteErrorPage } from '~/features/layout/route-error.tsx';
import { formatMoney } from '@facet/contracts/money';
import { Breadcrumb } from '~/components/ui/breadcrumb.tsx';
import { JsonLd } from '~/components/ui/json-ld.tsx';
import { TrustLine } from '~/features/catalog/trust-line.tsx';
import { StoneMedia } from '~/features/catalog/stone-media.tsx';
import { SeeInPerson } from '~/features/appointments/see-in-person.tsx';
import { HintButton } from '~/features/hints/hint-button.tsx';
import { decimalPrice } from '@facet/contracts/money';
import { CURRENCY } from '@facet/contracts/constants';

export async function loader({ params, context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const id = Number(params.productId);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'There is no such diamond.' }, { status: 404 });
  try {
    return {
      diamond: await apiRequest<DiamondDetail>(`/product/diamond?id=${id}`, {}, host),
      publicUrl: host.publicUrl,
    };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) throw data({ message: e.message }, { status: 404 });
    throw e;
  }
}

/** Why a stone cannot be bought now, in the store's words. */
const UNAVAILABLE: Record<string, string> = {
  sold: 'This diamond has been sold.',
  reserved: 'This diamond is reserved for another customer.',
  held: 'This diamond is on hold for another customer.',
  withdrawn: 'This diamond is no longer offered.',
};

const title = (d: DiamondSummary) =>
  `${d.carat.toFixed(2)} Carat ${d.shape} ${d.origin === 'lab' ? 'Lab-Grown ' : ''}Diamond, ${d.color} ${d.clarity}`;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta({ title: 'Diamond not found', noindex: true });
  const d = loaderData.diamond;
  const facts = (matches[0]?.loaderData as RootData | undefined)?.facts;
  return pageMeta({
    title: title(d),
    description: `${title(d)}, ${d.cut} cut, ${d.lab} certificate ${d.certificate}. ${formatMoney(d.priceCents)}${facts ? `, ${freeShippingText(facts, d.priceCents)}` : ''}.`,
    canonical: `${loaderData.publicUrl}${d.href}`,
  });
};

export default function Diamond({ loaderData }: Route.ComponentProps) {
  const { diamond: d, publicUrl } = loaderData;
  // A photograph staff took comes first; the drawing stands in when there is none.
  const photo = d.photos[0];
  useEffect(() => {
    rememberViewed({ href: d.href, title: title(d), image: d.image });
  }, [d]);
  const available = d.status === 'available';
  const facts: Array<[string, string]> = [
    ['Shape', d.shape],
    ['Carat weight', d.carat.toFixed(2)],
    ['Color', d.color],
    ['Clarity', d.clarity],
    ['Cut', d.cut],
    ['Polish', d.polish],
    ['Symmetry', d.symmetry],
    ['Fluorescence', d.fluorescence],
    ['Depth', `${d.depthPct}%`],
    ['Table', `${d.tablePct}%`],
    ['Length/width ratio', d.lwRatio.toFixed(2)],
    ['Measurements', d.measurements],
    ['Origin', d.origin === 'lab' ? 'Lab-grown' : 'Natural'],
    ['Grading lab', d.lab],
    ['Certificate number', d.certificate],
    ['Stock number', d.serial],
  ];
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-6 lg:px-8">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: title(d),
          sku: d.serial,
          image: `${publicUrl}${photo?.large ?? d.image}`,
          brand: { '@type': 'Brand', name: 'Facet' },
          description: `${title(d)}, ${d.cut} cut, graded by ${d.lab}.`,
          offers: {
            '@type': 'Offer',
            url: `${publicUrl}${d.href}`,
            priceCurrency: CURRENCY,
            price: decimalPrice(d.priceCents),
            availability: `https://schema.org/${available ? 'InStock' : d.status === 'withdrawn' ? 'Discontinued' : d.status === 'sold' ? 'SoldOut' : 'OutOfStock'}`,
            itemCondition: 'https://schema.org/NewCondition',
          },
        }}
      />
      <Breadcrumb
        items={[
          { label: 'Home', href: '/' },
          {
            label: d.origin === 'lab' ? 'Lab-grown diamonds' : 'Diamonds',
            href: d.origin === 'lab' ? '/diamonds?origin=lab' : '/diamonds',
          },
          { label: title(d) },
        ]}
      />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,36rem)_minmax(0,1fr)] lg:gap-14">
        <StoneMedia photos={d.photos} video={d.video} drawing={d.image} title={title(d)} />
        <div>
          <p className="eyebrow text-muted">
            {d.origin === 'lab' ? 'Lab-grown diamond' : 'Natural diamond'} · {d.serial}
          </p>
          <h1 className="mt-2 text-3xl leading-tight md:text-[2.5rem]">{title(d)}</h1>
          <p className="mt-4 font-display text-3xl">{formatMoney(d.priceCents)}</p>
          {!available && (
            <p role="status" className="mt-2 text-sm font-medium text-danger">
              {UNAVAILABLE[d.status] ?? UNAVAILABLE.reserved}
            </p>
          )}
          <ul className="mt-6 grid grid-cols-4 gap-2 text-center" aria-label="The 4Cs">
            {[
              ['Carat', d.carat.toFixed(2)],
              ['Color', d.color],
              ['Clarity', d.clarity],
              ['Cut', d.cut],
            ].map(([k, v]) => (
              <li key={k} className="border border-hairline px-2 py-3">
                <p className="text-[0.7rem] uppercase tracking-widest text-muted">{k}</p>
                <p className="mt-1 font-medium">{v}</p>
              </li>
            ))}
          </ul>
          <AddToCartButton
            item={{ kind: 'diamond', id: d.id }}
            disabled={!available}
            className="btn-primary mt-7 w-full py-4"
            what="Diamond"
          />
          <WishHeart
            look="button"
            className="mt-3 w-full py-3.5"
            what={title(d)}
            item={available || d.status === 'reserved' ? { kind: 'diamond', id: d.id } : null}
          />
          {available && (
            <Link
              to={settingsFor({ kind: 'diamond', id: d.id, shape: d.shape, carat: d.carat })}
              className="btn-secondary mt-3 w-full py-4"
            >
              Choose a setting
            </Link>
          )}
          <SeeInPerson item={`diamond:${d.id}`} title={title(d)}>
            <HintButton item={available ? { kind: 'diamond', id: d.id } : null} title={title(d)} />
          </SeeInPerson>
          <TrustLine
            certificate={`${d.lab} grading report ${d.certificate} included`}
            priceCents={d.priceCents}
            fromSupplier={d.fromSupplier}
          />
          {d.report && (
            <p className="mt-3 text-sm">
              <a href={d.report.url} target="_blank" rel="noopener noreferrer" className="underline">
                {d.report.label}
              </a>{' '}
              <span className="text-muted">
                {d.report.kind === 'lab' ? `(number ${d.certificate}, on the lab’s own site)` : '(the report itself)'}
              </span>
              {d.reportFile && (
                <>
                  {' · '}
                  <a href={d.reportFile.url} className="underline" download>
                    {d.reportFile.label}
                  </a>
                </>
              )}
            </p>
          )}
        </div>
      </div>
      <section className="mt-14 border-t border-hairline pt-10" aria-labelledby="grading">
        <h2 id="grading" className="text-2xl">
          Grading report
        </h2>
        <dl className="mt-4 grid gap-x-10 text-sm md:grid-cols-2">
          {facts.map(([k, v]) => (
            <div key={k} className="flex justify-between gap-6 border-b border-hairline py-2.5">
              <dt className="text-muted">{k}</dt>
              <dd className="text-right">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFoundTitle="We could not find that diamond"
      detail="Thousands more are waiting in the diamond search."
      links={[
        { label: 'Search diamonds', href: '/diamonds' },
        { label: 'Home', href: '/' },
      ]}
    />
  );
}
