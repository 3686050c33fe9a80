import type { FacetModule } from '../../module-kit.ts';
import { quoteAdminRoutes, quoteRoutes } from './index.ts';

export const facetModule: FacetModule = { routes: [quoteRoutes], admin: [quoteAdminRoutes] };
