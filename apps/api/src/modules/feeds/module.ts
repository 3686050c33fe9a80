import type { FacetModule } from '../../module-kit.ts';
import { feedAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [feedAdminRoutes] };
