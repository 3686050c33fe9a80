import type { FacetModule } from '../../module-kit.ts';
import { serviceAdminRoutes, serviceRoutes } from './index.ts';

export const facetModule: FacetModule = { routes: [serviceRoutes], admin: [serviceAdminRoutes] };
