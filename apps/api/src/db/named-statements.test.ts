import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { named, namedQuery } from './named-statements.ts';

// On the engine the suite runs on: PGlite, or PostgreSQL when DATABASE_URL is set (CI runs both).
let database: Database;
const table = `named_test_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  database = await openDatabase(loadConfig({ LOG_LEVEL: 'silent' }, true));
  await database.db.execute(
    sql.raw(`create table ${table} (id int primary key, label text, doc jsonb, at timestamptz default now())`),
  );
});
afterAll(async () => {
  await database.db.execute(sql.raw(`drop table if exists ${table}`));
  await database.close();
});

describe('named statements', () => {
  it('run a query Drizzle built by name, its rows keyed and typed as Drizzle’s returning() gives them', async () => {
    const t = pgTable(table, {
      id: integer('id').primaryKey(),
      note: text('label'),
      doc: jsonb('doc'),
      placedAt: timestamp('at', { withTimezone: true }).defaultNow(),
    });
    const db = database.db;
    const viaDrizzle = await db
      .insert(t)
      .values({ id: 200, note: 'a', doc: { ring: 7 } })
      .returning();
    const viaName = await namedQuery<typeof t.$inferSelect>(
      db,
      'drizzle_insert',
      db
        .insert(t)
        .values({ id: 201, note: 'b', doc: { ring: 7 } })
        .returning(),
      t,
    );
    expect(viaName).toEqual([{ id: 201, note: 'b', doc: { ring: 7 }, placedAt: expect.any(Date) }]);
    expect(Object.keys(viaName[0]!)).toEqual(Object.keys(viaDrizzle[0]!));
    // Two rows are another text, so another name: no clash with the one-row insert.
    await namedQuery(db, 'drizzle_insert', db.insert(t).values([{ id: 202 }, { id: 203, note: 'd' }]));
    const labels = await named<{ id: number; label: string | null }>(
      db,
      `${table}_labels`,
      `select id, label from ${table} where id between 200 and 299 order by id`,
      [],
    );
    expect(labels).toEqual([
      { id: 200, label: 'a' },
      { id: 201, label: 'b' },
      { id: 202, label: null },
      { id: 203, label: 'd' },
    ]);
  });

  it('bind values and read rows as the engine types them, again and again by name', async () => {
    const insert = `insert into ${table} (id, label, doc) values ($1, $2, $3) returning id, label, doc, at`;
    const [row] = await named<{ id: number; label: string | null; doc: unknown; at: Date }>(
      database.db,
      `${table}_insert`,
      insert,
      [1, "O'Brien — ½ ct", { stones: [1, 2] }],
    );
    expect(row).toMatchObject({ id: 1, label: "O'Brien — ½ ct", doc: { stones: [1, 2] } });
    expect(new Date(row!.at).getTime()).toBeGreaterThan(0);
    const [second] = await named<{ id: number; label: string | null }>(database.db, `${table}_insert`, insert, [
      2,
      null,
      null,
    ]);
    expect(second).toMatchObject({ id: 2, label: null });
    await expect(named(database.db, `${table}_insert`, `select 1`, [])).rejects.toThrow(/one name, two texts/);
  });

  it('inside a transaction see its writes and are undone with it; outside one, never run inside another', async () => {
    const count = `select count(*)::int as n from ${table}`;
    const n = async () => (await named<{ n: number }>(database.db, `${table}_count`, count, []))[0]!.n;
    const before = await n();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let outside: Promise<number> | undefined;
    const tx = database.db.transaction(async (t) => {
      await named(t, `${table}_add`, `insert into ${table} (id) values ($1)`, [100]);
      expect((await named<{ n: number }>(t, `${table}_count`, count, []))[0]!.n).toBe(before + 1);
      outside = n(); // asked while the transaction is open
      await held;
      throw new Error('roll back');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(tx).rejects.toThrow('roll back');
    // Had it run inside the open transaction, it would have counted the row that was rolled back.
    expect(await outside).toBe(before);
    expect(await n()).toBe(before);
  });

  it('a failing statement answers its error and leaves the next one working', async () => {
    await expect(named(database.db, `${table}_dup`, `insert into ${table} (id) values ($1)`, [1])).rejects.toThrow(
      /duplicate key/,
    );
    expect(
      (await named<{ n: number }>(database.db, `${table}_count`, `select count(*)::int as n from ${table}`, []))[0]!.n,
    ).toBeGreaterThan(0);
  });
});
