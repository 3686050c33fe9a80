import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { AdminCategory } from '@facet/contracts/admin-categories';
import type { menuItem } from './schema.ts';

// Categories and their links in the mega menu, as staff arrange them.

const COLS = sql`c.id, c.name, c.section, c.parent_id as "parentId", c.description, c.position, c.hidden,
  c.seo_title as "seoTitle", c.seo_description as "seoDescription", c.version,
  (select count(*)::int from product_group_view g where g.published and (g.category_id = c.id
    or exists (select 1 from category_placement_view p where p.group_id = g.id and p.category_id = c.id))) as designs,
  (select count(*)::int from menu_item m where m.category_id = c.id) as "menuLinks"`;

export const categoriesRepository = {
  list: async (db: DbOrTx) =>
    rowsOf<AdminCategory>(await db.execute(sql`select ${COLS} from category c order by c.section, c.position, c.id`)),

  one: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<AdminCategory>(
      await db.execute(sql`select ${COLS} from category c where c.id = ${id} ${lock ? sql`for update of c` : sql``}`),
    )[0] ?? null,

  menuGroups: async (db: DbOrTx) =>
    rowsOf<{ section: string; group: string }>(
      await db.execute(sql`select section, group_title as "group" from menu_item
        group by section, section_position, group_title order by section_position, min(position)`),
    ),

  slugTaken: async (db: DbOrTx, slug: string) =>
    rowsOf<{ id: number }>(await db.execute(sql`select id from category where slug = ${slug}`)).length > 0,

  /** Ids of the category and everything under it. */
  subtree: async (db: DbOrTx, id: number) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`with recursive t(id) as (select ${id}::int union select c.id from category c join t on c.parent_id = t.id)
        select id from t`),
    ).map((r) => r.id),

  insert: async (
    tx: DbOrTx,
    c: {
      name: string;
      slug: string;
      section: string;
      parentId: number | null;
      description: string;
      seoTitle: string | null;
      seoDescription: string | null;
    },
  ) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into category (id, name, slug, section, parent_id, description, position, seo_title, seo_description)
        values (nextval('category_id_seq'), ${c.name}, ${c.slug}, ${c.section}, ${c.parentId}, ${c.description},
          (select coalesce(max(position) + 1, 0) from category where ${
            c.parentId === null ? sql`parent_id is null and section = ${c.section}` : sql`parent_id = ${c.parentId}`
          }),
          ${c.seoTitle}, ${c.seoDescription})
        returning id`),
    )[0]!.id,

  save: (
    tx: DbOrTx,
    id: number,
    c: Pick<
      AdminCategory,
      'name' | 'description' | 'parentId' | 'section' | 'hidden' | 'seoTitle' | 'seoDescription' | 'version'
    >,
  ) =>
    tx.execute(sql`update category set name = ${c.name}, description = ${c.description}, parent_id = ${c.parentId},
      section = ${c.section}, hidden = ${c.hidden}, seo_title = ${c.seoTitle}, seo_description = ${c.seoDescription},
      version = ${c.version} where id = ${id}`),

  /** A moved category's children follow it into its new section. */
  setSection: (tx: DbOrTx, ids: number[], section: string) =>
    tx.execute(
      sql`update category set section = ${section} where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    ),

  /** Its siblings (itself included) in their order, locked. */
  siblings: async (tx: DbOrTx, c: { parentId: number | null; section: string }) =>
    rowsOf<{ id: number; position: number }>(
      await tx.execute(
        sql`select id, position from category where ${
          c.parentId === null ? sql`parent_id is null and section = ${c.section}` : sql`parent_id = ${c.parentId}`
        } order by position, id for update`,
      ),
    ),

  setPosition: (tx: DbOrTx, id: number, position: number, bumpVersion: boolean) =>
    tx.execute(sql`update category set position = ${position} ${bumpVersion ? sql`, version = version + 1` : sql``}
      where id = ${id}`),

  /** A link at the end of a menu group: the items after it in the section move down one place. */
  addMenuLink: async (tx: DbOrTx, section: string, group: string, label: string, categoryId: number) => {
    const [at] = rowsOf<{ sectionPosition: number; last: number }>(
      await tx.execute(sql`select section_position as "sectionPosition", max(position) as last from menu_item
        where section = ${section} and group_title = ${group} group by section_position`),
    );
    if (!at) return false;
    await tx.execute(
      sql`update menu_item set position = position + 1 where section = ${section} and position > ${at.last}`,
    );
    await tx.execute(sql`insert into menu_item (section, section_position, group_title, position, label, category_id)
      values (${section}, ${at.sectionPosition}, ${group}, ${at.last + 1}, ${label}, ${categoryId})`);
    return true;
  },

  /** Menu links that carried the old name take the new one (a link given its own label keeps it). */
  renameMenuLinks: (tx: DbOrTx, id: number, from: string, to: string) =>
    tx.execute(sql`update menu_item set label = ${to} where category_id = ${id} and label = ${from}`),

  /** Two categories' links in the same menu group trade places. */
  swapMenuLinks: async (tx: DbOrTx, a: number, b: number) => {
    const links = rowsOf<{ id: number; categoryId: number; section: string; groupTitle: string; position: number }>(
      await tx.execute(sql`select id, category_id as "categoryId", section, group_title as "groupTitle", position
        from menu_item where category_id in (${a}, ${b}) and filters is null and href is null order by id`),
    );
    const x = links.find((l) => l.categoryId === a);
    const y = links.find((l) => l.categoryId === b && x && l.section === x.section && l.groupTitle === x.groupTitle);
    if (!x || !y) return;
    await tx.execute(sql`update menu_item set position = ${y.position} where id = ${x.id}`);
    await tx.execute(sql`update menu_item set position = ${x.position} where id = ${y.id}`);
  },
};

// The menu as shoppers read it (the menu module builds the mega menu from it).
export const menuItemRepository = {
  /** The menu in order, without links to hidden categories. */
  listItems: async (db: DbOrTx) =>
    rowsOf<typeof menuItem.$inferSelect>(
      await db.execute(sql`select m.id, m.section, m.section_position as "sectionPosition", m.group_title as "groupTitle",
        m.position, m.label, m.category_id as "categoryId", m.filters, m.href, m.created_at as "createdAt"
        from menu_item m left join category c on c.id = m.category_id
        where c.hidden is not true order by m.section_position, m.position`),
    ),
};
