export { contentAdminRoutes, contentRoutes } from './routes.ts';
