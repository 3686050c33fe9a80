import type { StoreSettings } from '@facet/contracts/store-settings';
import type { DbOrTx } from '../../db/client.ts';
import { storeValues } from '../store-values/index.ts';

// The store's settings: one row of store_setting, its value `{ version, settings, by }`. A write
// names the version it read, so two owners editing at once cannot overwrite each other unseen.

export const SETTINGS_KEY = 'store.settings';

export interface StoredSettings {
  version: number;
  settings: StoreSettings;
  by: string | null;
  updatedAt: string;
}

export const settingsRepository = {
  read: async (db: DbOrTx, lock = false): Promise<StoredSettings | null> => {
    const row = await storeValues.readVersioned<StoreSettings>(db, SETTINGS_KEY, 'settings', lock);
    return row && { version: row.version, settings: row.body, by: row.by, updatedAt: row.updatedAt };
  },

  /** Writes the next version if the row is still at `version` (0: not written yet): its time, or null if not. */
  write: (db: DbOrTx, version: number, settings: StoreSettings, by: string): Promise<Date | null> =>
    storeValues.writeVersioned(db, SETTINGS_KEY, version, 'settings', settings, by),
};
