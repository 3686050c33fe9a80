import { data, Link, redirectDocument } from 'react-router';
import type { Route } from './+types/not-found';
import { pageMeta } from '~/lib/page-meta.ts';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';

export function loader() {
  return data({}, { status: 404 });
}

// A storefront page's browser knows no back-office route (scripts/shop-manifest.mjs), so a move to
// one arrives here: it becomes a document load, which brings the back office with its own routes.
export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (/^\/admin(\/|$)/.test(url.pathname)) return redirectDocument(url.pathname + url.search + url.hash);
  return serverLoader();
}

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Page not found', noindex: true });

export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <p className="eyebrow text-primary">Error 404</p>
      <h1 className="mt-3 text-3xl md:text-4xl">We could not find that page</h1>
      <p className="mt-5 text-muted">
        The link may be old, or the piece may have found its owner. Try a search, or start from one of these:
      </p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <Link to={paths.category(CATEGORY.engagement)} className="btn-secondary">
            Engagement rings
          </Link>
        </li>
        <li>
          <Link to="/diamonds" className="btn-secondary">
            Loose diamonds
          </Link>
        </li>
        <li>
          <Link to={paths.category(CATEGORY.bands)} className="btn-secondary">
            Wedding bands
          </Link>
        </li>
        <li>
          <Link to="/" className="btn-primary">
            Home
          </Link>
        </li>
      </ul>
    </section>
  );
}
