import type { FacetModule } from '../../module-kit.ts';
import { categoryAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [categoryAdminRoutes] };
