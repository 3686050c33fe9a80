// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { categoryMappings, setCategoryMapping } from './category-mappings.ts';
export { signatureOf, UnusableFeed } from './feed-bytes.ts';
export { importDiamondFeed, type ImportProgress, type ImportReport } from './import-diamonds.ts';
export { importProductFeed, importWaitingDesigns, type ProductImportReport } from './import-products.ts';
export { fetchProductPages } from './product-pages.ts';
export { RefusedFetch, safeFetch } from './safe-fetch.ts';
export { fetchProductImage as fetchFeedImage } from './product-images.ts';
export { supplierPullRepository as supplierPulls, type SupplierRow } from './repository.ts';
