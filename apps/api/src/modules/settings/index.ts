export { readSettings, saveSettings, settingsFromConfig, StoreSettingsCopy } from './service.ts';
export { settingsAdminRoutes } from './routes.ts';
