import type { Route } from './+types/service-estimate';
import { pageMeta } from '~/lib/page-meta.ts';
import { ServiceEstimate } from '~/features/service/estimate-page.tsx';

export const meta: Route.MetaFunction = () => pageMeta({ title: 'Your estimate', noindex: true });

export default ServiceEstimate;
