import type { Route } from './+types/stone-type';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Notable gemstones', description: 'Notable gemstones' });

export default function Page() {
  return <ComingSoon title={'Notable gemstones'}>{'Notable gemstones open with the full catalogue.'}</ComingSoon>;
}
