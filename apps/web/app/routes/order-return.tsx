import type { Route } from './+types/order-return';
import { pageMeta } from '~/lib/page-meta.ts';
import { OrderReturn } from '~/features/returns/order-return-page.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Return items', noindex: true });

export default OrderReturn;
