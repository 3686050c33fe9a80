import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contentPage } from '../../db/schema/content.ts';
import type { ContentKind } from '@facet/contracts/content';

export type ContentRow = typeof contentPage.$inferSelect;

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
};
