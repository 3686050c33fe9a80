import type { DbOrTx } from '../../db/client.ts';

/** A file as it was stored: its bytes and the media type it is served as. */
export interface MediaFile {
  bytes: Buffer;
  type: string;
}

/**
 * Where the store's media files live, by name (`photo/<key>/<size>.<format>`, `report/<kind>-<id>.pdf`):
 * the database itself (the embedded default), or an S3-compatible bucket for a store that has
 * outgrown one database. Shoppers never see which: both are served from the same addresses.
 */
export interface MediaStore {
  /** Said in logs and by the copy command: "the database" or the bucket's address. */
  readonly where: string;
  /**
   * Keeps `bytes` under `name`, replacing what was there. Given a transaction, the database store
   * writes in it (the file and its row commit together); a bucket cannot, so callers put files
   * before the row that names them and remove them only after the row is gone.
   */
  put(name: string, bytes: Buffer, type: string, tx?: DbOrTx): Promise<void>;
  get(name: string): Promise<MediaFile | null>;
  /** Whether a file is kept under `name`, without fetching it. */
  has(name: string): Promise<boolean>;
  /** Removes the names that exist (a name already gone is not an error). */
  remove(names: readonly string[]): Promise<void>;
  /** Names in byte order after `after` (at most `limit`): a copy walks the whole store with it. */
  list(after: string, limit: number): Promise<string[]>;
}
