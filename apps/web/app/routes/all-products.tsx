import { Link } from 'react-router';
import type { Route } from './+types/all-products';
import { navSections, type MenuSection } from '@facet/contracts/nav';
import { apiRequest } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { Breadcrumb } from '~/components/ui/breadcrumb.tsx';

// The mega menu as a page: what the phone menu's "All products" opens before the page's scripts
// have run (or with them off), and a plain map of the store for anyone.
export async function loader({ context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  return {
    sections: navSections(await apiRequest<MenuSection[]>('/menu', {}, host)),
    publicUrl: host.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'All products',
    description:
      'Every collection in the store: rings, bands, chains, jewelry, mountings, findings, diamonds and gemstones.',
    canonical: `${loaderData?.publicUrl ?? ''}/products`,
  });

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-site px-4 pb-10 pt-6 lg:px-8">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'All products' }]} />
      <h1 className="mt-5 text-3xl md:text-[2.75rem]">All products</h1>
      <div className="mt-8 grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.sections.map((s) => (
          <section key={s.slug} aria-labelledby={`section-${s.slug}`}>
            <h2 id={`section-${s.slug}`} className="font-display text-2xl">
              {s.title}
            </h2>
            {s.groups.map((g) => (
              <div key={g.title} className="mt-4">
                <h3 className="eyebrow text-muted">{g.title}</h3>
                <ul className="mt-1">
                  {g.items.map((item) => (
                    <li key={item.label + item.href}>
                      <Link to={item.href} className="block py-1.5 text-sm hover:text-primary">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
