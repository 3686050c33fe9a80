import type { FacetModule } from '../../module-kit.ts';
import { shippingAdminRoutes, trackingWebhookRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [trackingWebhookRoutes], admin: [shippingAdminRoutes] };
