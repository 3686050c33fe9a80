import type { Route } from './+types/newsletter';
import { EMAIL_RE } from '@facet/contracts/patterns';
import { MSG } from '@facet/contracts/messages';
import { apiRequest, ApiError } from '~/lib/api.ts';
import { hostContext } from '~/lib/host-context.ts';
import { pageMeta } from '~/lib/page-meta.ts';
import { CheckCircle2 } from '~/components/icons.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Newsletter', noindex: true });

/**
 * The footer's sign-up sent without the page's scripts (or before they ran) lands here: the same
 * check and the same answer as the scripted box, and a refusal keeps what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const email = String((await request.formData()).get('email') ?? '').trim();
  if (!EMAIL_RE.test(email)) return { email, error: MSG.email };
  try {
    const r = await apiRequest<{ message: string }>(
      '/newsletter',
      { method: 'POST', body: { email } },
      context.get(hostContext),
    );
    return { email, done: r.message };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { email, error: e.errors?.email ?? e.message };
  }
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const done = actionData && 'done' in actionData ? actionData.done : null;
  const error = actionData && 'error' in actionData ? actionData.error : null;
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 pt-10">
      <h1 className="font-display text-4xl">Newsletter</h1>
      {done ? (
        <div role="status" className="mt-6 border border-hairline bg-panel p-6">
          <CheckCircle2 aria-hidden="true" className="h-7 w-7 text-primary" />
          <p className="mt-3">{done}</p>
          <a href="/" className="btn-primary mt-6">
            Continue shopping
          </a>
        </div>
      ) : (
        <>
          <p className="mt-3 text-muted">
            New designs, rare stones and care advice, about twice a month. We send a link to confirm first; unsubscribe
            at any time.
          </p>
          <form method="post" action="/newsletter" noValidate className="mt-6" aria-label="Newsletter">
            <label htmlFor="newsletter-page-email" className="mb-1 block text-sm font-medium">
              Email address
            </label>
            <div className="flex gap-2">
              <input
                id="newsletter-page-email"
                name="email"
                type="email"
                defaultValue={actionData?.email ?? ''}
                autoComplete="email"
                className={`field flex-1 ${error ? 'border-danger' : ''}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'newsletter-page-error' : undefined}
              />
              <button type="submit" className="btn-primary px-4">
                Sign up
              </button>
            </div>
            {error && (
              <p id="newsletter-page-error" role="alert" className="mt-1 text-xs text-danger">
                {error}
              </p>
            )}
          </form>
        </>
      )}
    </div>
  );
}
