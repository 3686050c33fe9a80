import type { FacetModule } from '../../module-kit.ts';
import { reportAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [reportAdminRoutes] };
