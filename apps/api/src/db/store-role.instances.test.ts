import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedAll } from '../seed/seed.ts';
import { openDatabase, rowsOf, type Database } from './client.ts';
import { placeDiamondOrder, staffSession } from '../test/staff.ts';

// The store run as a PostgreSQL role that may only read and write rows; the schema changed by its
// owner role (MIGRATION_DATABASE_URL). Needs DATABASE_URL as a superuser (CI's server) to make them.

const base = process.env.DATABASE_URL;
if (!base) throw new Error('The store-role suite needs DATABASE_URL (a PostgreSQL server); .ci/run provides one.');

const tag = randomBytes(4).toString('hex');
const ownerRole = `facet_owner_${tag}`;
const storeRole = `facet_store_${tag}`;
const dbName = `facet_roles_${tag}`;
const urlAs = (user: string) => {
  const u = new URL(base);
  u.username = user;
  u.password = '';
  u.pathname = `/${dbName}`;
  return u.toString();
};
const asSuper = async (statement: string) => {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
};

let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  await asSuper(`CREATE ROLE ${ownerRole} LOGIN NOSUPERUSER NOCREATEROLE`);
  await asSuper(`CREATE ROLE ${storeRole} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
  await asSuper(`CREATE DATABASE ${dbName} OWNER ${ownerRole}`);
  const config = loadConfig({
    DATABASE_URL: urlAs(storeRole),
    MIGRATION_DATABASE_URL: urlAs(ownerRole),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ORDER_MAX: '1000',
  });
  database = await openDatabase(config);
  await database.migrate();
  await seedAll(database.db, { scale: 0.02 });
  app = await buildApp({ config, database, logger: false, jobWorkers: true });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await asSuper(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await asSuper(`DROP ROLE IF EXISTS ${storeRole}`);
  await asSuper(`DROP ROLE IF EXISTS ${ownerRole}`);
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
  );

describe('the store as a role without DDL or TRUNCATE', () => {
  it('sells, signs staff in and audits, with the job queue running', async () => {
    const t = { app, database, config: app.config, close: async () => {} };
    const order = await placeDiamondOrder(t);
    expect(order.number).toMatch(/^FCT-/);
    const owner = await staffSession(t, 'owner');
    expect(owner.cookie).toContain('facet_staff=');
    const [row] = rowsOf<{ who: string; n: number }>(
      await database.db.execute(sql`select current_user as who, (select count(*)::int from audit_log) as n`),
    );
    expect(row!.who).toBe(storeRole);
    expect(row!.n).toBeGreaterThan(0);
  });

  it('cannot empty, change or drop the audit log, or change the schema', async () => {
    const db = database.db;
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/permission denied/);
    expect(await refusal(db.execute(sql`update audit_log set action = 'x'`))).toMatch(/permission denied/);
    expect(await refusal(db.execute(sql`delete from audit_log`))).toMatch(/permission denied/);
    expect(await refusal(db.execute(sql`truncate customer_order cascade`))).toMatch(/permission denied/);
    expect(await refusal(db.execute(sql`drop table customer_order cascade`))).toMatch(/must be owner/);
    expect(await refusal(db.execute(sql`create table intruder (id int)`))).toMatch(/permission denied/);
    expect(await refusal(db.execute(sql`alter table app_user add column x int`))).toMatch(/must be owner/);
  });
});
