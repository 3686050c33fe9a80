import type { Route } from './+types/category';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Shop the collection', description: 'Shop the collection' });

export default function Page() {
  return <ComingSoon title={'Shop the collection'}>{'Listings open with the full catalogue.'}</ComingSoon>;
}
