import type { FacetModule } from '../../module-kit.ts';
import { reportAdminRoutes, reportRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [reportRoutes], admin: [reportAdminRoutes] };
