import { data } from 'react-router';
import type { Route } from './+types/policy';
import { readContent } from '~/lib/content.server.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { hostContext } from '~/lib/host-context.ts';
import { fillFacts } from '@facet/contracts/store-facts';

export function loader({ url, context }: Route.LoaderArgs) {
  // `url` is normalized (no `.data` suffix on client navigations).
  const slug = url.pathname.slice(1);
  const found = readContent('policies', slug);
  if (!found) throw data(null, { status: 404 });
  const host = context.get(hostContext);
  // Shipping times and prices, lead times and the return window come from the store's settings.
  const fill = (text: string) => fillFacts(text, host.facts);
  const page = { ...found, title: fill(found.title), description: fill(found.description), html: fill(found.html) };
  return { page, canonical: `${host.publicUrl}/${slug}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.page.title ?? 'Policy',
    description: loaderData?.page.description,
    canonical: loaderData?.canonical,
  });

export default function Policy({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-5 py-14">
      <p className="eyebrow text-primary">Customer care</p>
      <div className="prose-facet mt-3" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
