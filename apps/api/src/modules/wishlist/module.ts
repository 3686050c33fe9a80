import type { FacetModule } from '../../module-kit.ts';
import { wishlistRoutes } from './routes.ts';

export const facetModule: FacetModule = { routes: [wishlistRoutes] };
