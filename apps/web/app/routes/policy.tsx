import type { Route } from './+types/policy';
import { loadContent } from '~/lib/content.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { hostContext } from '~/lib/host-context.ts';
import { useStoreFacts } from '~/lib/store-facts.ts';

export async function loader({ url, context }: Route.LoaderArgs) {
  // `url` is normalized (no `.data` suffix on client navigations).
  const slug = url.pathname.slice(1);
  const host = context.get(hostContext);
  // As staff last saved it; shipping times, prices and the return window filled from the settings.
  const page = await loadContent(host, 'policies', slug);
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
  // The store's calendar day (a change saved late in the evening is that day's, wherever the reader is).
  const { timezone } = useStoreFacts();
  return (
    <article className="mx-auto max-w-3xl px-5 py-14">
      <p className="eyebrow text-primary">Customer care</p>
      <h1 className="mt-3 text-3xl leading-tight md:text-4xl">{page.title}</h1>
      <div className="prose-facet mt-4" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.updatedAt && (
        <p className="mt-10 text-sm text-muted">
          Last updated:{' '}
          <time dateTime={page.updatedAt}>
            {new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: timezone }).format(
              new Date(page.updatedAt),
            )}
          </time>
        </p>
      )}
    </article>
  );
}
