import type { Route } from './+types/search';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Search', description: 'Search' });

export default function Page() {
  return <ComingSoon title={'Search'}>{'Search results open with the full catalogue.'}</ComingSoon>;
}
