import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { address } from './schema.ts';

const COLS = {
  id: address.id,
  name: address.name,
  company: address.company,
  line1: address.line1,
  line2: address.line2,
  city: address.city,
  state: address.state,
  zip: address.zip,
  country: address.country,
  phone: address.phone,
  isDefaultShipping: address.isDefaultShipping,
  isDefaultBilling: address.isDefaultBilling,
};
type Values = Omit<typeof address.$inferInsert, 'id' | 'userId' | 'createdAt'>;

// Every query is scoped by user: another user's id simply is not found.
export const addressRepository = {
  list: (db: DbOrTx, userId: number) =>
    db
      .select(COLS)
      .from(address)
      .where(eq(address.userId, userId))
      .orderBy(desc(address.isDefaultShipping), desc(address.isDefaultBilling), asc(address.id)),

  one: async (db: DbOrTx, userId: number, id: number) =>
    (
      await db
        .select(COLS)
        .from(address)
        .where(and(eq(address.userId, userId), eq(address.id, id)))
        .limit(1)
    )[0] ?? null,

  count: async (db: DbOrTx, userId: number) =>
    (await db.select({ n: count() }).from(address).where(eq(address.userId, userId)))[0]!.n,

  insert: async (tx: DbOrTx, userId: number, v: Values) =>
    (
      await tx
        .insert(address)
        .values({ ...v, userId })
        .returning(COLS)
    )[0]!,

  update: async (tx: DbOrTx, userId: number, id: number, v: Values) =>
    (
      await tx
        .update(address)
        .set(v)
        .where(and(eq(address.userId, userId), eq(address.id, id)))
        .returning(COLS)
    )[0] ?? null,

  remove: async (tx: DbOrTx, userId: number, id: number) =>
    (
      await tx
        .delete(address)
        .where(and(eq(address.userId, userId), eq(address.id, id)))
        .returning({ id: address.id })
    ).length === 1,

  clearDefault: async (tx: DbOrTx, userId: number, kind: 'shipping' | 'billing') => {
    const col = kind === 'shipping' ? { isDefaultShipping: false } : { isDefaultBilling: false };
    await tx.update(address).set(col).where(eq(address.userId, userId));
  },
};
