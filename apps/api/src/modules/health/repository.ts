import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export const healthRepository = {
  /** One round trip: the database answers. */
  ping: (db: DbOrTx) => db.execute(sql`select 1`),
};
