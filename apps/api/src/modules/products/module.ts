import type { FacetModule } from '../../module-kit.ts';
import { productAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [productAdminRoutes] };
