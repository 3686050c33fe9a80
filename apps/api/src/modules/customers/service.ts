import type { AdminCustomer, AdminCustomerList } from '@facet/contracts/admin';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { customersRepository as repo } from './repository.ts';

const iso = (d: string | Date) => new Date(d).toISOString();

export async function listCustomers(
  db: Db,
  q: { q?: string; page: number; pageSize: number },
): Promise<AdminCustomerList> {
  const { rows, count } = await repo.list(db, { q: q.q, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { rows: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), count, page: q.page, pageSize: q.pageSize };
}

export async function customer(db: Db, id: number): Promise<AdminCustomer> {
  const c = await repo.one(db, id);
  if (!c) throw new NotFound('There is no such customer.');
  return {
    ...c,
    createdAt: iso(c.createdAt),
    newsletter: c.newsletter === null ? 'not subscribed' : c.newsletter ? 'subscribed' : 'waiting for confirmation',
    orders: c.orders.map((o) => ({ ...o, placedAt: iso(o.placedAt) })),
    notes: c.notes.map((n) => ({ ...n, at: iso(n.at) })),
  };
}

/** A note on the customer's record, for staff only; audited like every staff write. */
export async function addCustomerNote(db: Db, actor: Actor, userId: number, note: string) {
  await db.transaction(async (tx) => {
    if (!(await repo.exists(tx, userId))) throw new NotFound('There is no such customer.');
    const id = await repo.addNote(tx, { userId, staffId: actor.id, staffEmail: actor.email, body: note });
    await audit(tx, actor, 'customer.note', 'customer', userId, null, { noteId: id, note });
  });
  return customer(db, userId);
}
