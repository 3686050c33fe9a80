import type { Route } from './+types/profile';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { RequireUser } from '~/features/layout/require-user.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your profile', noindex: true });

export default function Page() {
  return <RequireUser>{() => <ComingSoon title="Your profile">This page opens with accounts.</ComingSoon>}</RequireUser>;
}
