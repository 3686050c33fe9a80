import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

export const mediaObjectRepository = {
  put: (tx: DbOrTx, name: string, bytes: Buffer, type: string) =>
    tx.execute(sql`insert into media_object (name, type, bytes) values (${name}, ${type}, ${bytes})
      on conflict (name) do update set type = excluded.type, bytes = excluded.bytes, created_at = now()`),

  get: async (db: DbOrTx, name: string) =>
    rowsOf<{ bytes: Buffer; type: string }>(
      await db.execute(sql`select bytes, type from media_object where name = ${name}`),
    )[0] ?? null,

  has: async (db: DbOrTx, name: string) =>
    rowsOf(await db.execute(sql`select 1 from media_object where name = ${name}`)).length > 0,

  remove: (db: DbOrTx, names: readonly string[]) =>
    db.execute(
      sql`delete from media_object where name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    ),

  list: async (db: DbOrTx, after: string, limit: number) =>
    rowsOf<{ name: string }>(
      await db.execute(
        sql`select name from media_object where name > ${after} collate "C" order by name collate "C" limit ${limit}`,
      ),
    ).map((r) => r.name),
};
