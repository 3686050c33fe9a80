import type { PageHandle } from '~/lib/content-first.ts';
import type { Route } from './+types/profile';
import { RequireUser } from '~/features/layout/require-user.tsx';
import { pageMeta } from '~/lib/page-meta.ts';
import { Profile } from '~/features/account/profile-form.tsx';

/** Its first screen comes from its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your profile', noindex: true });

export default function Page() {
  return <RequireUser>{(user) => <Profile initial={user} />}</RequireUser>;
}
