import { ADDRESS_LIMIT, type Address } from '@facet/contracts/account';
import type { z } from 'zod';
import type { addressBody } from '@facet/contracts/account';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { NotFound, Unprocessable } from '../../errors.ts';
import { addressRepository as repo } from './repository.ts';

type Input = z.output<typeof addressBody>;
const NOT_FOUND = 'Address not found';

// Rows were validated by the contracts on the way in; the columns are plain text.
const asAddress = (row: object) => row as Address;

/** A new default of a kind takes the flag from the old one; the first address is both defaults. */
async function settleDefaults(tx: Tx, userId: number, input: Input, isFirst: boolean) {
  const shipping = input.isDefaultShipping || isFirst;
  const billing = input.isDefaultBilling || isFirst;
  if (shipping) await repo.clearDefault(tx, userId, 'shipping');
  if (billing) await repo.clearDefault(tx, userId, 'billing');
  return { isDefaultShipping: shipping, isDefaultBilling: billing };
}

export const listAddresses = async (db: Db, userId: number) => (await repo.list(db, userId)).map(asAddress);

export async function createAddress(db: Db, userId: number, input: Input): Promise<Address> {
  return db.transaction(async (tx) => {
    const n = await repo.count(tx, userId);
    if (n >= ADDRESS_LIMIT)
      throw new Unprocessable(`You can save up to ${ADDRESS_LIMIT} addresses. Please remove one first.`);
    const flags = await settleDefaults(tx, userId, input, n === 0);
    return asAddress(await repo.insert(tx, userId, { ...input, ...flags }));
  });
}

export async function updateAddress(db: Db, userId: number, id: number, input: Input): Promise<Address> {
  return db.transaction(async (tx) => {
    const current = await repo.one(tx, userId, id);
    if (!current) throw new NotFound(NOT_FOUND);
    // Unticking a default keeps it: a default moves only when another address takes it.
    const isDefaultShipping = input.isDefaultShipping || current.isDefaultShipping;
    const isDefaultBilling = input.isDefaultBilling || current.isDefaultBilling;
    if (isDefaultShipping && !current.isDefaultShipping) await repo.clearDefault(tx, userId, 'shipping');
    if (isDefaultBilling && !current.isDefaultBilling) await repo.clearDefault(tx, userId, 'billing');
    const row = await repo.update(tx, userId, id, { ...input, isDefaultShipping, isDefaultBilling });
    return asAddress(row!);
  });
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.one(tx, userId, id);
    if (!current || !(await repo.remove(tx, userId, id))) throw new NotFound(NOT_FOUND);
    // A removed default passes to the oldest remaining address, so checkout always has one.
    const [next] = await repo.list(tx, userId);
    if (next && (current.isDefaultShipping || current.isDefaultBilling)) {
      await repo.update(tx, userId, next.id, {
        ...next,
        isDefaultShipping: next.isDefaultShipping || current.isDefaultShipping,
        isDefaultBilling: next.isDefaultBilling || current.isDefaultBilling,
      });
    }
  });
}

/** Keeps the address a signed-in shopper checked out with, inside the order's transaction (while the book has room). */
export async function keepCheckoutAddress(
  tx: DbOrTx,
  userId: number,
  values: Omit<Parameters<typeof repo.insert>[2], 'isDefaultShipping' | 'isDefaultBilling'>,
): Promise<void> {
  if ((await repo.count(tx, userId)) >= ADDRESS_LIMIT) return;
  await repo.insert(tx, userId, { ...values, isDefaultShipping: false, isDefaultBilling: false });
}
