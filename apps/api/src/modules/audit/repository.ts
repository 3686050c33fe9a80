import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from './schema.ts';

export const auditRepository = {
  append: (db: DbOrTx, row: Omit<typeof auditLog.$inferInsert, 'id' | 'at'>) => db.insert(auditLog).values(row),
  list: async (db: DbOrTx, q: { entity?: string; staffEmail?: string; limit: number; offset: number }) => {
    const conds: SQL[] = [];
    if (q.entity) conds.push(eq(auditLog.entity, q.entity));
    if (q.staffEmail) conds.push(eq(auditLog.staffEmail, q.staffEmail));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [total]] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(q.limit).offset(q.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where),
    ]);
    return { rows, count: total!.n };
  },
};
