import { Link } from 'react-router';
import type { Route } from './+types/stone-types';
import { apiRequest } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { formatMoney } from '@facet/contracts/money';
import { Breadcrumb } from '~/components/ui/breadcrumb.tsx';

type StoneType = {
  slug: string;
  name: string;
  description: string;
  color: string;
  count: number;
  fromCents: number;
  image: string;
};

export async function loader({ context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  return {
    types: await apiRequest<StoneType[]>('/product/type-notable-gemstone', {}, host),
    publicUrl: host.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Notable gemstones by stone type',
    description: 'One-of-a-kind sapphires, rubies, emeralds, tanzanite, spinel and more, many with AGTA certificates.',
    canonical: `${loaderData?.publicUrl ?? ''}/notable-gemstones/shop-by-stone-type`,
  });

export default function StoneTypes({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-6 lg:px-8">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Notable gemstones' }]} />
      <h1 className="mt-5 text-3xl md:text-[2.75rem]">Notable gemstones</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Individually selected colored stones, each one of a kind. Choose a stone type to see every stone we hold.
      </p>
      <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
        {loaderData.types.map((t) => (
          <li key={t.slug}>
            <Link
              to={`/notable-gemstone/${t.slug}`}
              className="group block border border-hairline transition-colors hover:border-primary"
            >
              <div className="aspect-square bg-panel">
                <img
                  src={t.image}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  className="h-full w-full transition-transform duration-200 group-hover:scale-[1.04]"
                />
              </div>
              <div className="p-4">
                <h2 className="text-xl group-hover:text-primary">{t.name}</h2>
                <p className="mt-1 text-xs text-muted">
                  {t.count} stones · from {formatMoney(t.fromCents)}
                </p>
                <p className="mt-2 line-clamp-3 text-sm text-ink/80">{t.description}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
