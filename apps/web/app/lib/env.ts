// Build-time settings. The API base URL is fixed when the bundle is built.
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '/api';
