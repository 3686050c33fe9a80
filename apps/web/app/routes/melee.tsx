import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/melee';
import { apiRequest } from '~/lib/api.ts';
import { AddToCartButton } from '~/components/add-to-cart-button.tsx';
import { MELEE_PARCEL_STONES } from '@facet/contracts/commerce';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { formatMoney } from '@facet/contracts/money';
import { Breadcrumb } from '~/components/ui/breadcrumb.tsx';

type Parcel = {
  id: number;
  sku: string;
  origin: 'natural' | 'lab';
  shape: string;
  sizeMm: number;
  sieve: string;
  caratPerStone: number;
  quality: string;
  pricePerCaratCents: number;
  pricePerStoneCents: number;
  stock: number;
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const origin = url.searchParams.get('origin') === 'lab' ? 'lab' : 'natural';
  const shape = url.searchParams.get('shape') === 'Princess' ? 'Princess' : 'Round';
  return {
    parcels: await apiRequest<Parcel[]>(`/melee?origin=${origin}&shape=${shape}`, {}, context.get(hostContext)),
    origin,
    shape,
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Melee diamonds',
    description: 'Natural and lab-grown melee diamonds by sieve size and quality, priced per carat and per stone.',
  });

export default function Melee({ loaderData }: Route.ComponentProps) {
  const { parcels, origin, shape } = loaderData;
  const [params] = useSearchParams();
  const link = (k: string, v: string) => {
    const n = new URLSearchParams(params);
    n.set(k, v);
    return `/diamonds/melee?${n}`;
  };
  const sizes = [...new Set(parcels.map((p) => p.sizeMm))];
  const qualities = [...new Set(parcels.map((p) => p.quality))];
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-6 lg:px-8">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: 'Diamonds', href: '/diamonds' }, { label: 'Melee' }]}
      />
      <h1 className="mt-5 text-3xl md:text-[2.75rem]">Melee diamonds</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Small diamonds for pavé, halos and repairs, matched by sieve size and quality. Priced per carat, sold in parcels
        of {MELEE_PARCEL_STONES} stones: choose a price to add a parcel to your cart.
      </p>
      <div className="mt-6 flex flex-wrap gap-6">
        <div role="group" aria-label="Origin" className="inline-flex rounded-sm border border-hairline p-1">
          {(['natural', 'lab'] as const).map((o) => (
            <Link
              key={o}
              to={link('origin', o)}
              aria-current={origin === o ? 'true' : undefined}
              className={`rounded-[2px] px-4 py-2 text-sm ${origin === o ? 'bg-primary text-white' : 'hover:bg-panel'}`}
            >
              {o === 'lab' ? 'Lab-grown' : 'Natural'}
            </Link>
          ))}
        </div>
        <div role="group" aria-label="Shape" className="inline-flex rounded-sm border border-hairline p-1">
          {(['Round', 'Princess'] as const).map((s) => (
            <Link
              key={s}
              to={link('shape', s)}
              aria-current={shape === s ? 'true' : undefined}
              className={`rounded-[2px] px-4 py-2 text-sm ${shape === s ? 'bg-primary text-white' : 'hover:bg-panel'}`}
            >
              {s}
            </Link>
          ))}
        </div>
      </div>
      <div className="mt-8 overflow-x-auto">
        <table className="w-full min-w-[720px] text-sm">
          <caption className="sr-only">
            {origin === 'lab' ? 'Lab-grown' : 'Natural'} {shape} melee: price per carat (and per stone) by size and
            quality
          </caption>
          <thead className="border-b border-hairline text-left text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="py-3 pr-4">
                Size
              </th>
              <th scope="col" className="py-3 pr-4">
                Sieve
              </th>
              <th scope="col" className="py-3 pr-4">
                ct / stone
              </th>
              {qualities.map((q) => (
                <th key={q} scope="col" className="py-3 pr-4">
                  {q}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sizes.map((size) => {
              const row = parcels.filter((p) => p.sizeMm === size);
              const first = row[0]!;
              return (
                <tr key={size} className="border-b border-hairline">
                  <th scope="row" className="py-3 pr-4 text-left font-medium">
                    {size.toFixed(1)} mm
                  </th>
                  <td className="py-3 pr-4 text-muted">{first.sieve}</td>
                  <td className="py-3 pr-4 text-muted">{first.caratPerStone}</td>
                  {qualities.map((q) => {
                    const p = row.find((x) => x.quality === q);
                    return (
                      <td key={q} className="py-3 pr-4">
                        {p ? (
                          <AddToCartButton
                            item={{ kind: 'melee', id: p.id, quantity: 1 }}
                            className="text-left hover:text-primary"
                            what={`Parcel of ${MELEE_PARCEL_STONES}`}
                          >
                            {/* Its name holds the words shown (label-in-name), after what the button does. */}
                            <span className="sr-only">
                              Add a parcel of {MELEE_PARCEL_STONES} {size.toFixed(1)} mm {q} stones to the cart:{' '}
                            </span>
                            <span className="font-medium">{formatMoney(p.pricePerCaratCents)}</span>
                            <span className="text-muted">/ct</span>
                            <span className="block text-xs text-muted">
                              {formatMoney(p.pricePerStoneCents, { exact: true })} per stone
                            </span>
                          </AddToCartButton>
                        ) : (
                          '—'
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
