import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

/** A value kept as a versioned document `{ version, [field]: body, by }`, so two writers cannot overwrite each other unseen. */
export interface Versioned<T> {
  version: number;
  body: T;
  by: string | null;
  updatedAt: string;
}

export const storeValuesRepository = {
  get: async <T>(db: DbOrTx, key: string, lock = false): Promise<T | null> =>
    rowsOf<{ value: T }>(
      await db.execute(sql`select value from store_setting where key = ${key} ${lock ? sql`for update` : sql``}`),
    )[0]?.value ?? null,

  put: (db: DbOrTx, key: string, value: unknown) =>
    db.execute(sql`insert into store_setting (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
      on conflict (key) do update set value = excluded.value, updated_at = now()`),

  /** Writes the value unless the key has one already; the value kept either way. */
  putIfAbsent: async <T>(db: DbOrTx, key: string, value: T): Promise<T> => {
    await db.execute(sql`insert into store_setting (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
      on conflict (key) do nothing`);
    return rowsOf<{ value: T }>(await db.execute(sql`select value from store_setting where key = ${key}`))[0]!.value;
  },

  /** The value as a scalar subquery, for a statement that reads it beside its own rows (null when unset). */
  valueSql: (key: string): SQL => sql`(select value from store_setting where key = ${key})`,

  readVersioned: async <T>(db: DbOrTx, key: string, field: string, lock = false): Promise<Versioned<T> | null> =>
    rowsOf<Versioned<T>>(
      await db.execute(sql`
        select (value->>'version')::int as version, value->${field} as body, value->>'by' as by,
          updated_at as "updatedAt"
        from store_setting where key = ${key} ${lock ? sql`for update` : sql``}`),
    )[0] ?? null,

  /** Writes the next version if the row is still at `version` (0: never written): its time, or null when someone else wrote first. */
  writeVersioned: async (
    db: DbOrTx,
    key: string,
    version: number,
    field: string,
    body: unknown,
    by: string,
  ): Promise<Date | null> => {
    const value = JSON.stringify({ version: version + 1, [field]: body, by });
    const rows = rowsOf<{ updatedAt: string }>(
      version === 0
        ? await db.execute(sql`insert into store_setting (key, value) values (${key}, ${value}::jsonb)
            on conflict (key) do nothing returning updated_at as "updatedAt"`)
        : await db.execute(sql`update store_setting set value = ${value}::jsonb, updated_at = now()
            where key = ${key} and (value->>'version')::int = ${version} returning updated_at as "updatedAt"`),
    );
    return rows[0] ? new Date(rows[0].updatedAt) : null;
  },
};
