import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { seedAll } from '../seed/seed.ts';
import { buildApp } from '../app.ts';
import {
  claimTemplate,
  embeddedTemplate,
  keepEmbeddedTemplate,
  keepPostgresTemplate,
  postgresTemplate,
  templateFolder,
} from './templates.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server at `baseUrl`, and how to drop it. */
export async function throwawayDatabase(
  baseUrl: string,
  prefix = 'facet_test',
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh app on a fresh database for one test file: in-memory PGlite by default, or a
 * throw-away database on the PostgreSQL server named by DATABASE_URL (CI runs both).
 */
export async function buildTestApp(
  overrides: Parameters<typeof loadConfig>[0] = {},
  opts: {
    seed?: boolean;
    extraApiRoutes?: (api: FastifyInstance) => void | Promise<void>;
    logStream?: NodeJS.WritableStream;
    payments?: import('../modules/payments/index.ts').PaymentProvider;
    /** Run the job queue's workers (feed imports) as a server does. */
    jobWorkers?: boolean;
  } = {},
): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  // Files a store keeps beside its database (its secret key, backups) go to a folder of the test's own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-test-'));
  const settings = (databaseUrl?: string) =>
    loadConfig(
      {
        LOG_LEVEL: 'silent',
        SEED_SCALE: '0.05',
        DATA_DIR: dataDir,
        ...overrides,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      !databaseUrl,
    );
  const scale = settings().SEED_SCALE;
  const migrated = async (database: Database) => {
    await database.migrate();
    if (opts.seed !== false) await seedAll(database.db, { scale });
  };
  // A migrated (and seeded) database is made once a run for each kind and copied (test/templates.ts).
  const folder = templateFolder();
  const kind = opts.seed === false ? 'bare' : `seeded-${scale}`;
  let config: Config;
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (baseUrl) {
    let template = folder ? postgresTemplate(folder, kind) : undefined;
    if (folder && !template && claimTemplate(folder, kind)) {
      const made = await throwawayDatabase(baseUrl, 'facet_template');
      const db = await openDatabase(settings(made.url));
      await migrated(db);
      await db.close();
      template = new URL(made.url).pathname.slice(1);
      keepPostgresTemplate(folder, kind, template);
    }
    const throwaway = await throwawayDatabase(baseUrl, 'facet_test', template);
    dropDatabase = throwaway.drop;
    config = settings(throwaway.url);
    database = await openDatabase(config);
    if (!template) await migrated(database);
  } else {
    config = settings();
    const template = folder ? embeddedTemplate(folder, kind) : undefined;
    database = await openDatabase(config, { from: template });
    if (!template) {
      await migrated(database);
      if (folder && 'pglite' in database.engine && claimTemplate(folder, kind))
        await keepEmbeddedTemplate(folder, kind, await database.engine.pglite.dumpDataDir('none'));
    }
  }
  const app = await buildApp({
    config,
    database,
    logger: !!opts.logStream,
    logStream: opts.logStream,
    payments: opts.payments,
    extraApiRoutes: opts.extraApiRoutes,
    jobWorkers: opts.jobWorkers ?? false,
  });
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
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
