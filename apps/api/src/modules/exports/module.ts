import type { FacetModule } from '../../module-kit.ts';
import { exportAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [exportAdminRoutes] };
