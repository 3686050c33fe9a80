import type { FacetModule } from '../../module-kit.ts';
import { returnAdminRoutes, returnRoutes } from './index.ts';

export const facetModule: FacetModule = { routes: [returnRoutes], admin: [returnAdminRoutes] };
