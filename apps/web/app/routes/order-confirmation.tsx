import type { Route } from './+types/order-confirmation';
import { ComingSoon } from '~/features/layout/coming-soon.tsx';
import { pageMeta } from '~/lib/page-meta.ts';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Order confirmation', description: 'Order confirmation' });

export default function Page() {
  return <ComingSoon title={'Order confirmation'}>{'Order confirmations open with checkout.'}</ComingSoon>;
}
