import type { FacetModule } from '../../module-kit.ts';
import { contactRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [contactRoutes] };
