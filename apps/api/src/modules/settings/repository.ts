import { sql } from 'drizzle-orm';
import type { StoreSettings } from '@facet/contracts/store-settings';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

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
  read: async (db: DbOrTx, lock = false): Promise<StoredSettings | null> =>
    rowsOf<StoredSettings>(
      await db.execute(sql`
        select (value->>'version')::int as version, value->'settings' as settings, value->>'by' as by,
          updated_at as "updatedAt"
        from store_setting where key = ${SETTINGS_KEY} ${lock ? sql`for update` : sql``}`),
    )[0] ?? null,

  /** Writes the next version if the row is still at `version` (0: not written yet): its time, or null if not. */
  write: async (db: DbOrTx, version: number, settings: StoreSettings, by: string): Promise<Date | null> => {
    const value = JSON.stringify({ version: version + 1, settings, by });
    const rows = rowsOf<{ updatedAt: string }>(
      version === 0
        ? await db.execute(sql`insert into store_setting (key, value) values (${SETTINGS_KEY}, ${value}::jsonb)
            on conflict (key) do nothing returning updated_at as "updatedAt"`)
        : await db.execute(sql`update store_setting set value = ${value}::jsonb, updated_at = now()
            where key = ${SETTINGS_KEY} and (value->>'version')::int = ${version} returning updated_at as "updatedAt"`),
    );
    return rows[0] ? new Date(rows[0].updatedAt) : null;
  },
};
