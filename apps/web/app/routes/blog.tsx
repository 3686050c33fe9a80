import { Link } from 'react-router';
import type { Route } from './+types/blog';
import { loadPosts } from '~/lib/content.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { hostContext } from '~/lib/host-context.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  return { posts: await loadPosts(host), canonical: `${host.publicUrl}/blog` };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'The Facet Journal: jewelry guides',
    description: 'Guides to diamonds, ring sizing, precious metals and gemstone care from the Facet jewelers.',
    canonical: loaderData?.canonical,
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-site px-5 py-14 lg:px-8">
      <p className="eyebrow text-primary">The Facet Journal</p>
      <h1 className="mt-3 text-3xl md:text-4xl">Guides from our jewelers</h1>
      <p className="mt-4 max-w-2xl text-muted">Plain-spoken advice on choosing, sizing and caring for fine jewelry.</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {loaderData.posts.map((p) => (
          <li key={p.slug} className="flex flex-col border border-hairline p-6 transition-colors hover:border-primary">
            {p.date && (
              <p className="text-xs text-muted">
                <time dateTime={p.date}>
                  {new Date(p.date).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}
                </time>
              </p>
            )}
            <h2 className="mt-2 text-xl">
              <Link to={`/blog/${p.slug}`} className="hover:text-primary">
                {p.title}
              </Link>
            </h2>
            <p className="mt-3 flex-1 text-sm text-muted">{p.description}</p>
            <Link to={`/blog/${p.slug}`} className="mt-4 text-sm font-medium text-primary underline">
              {/* The name begins with the words shown (label-in-name), and says which guide. */}
              Read the guide<span className="sr-only">: {p.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
