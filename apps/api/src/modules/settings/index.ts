export { StoreSettingsCopy } from './service.ts';
export { settingsAdminRoutes } from './routes.ts';
