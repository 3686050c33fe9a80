import { data, Link } from 'react-router';
import { REDACTED } from '@facet/contracts/secret-routes';
import { isStorePath } from '@facet/contracts/patterns';
import type { Route } from './+types/form-not-sent';
import { pageMeta } from '~/lib/page-meta.ts';

/**
 * Where a form sent before its page's scripts ran ends up (the server answers such a POST with a
 * redirect here): nothing in it was read or kept, and the shopper is told so and sent back. A page
 * whose address holds a one-time link's secret arrives here without it, so there is no link back:
 * the link in the e-mail still works (the form was never read).
 */
export function loader({ request }: Route.LoaderArgs) {
  const from = new URL(request.url).searchParams.get('from') ?? '/';
  // Only a path on this site: never a link to somewhere else.
  const onSite = isStorePath(from) && from.length <= 200 && !/[?#]/.test(from) ? from : '/';
  const fromLink = onSite.includes(REDACTED);
  return data({ back: fromLink ? null : onSite }, { headers: { 'Cache-Control': 'no-store' } });
}

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your form was not sent', noindex: true });

export default function FormNotSent({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="text-3xl md:text-4xl">Your form was not sent</h1>
      <p className="mt-5 text-muted">
        This form is sent by the page&rsquo;s scripts, and they had not run when you pressed the button: the page was
        still loading, or scripts are turned off in this browser. Nothing you typed was sent or saved.
      </p>
      <p className="mt-3 text-muted">
        With scripts turned on, give the page a moment to finish loading, then send the form again.
      </p>
      {loaderData.back ? (
        <p className="mt-8">
          <Link to={loaderData.back} className="btn-primary">
            Go back to the form
          </Link>
        </p>
      ) : (
        <p className="mt-8 text-muted">
          Open the link you were sent by e-mail again: it still works, because nothing was sent.
        </p>
      )}
    </section>
  );
}
