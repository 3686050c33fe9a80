import type { FacetModule } from '../../module-kit.ts';
import { mediaRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [mediaRoutes] };
