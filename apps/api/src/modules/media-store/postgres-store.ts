import type { Db } from '../../db/client.ts';
import { mediaObjectRepository as repo } from './repository.ts';
import type { MediaStore } from './store.ts';

/** Media files in the store's own database (table `media_object`): nothing more to run or back up. */
export function postgresMediaStore(db: Db): MediaStore {
  return {
    where: 'the database',
    put: async (name, bytes, type, tx) => {
      await repo.put(tx ?? db, name, bytes, type);
    },
    get: async (name) => {
      const row = await repo.get(db, name);
      return row ? { bytes: Buffer.from(row.bytes), type: row.type } : null;
    },
    has: (name) => repo.has(db, name),
    remove: async (names) => {
      if (names.length) await repo.remove(db, names);
    },
    list: (after, limit) => repo.list(db, after, limit),
  };
}
