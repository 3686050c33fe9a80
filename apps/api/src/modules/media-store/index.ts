import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { postgresMediaStore } from './postgres-store.ts';
import { s3MediaStore } from './s3-store.ts';
import type { MediaStore } from './store.ts';

export type { MediaStore } from './store.ts';
export { processPhoto, type ProcessedPhoto } from './photos.ts';
export { postgresMediaStore } from './postgres-store.ts';
export { s3MediaStore } from './s3-store.ts';
export { copyMedia } from './copy.ts';
export { privatePhoto, withPrivatePhoto, moveMedia, MIGRATED_PREFIXES, PRIVATE_PREFIX } from './private-photos.ts';
export {
  putPhotoFiles,
  copyPhotoFiles,
  removePhotoFiles,
  makePhotoSizes,
  makePhotoSizesSoon,
  photoPace,
} from './photo-files.ts';

/** The store's media files: in the bucket MEDIA_S3_URL names, else in its own database. */
export const openMediaStore = (config: Pick<Config, 'MEDIA_S3_URL'>, db: Db): Promise<MediaStore> =>
  config.MEDIA_S3_URL ? s3MediaStore(config.MEDIA_S3_URL) : Promise.resolve(postgresMediaStore(db));
