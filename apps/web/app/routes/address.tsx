import type { Route } from './+types/address';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { RequireUser } from '~/features/layout/require-user.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Saved addresses', noindex: true });

export default function Page() {
  return <RequireUser>{() => <ComingSoon title="Saved addresses">This page opens with accounts.</ComingSoon>}</RequireUser>;
}
