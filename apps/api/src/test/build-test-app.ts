import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { seedAll } from '../db/seed/seed.ts';
import { buildApp } from '../app.ts';

export interface TestApp { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> }

/**
 * A fresh app on a fresh database for one test file: in-memory PGlite by default, or a
 * throw-away database on the PostgreSQL server named by DATABASE_URL (CI runs both).
 */
export async function buildTestApp(
  overrides: Parameters<typeof loadConfig>[0] = {},
  opts: { seed?: boolean; extraApiRoutes?: (api: FastifyInstance) => void | Promise<void>; logStream?: NodeJS.WritableStream; payments?: import('../modules/order/payment.ts').PaymentProvider } = {},
): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `facet_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_SCALE: '0.05', ...overrides, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, !databaseUrl);
  const database = await openDatabase(config);
  await database.migrate();
  if (opts.seed !== false) await seedAll(database.db, { scale: config.SEED_SCALE });
  const app = await buildApp({ config, database, logger: !!opts.logStream, logStream: opts.logStream, payments: opts.payments, extraApiRoutes: opts.extraApiRoutes });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      // A test may have closed the database on purpose (outage tests); the clean-up still runs.
      await database.close().catch(() => {});
      await dropDatabase?.();
    },
  };
}
