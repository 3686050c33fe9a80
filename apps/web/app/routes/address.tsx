import type { Route } from './+types/address';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Saved addresses', description: 'Saved addresses' });

export default function Page() {
  return <ComingSoon title={'Saved addresses'}>{'Saved addresses open with accounts.'}</ComingSoon>;
}
