import type { Route } from './+types/product';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Product', description: 'Product' });

export default function Page() {
  return <ComingSoon title={'Product'}>{'Product pages open with the full catalogue.'}</ComingSoon>;
}
