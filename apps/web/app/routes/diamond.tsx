import type { Route } from './+types/diamond';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Diamond', description: 'Diamond' });

export default function Page() {
  return <ComingSoon title={'Diamond'}>{'Diamond pages open with the full catalogue.'}</ComingSoon>;
}
