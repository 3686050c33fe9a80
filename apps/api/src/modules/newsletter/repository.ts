import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { newsletterSubscriber } from './schema.ts';

export const newsletterRepository = {
  byEmail: async (db: DbOrTx, email: string) =>
    (await db.select().from(newsletterSubscriber).where(eq(newsletterSubscriber.email, email)).limit(1))[0] ?? null,

  /** A new or pending subscription with a fresh confirmation token. */
  upsertPending: (db: DbOrTx, email: string, tokenHash: string) =>
    db
      .insert(newsletterSubscriber)
      .values({ email, tokenHash })
      .onConflictDoUpdate({ target: newsletterSubscriber.email, set: { tokenHash, createdAt: sql`now()` } }),

  /** Confirms the pending subscription holding this token; answers whether there was one. */
  confirm: async (db: DbOrTx, tokenHash: string) =>
    (
      await db
        .update(newsletterSubscriber)
        .set({ confirmed: true, confirmedAt: sql`now()`, tokenHash: null })
        .where(and(eq(newsletterSubscriber.tokenHash, tokenHash), eq(newsletterSubscriber.confirmed, false)))
        .returning({ email: newsletterSubscriber.email })
    ).length > 0,
};
