import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationJournal, openDatabase, rowsOf, type Database } from '../../db/client.ts';
import { loadConfig } from '../../config.ts';
import { throwawayDatabase } from '../../test/build-test-app.ts';
import { postgresMediaStore } from './postgres-store.ts';

// The releases that moved customers' photographs and avatars into the media store: what a store
// already had comes through the migrations byte for byte, under the names the routes now read.

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

const migrateTo = async (tag: string) => {
  const journal = migrationJournal();
  await database.migrate(journal.find((m) => m.tag === tag)!.when);
};
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('the migrations of customers’ photographs and avatars', () => {
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
    await migrateTo('0056_private_photos_in_media_store');
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

  it('moves each account’s current avatar into the media store (the ones it replaced are gone), then drops their table', async () => {
    const db = database.db;
    await db.execute(
      sql`insert into app_user (email, first_name, avatar_key) values ('ada@example.com', 'Ada', 'AAAAAAAAAAAAAAA2')`,
    );
    await db.execute(sql`insert into user_avatar (key, user_id, webp)
      select 'AAAAAAAAAAAAAAA2', id, ${Buffer.from('current avatar')}::bytea from app_user where email = 'ada@example.com'
      union all select 'AAAAAAAAAAAAAAA1', id, ${Buffer.from('replaced avatar')}::bytea from app_user where email = 'ada@example.com'`);
    await migrateTo('0057_avatars_in_media_store');
    const store = postgresMediaStore(db);
    expect(await store.get('avatar/AAAAAAAAAAAAAAA2.webp')).toEqual({
      bytes: Buffer.from('current avatar'),
      type: 'image/webp',
    });
    expect(await store.has('avatar/AAAAAAAAAAAAAAA1.webp')).toBe(false);
    const table = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from information_schema.tables where table_name = 'user_avatar'`),
    );
    expect(table).toEqual([{ n: 0 }]);
  });

  it('moves bought labels’ and returns’ label PDFs into the media store, then drops their columns', async () => {
    const db = database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into shipment (id, order_id, kind, provider, provider_shipment_id, signature, created_by, label_pdf)
        values (9001, 1, 'outbound', 'easypost', 'shp_1', false, 'staff@example.com', ${Buffer.from('%PDF-outbound')})`);
      await tx.execute(sql`insert into return_request (id, number, order_id, reason, resolution, status, label_name, label)
        values (9002, 'RMA-LABEL01', 1, 'too-small', 'refund', 'approved', 'label.pdf', ${Buffer.from('%PDF-return')})`);
    });
    await database.migrate();
    const store = postgresMediaStore(db);
    expect(await store.get('label/shipment-9001.pdf')).toEqual({
      bytes: Buffer.from('%PDF-outbound'),
      type: 'application/pdf',
    });
    expect((await store.get('label/return-RMA-LABEL01.pdf'))?.bytes).toEqual(Buffer.from('%PDF-return'));
    const columns = rowsOf<{ c: string }>(
      await db.execute(sql`select column_name as c from information_schema.columns
        where (table_name = 'shipment' and column_name = 'label_pdf') or (table_name = 'return_request' and column_name = 'label')`),
    );
    expect(columns).toEqual([]);
  });
});
