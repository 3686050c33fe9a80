import type { FacetModule } from '../../module-kit.ts';
import { hintRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [hintRoutes] };
