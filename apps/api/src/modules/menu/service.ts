import { paths } from '@facet/contracts/paths';
import type { MenuSection } from '@facet/contracts/menu';
import type { Db } from '../../db/client.ts';
import { menuItems } from '../categories/index.ts';

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The mega menu, grouped as the store owner arranged it. Rows are already in menu order. */
export async function getMenu(db: Db): Promise<MenuSection[]> {
  const rows = await menuItems.listItems(db);
  const sections: MenuSection[] = [];
  for (const row of rows) {
    let section = sections.at(-1);
    if (!section || section.title !== row.section) {
      section = { id: row.sectionPosition, title: row.section, slug: slugify(row.section), groups: [] };
      sections.push(section);
    }
    let group = section.groups.at(-1);
    if (!group || group.title !== row.groupTitle) {
      group = { title: row.groupTitle, items: [] };
      section.groups.push(group);
    }
    const href = row.href ?? (row.categoryId != null ? paths.category(row.categoryId, row.filters) : '/');
    group.items.push({ label: row.label, href, categoryId: row.categoryId, filters: row.filters ?? null });
  }
  return sections;
}
