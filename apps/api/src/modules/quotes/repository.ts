import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { namedQuery } from '../../db/named-statements.ts';
import { quote, quoteEvent, quoteFile, quoteVersion } from './schema.ts';

export type QuoteRow = typeof quote.$inferSelect;
export type QuoteVersionRow = typeof quoteVersion.$inferSelect;
type QuoteFileRow = typeof quoteFile.$inferSelect;

export const quoteRepository = {
  /** The account with this e-mail, if any (its quotes are listed there). */
  userIdByEmail: async (db: DbOrTx, email: string) =>
    rowsOf<{ id: number }>(await db.execute(sql`select id from app_user_view where email = ${email} limit 1`))[0]?.id ??
    null,
  insert: async (tx: DbOrTx, q: typeof quote.$inferInsert) => (await tx.insert(quote).values(q).returning())[0]!,
  // The reads and writes of accepting a quote run as named statements (parsed and planned once).
  byNumber: async (db: DbOrTx, number: string, lock = false) => {
    const q = db.select().from(quote).where(eq(quote.number, number));
    return (await namedQuery<QuoteRow>(db, 'quote_by_number', (lock ? q.for('update') : q).limit(1), quote))[0] ?? null;
  },
  byTokenHash: async (db: DbOrTx, hash: string, lock = false) => {
    const q = db.select().from(quote).where(eq(quote.tokenHash, hash));
    return (await (lock ? q.for('update') : q).limit(1))[0] ?? null;
  },
  update: (tx: DbOrTx, id: number, patch: Partial<typeof quote.$inferInsert>) =>
    namedQuery(
      tx,
      'quote_update',
      tx
        .update(quote)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(quote.id, id)),
    ),
  list: (db: DbOrTx) =>
    db
      .select({
        q: quote,
        v: quoteVersion,
      })
      .from(quote)
      .innerJoin(quoteVersion, and(eq(quoteVersion.quoteId, quote.id), eq(quoteVersion.number, quote.currentVersion)))
      .orderBy(desc(quote.updatedAt))
      .limit(500),
  ofCustomer: (db: DbOrTx, userId: number, email: string) =>
    db
      .select({ q: quote, v: quoteVersion })
      .from(quote)
      .innerJoin(quoteVersion, and(eq(quoteVersion.quoteId, quote.id), eq(quoteVersion.number, quote.currentVersion)))
      .where(
        and(
          sql`(${quote.userId} = ${userId} or ${quote.email} = ${email})`,
          inArray(quote.status, ['sent', 'accepted']),
        ),
      )
      .orderBy(desc(quote.updatedAt))
      .limit(100),
  /** Sent quotes whose deposit the browser started paying. */
  openDeposits: (db: DbOrTx) =>
    db
      .select({ number: quote.number, intentRef: quote.intentRef, currentVersion: quote.currentVersion })
      .from(quote)
      .where(and(eq(quote.status, 'sent'), sql`${quote.intentRef} is not null`))
      .limit(200),
  insertVersion: async (tx: DbOrTx, v: typeof quoteVersion.$inferInsert) =>
    (await tx.insert(quoteVersion).values(v).returning())[0]!,
  versions: (db: DbOrTx, quoteId: number) =>
    namedQuery<QuoteVersionRow>(
      db,
      'quote_versions',
      db.select().from(quoteVersion).where(eq(quoteVersion.quoteId, quoteId)).orderBy(asc(quoteVersion.number)),
      quoteVersion,
    ),
  version: async (db: DbOrTx, quoteId: number, number: number) =>
    (
      await namedQuery<QuoteVersionRow>(
        db,
        'quote_version',
        db
          .select()
          .from(quoteVersion)
          .where(and(eq(quoteVersion.quoteId, quoteId), eq(quoteVersion.number, number)))
          .limit(1),
        quoteVersion,
      )
    )[0] ?? null,
  event: (tx: DbOrTx, quoteId: number, what: string, by: string) =>
    namedQuery(tx, 'quote_event', tx.insert(quoteEvent).values({ quoteId, what, by })),
  events: (db: DbOrTx, quoteId: number) =>
    db.select().from(quoteEvent).where(eq(quoteEvent.quoteId, quoteId)).orderBy(asc(quoteEvent.at), asc(quoteEvent.id)),
  insertFile: async (tx: DbOrTx, f: typeof quoteFile.$inferInsert) =>
    (await tx.insert(quoteFile).values(f).returning())[0]!,
  removeFile: (tx: DbOrTx, id: number) => tx.delete(quoteFile).where(eq(quoteFile.id, id)),
  files: (db: DbOrTx, quoteId: number) =>
    namedQuery<QuoteFileRow>(
      db,
      'quote_files',
      db.select().from(quoteFile).where(eq(quoteFile.quoteId, quoteId)).orderBy(asc(quoteFile.id)),
      quoteFile,
    ),
  file: async (db: DbOrTx, quoteId: number, id: number) =>
    (
      await db
        .select()
        .from(quoteFile)
        .where(and(eq(quoteFile.quoteId, quoteId), eq(quoteFile.id, id)))
        .limit(1)
    )[0] ?? null,
};
