import { sql } from 'drizzle-orm';
import type { SaleInput } from '@facet/contracts/promotions';
import { isoInstant } from '../../db/moments.ts';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { SaleRow } from './book.ts';

// Automatic sales. The table's trigger notifies every instance at commit (migration 0035): each
// reloads its book and drops the pages priced by the old one.

const ISO = isoInstant;
const COLS = sql`s.id, s.name, s.percent, ${ISO('s.starts_at')} as "startsAt", ${ISO('s.ends_at')} as "endsAt",
  s.category_ids as "categoryIds", s.group_ids as "groupIds", s.metals, s.active`;
const ADMIN_COLS = sql`${COLS}, s.version, s.created_by as "createdBy",
  array(select g.series from product_group_view g where g.id = any(s.group_ids) order by g.series) as designs`;

export type StoredSale = Omit<SaleRow, 'groupIds'> & { designs: string[]; version: number; createdBy: string };
const groupsOf = (designs: string[]) =>
  sql`array(select g.id from product_group_view g where g.series = any(${sql.param(designs)}::text[]) order by g.id)`;

export const salesRepository = {
  /** Every sale not yet over (what prices depend on now or later). */
  current: async (db: DbOrTx) =>
    rowsOf<SaleRow>(await db.execute(sql`select ${COLS} from sale s where s.active and s.ends_at > now()`)),
  categories: async (db: DbOrTx) =>
    rowsOf<{ id: number; parentId: number | null; name: string; section: string }>(
      await db.execute(sql`select id, parent_id as "parentId", name, section from category_view order by position, id`),
    ),
  list: async (db: DbOrTx) =>
    rowsOf<StoredSale>(await db.execute(sql`select ${ADMIN_COLS} from sale s order by s.starts_at desc, s.id desc`)),
  one: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<StoredSale>(
      await db.execute(sql`select ${ADMIN_COLS} from sale s where s.id = ${id} ${lock ? sql`for update` : sql``}`),
    )[0] ?? null,
  /** Which of these ids are not designs, categories or metals the store has (to refuse a scope naming them). */
  unknown: async (db: DbOrTx, s: Pick<SaleInput, 'categoryIds' | 'designs' | 'metals'>) =>
    rowsOf<{ what: string; value: string }>(
      await db.execute(sql`
      select 'category' as what, x::text as value from unnest(${sql.param(s.categoryIds)}::int[]) x
        where not exists (select 1 from category_view c where c.id = x)
      union all select 'design', x from unnest(${sql.param(s.designs)}::text[]) x
        where not exists (select 1 from product_group_view g where g.series = x)
      union all select 'metal', x from unnest(${sql.param(s.metals)}::text[]) x
        where not exists (select 1 from metal_rate_view m where m.quality = x)`),
    ),
  insert: async (tx: DbOrTx, s: SaleInput, by: string) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into sale (name, percent, starts_at, ends_at, category_ids, group_ids, metals, active, created_by)
        values (${s.name}, ${s.percent}, ${s.startsAt}, ${s.endsAt}, ${sql.param(s.categoryIds)}::int[],
          ${groupsOf(s.designs)}, ${sql.param(s.metals)}::text[], ${s.active}, ${by}) returning id`),
    )[0]!.id,
  update: (tx: DbOrTx, id: number, s: SaleInput) =>
    tx.execute(sql`update sale set name = ${s.name}, percent = ${s.percent}, starts_at = ${s.startsAt},
      ends_at = ${s.endsAt}, category_ids = ${sql.param(s.categoryIds)}::int[], group_ids = ${groupsOf(s.designs)},
      metals = ${sql.param(s.metals)}::text[], active = ${s.active}, version = version + 1 where id = ${id}`),
};
