import type { FacetModule } from '../../module-kit.ts';
import { auditRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [auditRoutes] };
