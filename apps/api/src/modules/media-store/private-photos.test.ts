import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationJournal, openDatabase, rowsOf, type Database } from '../../db/client.ts';
import { loadConfig } from '../../config.ts';
import { throwawayDatabase } from '../../test/build-test-app.ts';
import { postgresMediaStore } from './postgres-store.ts';

// The release that moved customers' photographs into the media store: the photographs a store
// already had come through the migration byte for byte, under the names the routes now read.

let database: Database;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  // A database of its own on either engine: it is migrated only part of the way first.
  const url = process.env.DATABASE_URL;
  const own = url ? await throwawayDatabase(url, 'facet_photos') : undefined;
  drop = own?.drop;
  database = await openDatabase(loadConfig({ LOG_LEVEL: 'silent', ...(own ? { DATABASE_URL: own.url } : {}) }, !own));
  const journal = migrationJournal();
  const at = journal.findIndex((m) => m.tag === '0056_private_photos_in_media_store');
  await database.migrate(journal[at - 1]!.when);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('the migration of customers’ photographs', () => {
  it('moves each size of every return and service photograph into the media store, then drops the columns', async () => {
    const db = database.db;
    // Rows as the previous release kept them (their owners' rows are not needed to move bytes).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into return_photo (key, return_id, width, height, large, small)
        values ('RRRRRRRRRRRRRRR1', 1, 900, 700, ${Buffer.from('return large')}, ${Buffer.from('return small')})`);
      await tx.execute(sql`insert into service_photo (key, ticket_id, width, height, large, small)
        values ('SSSSSSSSSSSSSSS1', 1, 800, 800, ${Buffer.from('service large')}, ${Buffer.from('service small')})`);
    });
    await database.migrate();
    const store = postgresMediaStore(db);
    expect((await store.get('private/return/RRRRRRRRRRRRRRR1/large.webp'))?.bytes).toEqual(Buffer.from('return large'));
    expect((await store.get('private/return/RRRRRRRRRRRRRRR1/small.webp'))?.bytes).toEqual(Buffer.from('return small'));
    expect(await store.get('private/service/SSSSSSSSSSSSSSS1/large.webp')).toEqual({
      bytes: Buffer.from('service large'),
      type: 'image/webp',
    });
    expect((await store.get('private/service/SSSSSSSSSSSSSSS1/small.webp'))?.bytes).toEqual(
      Buffer.from('service small'),
    );
    const columns = rowsOf<{ t: string; c: string }>(
      await db.execute(sql`select table_name as t, column_name as c from information_schema.columns
        where table_name in ('return_photo', 'service_photo') and column_name in ('large', 'small')`),
    );
    expect(columns).toEqual([]);
    // The rows that name them stay, with their sizes.
    expect(
      rowsOf<{ width: number }>(await db.execute(sql`select width from return_photo where key = 'RRRRRRRRRRRRRRR1'`)),
    ).toEqual([{ width: 900 }]);
  });
});
