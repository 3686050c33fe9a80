import type { FacetModule } from '../../module-kit.ts';
import { mailWordsAdminRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [mailWordsAdminRoutes] };
