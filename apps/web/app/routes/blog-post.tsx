import { Link } from 'react-router';
import type { Route } from './+types/blog-post';
import { loadContent } from '~/lib/content.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { hostContext } from '~/lib/host-context.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const host = context.get(hostContext);
  const post = await loadContent(host, 'blog', params.slug);
  return { post, canonical: `${host.publicUrl}/blog/${post.slug}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.post.title ?? 'Guide',
    description: loaderData?.post.description,
    canonical: loaderData?.canonical,
  });

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-5 py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/blog" className="hover:text-primary">
          The Facet Journal
        </Link>{' '}
        <span aria-hidden="true">/</span> <span>{post.title}</span>
      </nav>
      <h1 className="mt-6 text-3xl leading-tight md:text-4xl">{post.title}</h1>
      {post.date && (
        <p className="mt-3 text-xs text-muted">
          <time dateTime={post.date}>
            {new Date(post.date).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}
          </time>
        </p>
      )}
      <div className="prose-facet mt-6" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
