import type { Route } from './+types/profile';
import { RequireUser } from '~/features/layout/require-user.tsx';
import { pageMeta } from '~/lib/page-meta.ts';
import { Profile } from '~/features/account/profile-form.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your profile', noindex: true });

export default function Page() {
  return <RequireUser>{(user) => <Profile initial={user} />}</RequireUser>;
}
