import type { FacetModule } from '../../module-kit.ts';
import { catalogAdminRoutes } from './admin-routes.ts';
import { catalogRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [catalogRoutes], admin: [catalogAdminRoutes] };
