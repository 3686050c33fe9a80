// The cache subsystem's face: rendered pages kept per instance (page-cache), answers kept per
// instance (AnswerCache), their HTTP headers and
// compression (http-cache), the tags a page and an answer carry and the shared cache's purge
// (cache-tags, shared-cache-purge), and the change feed that drops what a write made stale
// (catalogue-changes: the database tells every instance at commit).
export { AnswerCache } from './answer-cache.ts';
export { PageTags, TAG_HEADERS, tags } from './cache-tags.ts';
export { COMPRESS_FROM_BYTES, cachedPublic, tagAnswer } from './http-cache.ts';
export { SharedCachePurge } from './shared-cache-purge.ts';
export {
  CATALOGUE_CHANNEL,
  afterStockChange,
  catalogueWritten,
  changedTable,
  followCatalogueChanges,
} from './catalogue-changes.ts';
export {
  bodyIn,
  cacheablePath,
  etagOf,
  inlineScriptHashes,
  keptPage,
  negotiate,
  notModified,
  pageAddress,
  PageCache,
  type KeptPage,
} from './page-cache.ts';
