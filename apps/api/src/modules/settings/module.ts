import type { FacetModule } from '../../module-kit.ts';
import { settingsAdminRoutes } from './index.ts';

export const facetModule: FacetModule = { admin: [settingsAdminRoutes] };
