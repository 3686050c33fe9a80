import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { storeValues } from '../store-values/index.ts';
import type { MailWordsSet } from '../mail/index.ts';

/** The e-mails' words live beside the store's settings, under this key, as one versioned document. */
const WORDS_KEY = 'mail.words';

export const mailWordsRepository = {
  read: (db: DbOrTx, lock = false) => storeValues.readVersioned<MailWordsSet>(db, WORDS_KEY, 'words', lock),
  /** The next version if still at `version` (0: never saved): its time, or null when someone saved first. */
  write: (db: DbOrTx, version: number, words: MailWordsSet, by: string) =>
    storeValues.writeVersioned(db, WORDS_KEY, version, 'words', words, by),
  /** The newest order's facts an e-mail quotes, for a preview made from a real order. */
  latestOrder: async (db: DbOrTx) =>
    rowsOf<{ number: string; name: string; carrier: string | null; trackingNumber: string | null }>(
      await db.execute(sql`select number, shipping_address->>'name' as name, carrier, tracking_number as "trackingNumber"
        from customer_order_view order by placed_at desc nulls last, id desc limit 1`),
    )[0] ?? null,
};
