import type { FacetModule } from '../../module-kit.ts';
import { photoFileRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [photoFileRoutes] };
