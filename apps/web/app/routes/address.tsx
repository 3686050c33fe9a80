import type { Route } from './+types/address';
import { RequireUser } from '~/features/layout/require-user.tsx';
import { pageMeta } from '~/lib/page-meta.ts';
import { Addresses } from '~/features/account/address-book.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your addresses', noindex: true });

export default function Page() {
  return <RequireUser>{() => <Addresses />}</RequireUser>;
}
