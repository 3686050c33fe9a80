import type { PageHandle } from '~/lib/content-first.ts';
import type { Route } from './+types/address';
import { RequireUser } from '~/features/layout/require-user.tsx';
import { pageMeta } from '~/lib/page-meta.ts';
import { Addresses } from '~/features/account/address-book.tsx';

/** Its first screen comes from its code: the scripts start at once (lib/content-first.ts). */
export const handle: PageHandle = { scriptsFirst: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your addresses', noindex: true });

export default function Page() {
  return <RequireUser>{() => <Addresses />}</RequireUser>;
}
