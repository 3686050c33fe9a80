import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { storeValues } from '../store-values/index.ts';

// What a logical backup reads and writes: the store's own tables (schema public), their sequences
// and the migrations table that says which schema they are at. The job queue's schema is not kept
// (its queues are made again at start; a job waiting at the time of the backup is not kept).

export interface TableInfo {
  name: string;
  /** Columns a row can be written to: not generated, not dropped. */
  columns: string[];
}

const q = (name: string) => sql.identifier(name);

export const backupRepository = {
  /** The store's tables, partitions excepted (their parent reads and writes their rows). */
  tables: async (db: DbOrTx): Promise<TableInfo[]> =>
    rowsOf<{ name: string; columns: string[] }>(
      await db.execute(sql`
        select c.relname as name,
          array_agg(a.attname::text order by a.attnum) filter (where a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        group by c.relname order by c.relname`),
    ),

  /**
   * One page of a table's rows as JSON text, each as PostgreSQL writes it (numbers exactly, times in
   * ISO form), in storage order: for a copy nobody writes to, so the pages neither skip nor repeat.
   */
  rowsAsJsonPage: async (db: DbOrTx, table: string, offset: number, limit: number): Promise<string[]> =>
    rowsOf<{ j: string }>(
      await db.execute(
        sql`select row_to_json(t)::text as j from ${q(table)} t order by t.ctid limit ${limit} offset ${offset}`,
      ),
    ).map((r) => r.j),

  sequences: async (db: DbOrTx): Promise<Array<{ name: string; value: string; called: boolean }>> => {
    const names = rowsOf<{ name: string }>(
      await db.execute(sql`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`),
    );
    const out = [];
    for (const { name } of names) {
      const [row] = rowsOf<{ value: string; called: boolean }>(
        await db.execute(sql`select last_value::text as value, is_called as called from ${q(name)}`),
      );
      out.push({ name, value: row!.value, called: row!.called });
    }
    return out;
  },

  /** How many migrations have run and the journal time of the last (null: none, an empty database). */
  schemaVersion: async (db: DbOrTx): Promise<{ migrations: number; lastWhen: number } | null> => {
    const [exists] = rowsOf<{ ok: boolean }>(
      await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`),
    );
    if (!exists!.ok) return null;
    const [row] = rowsOf<{ n: number; last: string | null }>(
      await db.execute(sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`),
    );
    return row!.last === null ? null : { migrations: row!.n, lastWhen: Number(row!.last) };
  },

  /** Tables of any kind in the store's schema: none means an empty database a restore may fill. */
  tableCount: async (db: DbOrTx): Promise<number> =>
    rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`),
    )[0]!.n,

  /**
   * Triggers and foreign keys off for this session while rows are loaded (a dump's tables come in
   * name order, not dependency order, and the rows were consistent when they were read).
   */
  loading: (db: DbOrTx, on: boolean) =>
    db.execute(on ? sql`set session_replication_role = replica` : sql`set session_replication_role = origin`),

  /** Empties the tables (rows a migration wrote for a new store), before the backup's rows go in. */
  clear: (db: DbOrTx, tables: string[]) =>
    tables.length ? db.execute(sql`truncate ${sql.join(tables.map(q), sql`, `)} restart identity cascade`) : null,

  insertJson: (db: DbOrTx, table: string, columns: string[], rows: string[]) => {
    const cols = sql.join(columns.map(q), sql`, `);
    return db.execute(sql`
      insert into ${q(table)} (${cols}) overriding system value
      select ${cols} from json_populate_recordset(null::${q(table)}, ${`[${rows.join(',')}]`}::json)`);
  },

  setSequence: (db: DbOrTx, name: string, value: string, called: boolean) =>
    db.execute(sql`select setval(quote_ident(${name})::regclass, ${value}::bigint, ${called})`),

  /** Names this transaction's snapshot, so pg_dump reads exactly what it sees. */
  exportSnapshot: async (db: DbOrTx) =>
    rowsOf<{ id: string }>(await db.execute(sql`select pg_export_snapshot() as id`))[0]!.id,

  count: async (db: DbOrTx, table: string) =>
    rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${q(table)}`))[0]!.n,

  setting: <T = unknown>(db: DbOrTx, key: string) => storeValues.get<T>(db, key),
  putSetting: (db: DbOrTx, key: string, value: unknown) => storeValues.put(db, key, value),
};
