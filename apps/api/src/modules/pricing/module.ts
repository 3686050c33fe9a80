import type { FacetModule } from '../../module-kit.ts';
import { pricingAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [pricingAdminRoutes] };
