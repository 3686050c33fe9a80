import type { Route } from './+types/order-review';
import { pageMeta } from '~/lib/page-meta.ts';
import { OrderReview } from '~/features/reviews/order-review-page.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Review your pieces', noindex: true });

export default OrderReview;
