import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { menuItem } from '../../db/schema/catalog.ts';

export const menuRepository = {
  /** The menu in order, without links to hidden categories. */
  listItems: async (db: DbOrTx) =>
    rowsOf<typeof menuItem.$inferSelect>(
      await db.execute(sql`select m.id, m.section, m.section_position as "sectionPosition", m.group_title as "groupTitle",
        m.position, m.label, m.category_id as "categoryId", m.filters, m.href, m.created_at as "createdAt"
        from menu_item m left join category c on c.id = m.category_id
        where c.hidden is not true order by m.section_position, m.position`),
    ),
};
