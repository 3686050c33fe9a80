import type { FacetModule } from '../../module-kit.ts';
import { reviewAdminRoutes, reviewRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [reviewRoutes], admin: [reviewAdminRoutes] };
