import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { menuItem } from '../../db/schema/catalog.ts';

export const menuRepository = {
  listItems: (db: DbOrTx) => db.select().from(menuItem).orderBy(asc(menuItem.sectionPosition), asc(menuItem.position)),
};
