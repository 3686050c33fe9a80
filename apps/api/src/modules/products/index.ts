// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { processPhoto, type ProcessedPhoto } from './photos.ts';
export { allCategories, refreshMinPrice, replaceAttributes } from './service.ts';
