import type { FacetModule } from '../../module-kit.ts';
import { customerAdminRoutes, customerRecordRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [customerRecordRoutes], admin: [customerAdminRoutes] };
