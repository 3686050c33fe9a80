import type { AdminCustomer, AdminCustomerList } from '@facet/contracts/admin';
import type { Db } from '../../db/client.ts';
import type { CustomerRecord } from '@facet/contracts/customer-record';
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
    record: await repo.record(db, id),
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

/** The customer's record as they keep it (nothing kept: an empty one). */
export const recordOf = (db: Db, userId: number): Promise<CustomerRecord> => repo.record(db, userId);

/**
 * The record saved whole, by the customer (their account) or by staff (the customer page, audited
 * before → after).
 */
export async function saveRecord(
  db: Db,
  userId: number,
  record: CustomerRecord,
  actor?: Actor,
): Promise<CustomerRecord> {
  await db.transaction(async (tx) => {
    if (!(await repo.exists(tx, userId))) throw new NotFound('There is no such customer.');
    const before = actor ? await repo.record(tx, userId) : null;
    await repo.saveRecord(tx, userId, record);
    if (actor) await audit(tx, actor, 'customer.record', 'customer', userId, before, record);
  });
  return recordOf(db, userId);
}
