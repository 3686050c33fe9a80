import type { FacetModule } from '../../module-kit.ts';
import { promotionAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [promotionAdminRoutes] };
