import type { FacetModule } from '../../module-kit.ts';
import { staffRoutes } from './routes.ts';

export const facetModule: FacetModule = { admin: [staffRoutes] };
