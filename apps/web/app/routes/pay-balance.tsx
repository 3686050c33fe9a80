import type { Route } from './+types/pay-balance';
import { pageMeta } from '~/lib/page-meta.ts';
import { BalancePage } from '~/features/quotes/balance-page.tsx';

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: `Pay for order ${params.number}`, noindex: true });

export default BalancePage;
