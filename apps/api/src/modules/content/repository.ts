import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { storeValues } from '../store-values/index.ts';
import type { HomePage } from '@facet/contracts/home';
import { contentImage, contentPage } from './schema.ts';
import type { ContentKind } from '@facet/contracts/content';

export type ContentRow = typeof contentPage.$inferSelect;
export type ContentImageRow = typeof contentImage.$inferSelect;

/** The home page's words live beside the store's settings, under this key. */
const HOME_KEY = 'home.page';

export const contentRepository = {
  list: (db: DbOrTx, kind?: ContentKind) =>
    db
      .select()
      .from(contentPage)
      .where(kind ? eq(contentPage.kind, kind) : undefined),
  one: async (db: DbOrTx, kind: ContentKind, slug: string, lock = false): Promise<ContentRow | null> => {
    const q = db
      .select()
      .from(contentPage)
      .where(and(eq(contentPage.kind, kind), eq(contentPage.slug, slug)));
    return (await (lock ? q.for('update') : q))[0] ?? null;
  },
  /** Writes the next version if the page is still at `version` (0: not saved yet); the row, or null if not. */
  save: async (
    db: DbOrTx,
    page: Omit<ContentRow, 'version' | 'updatedAt'>,
    version: number,
  ): Promise<ContentRow | null> => {
    const rows =
      version === 0
        ? await db
            .insert(contentPage)
            .values({ ...page, version: 1 })
            .onConflictDoNothing()
            .returning()
        : await db
            .update(contentPage)
            .set({ ...page, version: version + 1, updatedAt: sql`now()` })
            .where(
              and(eq(contentPage.kind, page.kind), eq(contentPage.slug, page.slug), eq(contentPage.version, version)),
            )
            .returning();
    return rows[0] ?? null;
  },

  /** Deletes the page if it is still at `version`: the row deleted, or null. */
  remove: async (db: DbOrTx, kind: ContentKind, slug: string, version: number): Promise<ContentRow | null> =>
    (
      await db
        .delete(contentPage)
        .where(and(eq(contentPage.kind, kind), eq(contentPage.slug, slug), eq(contentPage.version, version)))
        .returning()
    )[0] ?? null,

  images: (db: DbOrTx) => db.select().from(contentImage).orderBy(desc(contentImage.createdAt), contentImage.key),
  image: async (db: DbOrTx, key: string, lock = false): Promise<ContentImageRow | null> => {
    const q = db.select().from(contentImage).where(eq(contentImage.key, key));
    return (await (lock ? q.for('update') : q))[0] ?? null;
  },
  addImage: async (db: DbOrTx, row: Omit<ContentImageRow, 'createdAt'>) =>
    (await db.insert(contentImage).values(row).returning())[0]!,
  removeImage: (db: DbOrTx, key: string) => db.delete(contentImage).where(eq(contentImage.key, key)),
  /** The pages whose text shows the image (its key in their Markdown). */
  pagesShowing: async (db: DbOrTx, key: string) =>
    rowsOf<{ title: string }>(
      await db.execute(sql`select title from content_page where position(${key} in body) > 0 order by title`),
    ),

  /** The soonest moment a post waiting for it (not a draft, not taken off) becomes readable. */
  nextPublishAt: async (db: DbOrTx) =>
    rowsOf<{ at: Date | string }>(
      await db.execute(sql`select min(publish_at) as at from content_page
        where publish_at > now() and not draft and not hidden`),
    ).map((r) => (r.at ? new Date(r.at) : null))[0] ?? null,

  /** The home page's words as saved (a stored value `{ version, home, by }`), or null: the originals. */
  home: async (db: DbOrTx, lock = false) => {
    const row = await storeValues.readVersioned<HomePage>(db, HOME_KEY, 'home', lock);
    return row && { version: row.version, home: row.body, by: row.by, updatedAt: row.updatedAt };
  },

  /** Writes the next version if the row is still at `version` (0: never saved): false when someone else saved first. */
  saveHome: async (db: DbOrTx, version: number, home: HomePage, by: string) =>
    (await storeValues.writeVersioned(db, HOME_KEY, version, 'home', home, by)) !== null,
};
