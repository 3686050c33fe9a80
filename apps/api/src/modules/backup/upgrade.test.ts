import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { codeMigrations, openDatabase, rowsOf, type Database } from '../../db/client.ts';
import { loadConfig, type Config } from '../../config.ts';
import { throwawayDatabase } from '../../test/build-test-app.ts';
import { ORIGIN } from '../../test/staff.ts';
import { readBackup } from './format.ts';
import { restoreStore } from './restore.ts';
import { backupKey } from './service.ts';
import {
  FIXTURE,
  FIXTURE_CUSTOMER_PASSWORD,
  FIXTURE_CUSTOMERS,
  FIXTURE_SECRET_KEY,
  FIXTURE_STAFF,
} from './upgrade-fixture.ts';

// A store made by the previous release (fixtures/previous-release.backup, made by its own code:
// see upgrade-fixture.ts) is restored and the current code started on it: the migrations since run
// forward over real rows, and every order, account and stone is still there and readable.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-upgrade-'));
let config: Config;
let database: Database;
let app: FastifyInstance;
let drop: (() => Promise<void>) | undefined;
let header: Awaited<ReturnType<typeof readBackup>>['header'];

beforeAll(async () => {
  // Made by a release before backups were signed (format 1): restored as its owner would, by name.
  header = (
    await readBackup(FIXTURE, {
      key: backupKey({ SECRET_KEY: FIXTURE_SECRET_KEY, DATA_DIR: tmp }),
      acceptUnsigned: true,
    })
  ).header;
  const base = { DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'silent' as const, SECRET_KEY: FIXTURE_SECRET_KEY };
  if (process.env.DATABASE_URL) {
    const db = await throwawayDatabase(process.env.DATABASE_URL, 'facet_upgrade');
    drop = db.drop;
    config = loadConfig({ ...base, DATABASE_URL: db.url });
  } else config = loadConfig(base);
  await restoreStore(config, FIXTURE, { replace: false, acceptUnsigned: header.format === 1 });
  database = await openDatabase(config);
  await database.migrate();
  app = await buildApp({ config, database, logger: false, jobWorkers: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const count = async (table: string) =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe('the previous release’s store on this code', () => {
  it('is older than this code, so there are migrations to run over it', () => {
    expect(header.schema.migrations).toBeLessThan(codeMigrations().length);
  });

  it('keeps every order, line, account, staff member and stone', async () => {
    for (const table of [
      'customer_order',
      'order_line',
      'order_event',
      'app_user',
      'staff',
      'diamond',
      'notable_gemstone',
    ])
      expect(await count(table), table).toBe(header.tables[table]);
    expect(header.tables.customer_order).toBeGreaterThan(0);
  });

  it('lets the owner sign in and read every order', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { origin: ORIGIN },
      payload: FIXTURE_STAFF,
    });
    expect(login.statusCode).toBe(200);
    const cookie = `facet_staff=${login.cookies.find((c) => c.name === 'facet_staff')!.value}`;
    const numbers = rowsOf<{ number: string }>(await database.db.execute(sql`select number from customer_order`));
    for (const { number } of numbers) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/orders/${number}`, headers: { cookie } });
      expect(res.statusCode, number).toBe(200);
      expect(res.json().data.lines.length).toBeGreaterThan(0);
    }
  });

  it('lets every customer sign in with the password they chose', async () => {
    for (const email of FIXTURE_CUSTOMERS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/authenticate',
        payload: { username: email, password: FIXTURE_CUSTOMER_PASSWORD },
      });
      expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
    }
  });

  it('shows every stone and sells', async () => {
    const ids = rowsOf<{ id: number; status: string }>(await database.db.execute(sql`select id, status from diamond`));
    for (const d of ids.filter((x) => x.status === 'available')) {
      const res = await app.inject({ method: 'GET', url: `/api/product/diamond?id=${d.id}` });
      expect(res.statusCode, `diamond ${d.id}`).toBe(200);
    }
    const gems = await app.inject({ method: 'GET', url: '/api/product/type-notable-gemstone' });
    expect(gems.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
