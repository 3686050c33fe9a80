import { data, Link } from 'react-router';
import type { Route } from './+types/form-not-sent';
import { pageMeta } from '~/lib/page-meta.ts';

/**
 * Where a form sent before its page's scripts ran ends up (the server answers such a POST with a
 * redirect here): nothing in it was read or kept, and the shopper is told so and sent back.
 */
export function loader({ request }: Route.LoaderArgs) {
  const from = new URL(request.url).searchParams.get('from') ?? '/';
  // Only a path on this site: never a link to somewhere else.
  const back = /^\/(?![/\\])[^\s\\?#]{0,200}$/.test(from) ? from : '/';
  return data({ back }, { headers: { 'Cache-Control': 'no-store' } });
}

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your form was not sent', noindex: true });

export default function FormNotSent({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="text-3xl md:text-4xl">Your form was not sent</h1>
      <p className="mt-5 text-muted">
        The page was still loading when you pressed the button, so nothing you typed was sent or saved. Go back, give
        the page a moment to finish loading, and send it again.
      </p>
      <p className="mt-8">
        <Link to={loaderData.back} className="btn-primary">
          Go back to the form
        </Link>
      </p>
    </section>
  );
}
