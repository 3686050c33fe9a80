import type { DbOrTx } from '../../db/client.ts';
import { contactMessage } from './schema.ts';

export const contactRepository = {
  insert: (db: DbOrTx, message: typeof contactMessage.$inferInsert) => db.insert(contactMessage).values(message),
};
