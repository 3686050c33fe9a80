import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { importFileChunk, importRun } from '../../db/schema/imports.ts';
import { staff } from '../../db/schema/staff.ts';
import { supplier } from '../../db/schema/products.ts';

export type ImportRunRow = typeof importRun.$inferSelect;
export type NewImportRun = typeof importRun.$inferInsert;
export type SupplierRow = typeof supplier.$inferSelect;
export type ImportRunWithStaff = ImportRunRow & { staffEmail: string | null; hasFile: boolean };

const withStaff = {
  ...getTableColumns(importRun),
  staffEmail: staff.email,
  hasFile: sql<boolean>`exists (select 1 from import_file_chunk c where c.run_id = ${importRun.id})`,
};

export const importsRepository = {
  /** A new queued run, or null when the supplier already has one queued or running. */
  async create(db: DbOrTx, run: NewImportRun): Promise<ImportRunRow | null> {
    const [row] = await db
      .insert(importRun)
      .values(run)
      .onConflictDoNothing({
        target: importRun.supplierCode,
        where: sql`state in ('uploading', 'queued', 'running')`,
      })
      .returning();
    return row ?? null;
  },

  async live(db: DbOrTx, supplierCode: string): Promise<ImportRunRow | null> {
    const [row] = await db
      .select()
      .from(importRun)
      .where(
        and(eq(importRun.supplierCode, supplierCode), inArray(importRun.state, ['uploading', 'queued', 'running'])),
      );
    return row ?? null;
  },

  async get(db: DbOrTx, id: string): Promise<ImportRunWithStaff | null> {
    const [row] = await db
      .select(withStaff)
      .from(importRun)
      .leftJoin(staff, eq(staff.id, importRun.staffId))
      .where(eq(importRun.id, id));
    return row ?? null;
  },

  /** Newest first, a page at a time (keyset on created_at). */
  async list(db: DbOrTx, limit: number, before?: Date): Promise<ImportRunWithStaff[]> {
    return db
      .select(withStaff)
      .from(importRun)
      .leftJoin(staff, eq(staff.id, importRun.staffId))
      .where(before ? lt(importRun.createdAt, before) : undefined)
      .orderBy(desc(importRun.createdAt))
      .limit(limit);
  },

  /** Marks the run running (again, when a job is resumed after its instance died); null when it has ended. */
  async begin(db: DbOrTx, id: string): Promise<ImportRunRow | null> {
    const [row] = await db
      .update(importRun)
      .set({
        state: 'running',
        startedAt: sql`coalesce(${importRun.startedAt}, now())`,
        beatAt: sql`now()`,
        rowsDone: 0,
        errorsSoFar: 0,
      })
      .where(and(eq(importRun.id, id), inArray(importRun.state, ['queued', 'running'])))
      .returning();
    return row ?? null;
  },

  async progress(
    db: DbOrTx,
    id: string,
    p: { phase: string; rowsDone: number; rowsTotal: number | null; errorsSoFar: number },
  ): Promise<void> {
    await db
      .update(importRun)
      .set({ ...p, beatAt: sql`now()` })
      .where(eq(importRun.id, id));
  },

  /**
   * Runs silent since `before` are over: an upload nobody finished, a run that lost its process
   * (a killed CLI, a crash on the last retry). Marked failed.
   */
  async reapSilent(db: DbOrTx, supplierCode: string, before: Date, message: string): Promise<number> {
    const rows = await db
      .update(importRun)
      .set({ state: 'failed', phase: null, message, finishedAt: sql`now()` })
      .where(
        and(
          eq(importRun.supplierCode, supplierCode),
          inArray(importRun.state, ['uploading', 'running']),
          lt(importRun.beatAt, before),
        ),
      )
      .returning({ id: importRun.id });
    return rows.length;
  },

  async finish(db: DbOrTx, id: string, end: Pick<NewImportRun, 'state' | 'report' | 'message'>): Promise<void> {
    const rows = end.report ? ('rows' in end.report ? end.report.rows : end.report.products) : 0;
    const counts = end.report ? { rowsDone: rows, rowsTotal: rows, errorsSoFar: end.report.rowsWithErrors } : {};
    await db
      .update(importRun)
      .set({ ...end, ...counts, phase: null, finishedAt: sql`now()` })
      .where(eq(importRun.id, id));
  },

  /**
   * Stores a piece of the run's file; the same piece sent again (a retry) replaces it. The bytes
   * travel as base64 and are decoded by the database: the embedded database takes a bytea
   * parameter ten times slower (1.4 s for 4 MB, against 0.15 s).
   */
  async putChunk(db: DbOrTx, runId: string, seq: number, bytes: Buffer): Promise<void> {
    const decoded = sql`decode(${bytes.toString('base64')}, 'base64')`;
    await db
      .insert(importFileChunk)
      .values({ runId, seq, bytes: decoded })
      .onConflictDoUpdate({ target: [importFileChunk.runId, importFileChunk.seq], set: { bytes: decoded } });
    await db
      .update(importRun)
      .set({ beatAt: sql`now()` })
      .where(eq(importRun.id, runId));
  },

  async fileStats(db: DbOrTx, runId: string): Promise<{ pieces: number; bytes: number }> {
    const [row] = await db
      .select({
        pieces: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(octet_length(${importFileChunk.bytes})), 0)::bigint`.mapWith(Number),
      })
      .from(importFileChunk)
      .where(eq(importFileChunk.runId, runId));
    return row ?? { pieces: 0, bytes: 0 };
  },

  /** Uploading → queued; false when the run is no longer uploading. */
  async uploaded(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db
      .update(importRun)
      .set({ state: 'queued' })
      .where(and(eq(importRun.id, id), eq(importRun.state, 'uploading')))
      .returning({ id: importRun.id });
    return rows.length > 0;
  },

  /** Up to `limit` pieces of a run's file after `afterSeq`, in order (as base64, see putChunk). */
  async chunks(
    db: DbOrTx,
    runId: string,
    afterSeq: number,
    limit: number,
  ): Promise<Array<{ seq: number; bytes: Buffer }>> {
    const rows = await db
      .select({ seq: importFileChunk.seq, b64: sql<string>`encode(${importFileChunk.bytes}, 'base64')` })
      .from(importFileChunk)
      .where(and(eq(importFileChunk.runId, runId), gt(importFileChunk.seq, afterSeq)))
      .orderBy(asc(importFileChunk.seq))
      .limit(limit);
    return rows.map((r) => ({ seq: r.seq, bytes: Buffer.from(r.b64, 'base64') }));
  },

  async hasFile(db: DbOrTx, runId: string): Promise<boolean> {
    const [row] = await db
      .select({ seq: importFileChunk.seq })
      .from(importFileChunk)
      .where(eq(importFileChunk.runId, runId))
      .limit(1);
    return !!row;
  },

  async dropFile(db: DbOrTx, runId: string): Promise<void> {
    await db.delete(importFileChunk).where(eq(importFileChunk.runId, runId));
  },

  /** Files of runs that ended before `before` (a dry run's file is kept a while for "apply"). */
  async dropOldFiles(db: DbOrTx, before: Date): Promise<void> {
    await db.delete(importFileChunk).where(
      inArray(
        importFileChunk.runId,
        db
          .select({ id: importRun.id })
          .from(importRun)
          .where(and(inArray(importRun.state, ['done', 'failed']), lt(importRun.finishedAt, before))),
      ),
    );
  },

  suppliers: (db: DbOrTx): Promise<SupplierRow[]> => db.select().from(supplier).orderBy(asc(supplier.code)),

  /** The supplier's pull settings; the supplier is made if it is new. The next pull is due at once. */
  async setPull(
    db: DbOrTx,
    code: string,
    p: { feedUrl: string | null; everyMinutes: number; full: boolean; kind: 'diamonds' | 'products' },
  ): Promise<SupplierRow> {
    const set = {
      feedUrl: p.feedUrl,
      feedFull: p.full,
      feedKind: p.kind,
      pullEveryMinutes: p.feedUrl ? p.everyMinutes : null,
      nextPullAt: p.feedUrl ? sql`now()` : null,
      // A new address starts afresh: its validators belong to the old one.
      etag: null,
      lastModified: null,
    };
    const [row] = await db
      .insert(supplier)
      .values({ code, name: code, ...set })
      .onConflictDoUpdate({ target: supplier.code, set })
      .returning();
    return row!;
  },

  /**
   * Claims the supplier whose pull is most overdue, moving its next pull on by its interval in the
   * same statement (SKIP LOCKED: two instances never claim the same one). Null when none is due.
   */
  async claimDuePull(db: DbOrTx): Promise<SupplierRow | null> {
    const rows = await db.execute(sql`
      update supplier set next_pull_at = now() + make_interval(mins => pull_every_minutes)
      where id = (
        select id from supplier
        where pull_every_minutes is not null and feed_url is not null and next_pull_at <= now()
        order by next_pull_at limit 1 for update skip locked)
      returning id, code, feed_url as "feedUrl", feed_full as "feedFull", feed_kind as "feedKind", etag, last_modified as "lastModified"`);
    return rowsOf<SupplierRow>(rows)[0] ?? null;
  },

  async recordPull(
    db: DbOrTx,
    id: number,
    r: { result: string; etag?: string | null; lastModified?: string | null },
  ): Promise<void> {
    await db
      .update(supplier)
      .set({
        lastPullAt: sql`now()`,
        lastPullResult: r.result.slice(0, 300),
        ...(r.etag !== undefined ? { etag: r.etag, lastModified: r.lastModified ?? null } : {}),
      })
      .where(eq(supplier.id, id));
  },

  /** Tests and "pull now": the supplier's next pull is due at once. */
  async pullNow(db: DbOrTx, code: string): Promise<void> {
    await db
      .update(supplier)
      .set({ nextPullAt: sql`now()` })
      .where(and(eq(supplier.code, code), sql`${supplier.pullEveryMinutes} is not null`));
  },
};
