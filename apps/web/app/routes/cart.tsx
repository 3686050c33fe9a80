import type { Route } from './+types/cart';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your cart', description: 'Your cart' });

export default function Page() {
  return <ComingSoon title={'Your cart'}>{'Your cart opens with checkout.'}</ComingSoon>;
}
