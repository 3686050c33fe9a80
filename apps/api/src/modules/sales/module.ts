import type { FacetModule } from '../../module-kit.ts';
import { saleAdminRoutes } from './index.ts';

export const facetModule: FacetModule = { admin: [saleAdminRoutes] };
