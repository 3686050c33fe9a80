import type { Route } from './+types/stone-types';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Notable gemstones by stone type', description: 'Notable gemstones by stone type' });

export default function Page() {
  return <ComingSoon title={'Notable gemstones by stone type'}>{'Notable gemstones open with the full catalogue.'}</ComingSoon>;
}
