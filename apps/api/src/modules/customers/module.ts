import type { FacetModule } from '../../module-kit.ts';
import { customerAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [customerAdminRoutes] };
