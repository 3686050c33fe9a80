import type { DbOrTx } from '../../db/client.ts';
import { auditRepository as repo } from './repository.ts';

/** Who made a change: a staff member, or the command line (no member, id null). */
export interface Actor {
  id: number | null;
  email: string;
}

/** Appends one staff write to the audit log, in the caller's transaction: no change without its record. */
export const audit = (
  tx: DbOrTx,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string | number,
  before: unknown,
  after: unknown,
) =>
  repo.append(tx, {
    staffId: actor.id,
    staffEmail: actor.email,
    action,
    entity,
    entityId: String(entityId),
    before: before ?? null,
    after: after ?? null,
  });

export async function auditEntries(db: DbOrTx, q: { entity?: string; staff?: string; page: number; pageSize: number }) {
  const { rows, count } = await repo.list(db, {
    entity: q.entity,
    staffEmail: q.staff,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    count,
    page: q.page,
    pageSize: q.pageSize,
  };
}
