import { startQuery, timeQuery } from '../metrics.ts';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.ts';
import { named, registerPglite, registerPostgres } from './named-statements.ts';
import { startEmbeddedMaintenance } from './embedded-maintenance.ts';

// One Drizzle type for both drivers: services and repositories never know which engine runs.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The engine under Drizzle, for libraries that bring their own SQL (the job queue). */
  engine: { pglite: PGlite } | { url: string };
  /** Runs the migrations not yet applied; `upTo` (a migration's journal time) stops after that one (restores). */
  migrate(upTo?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` with each payload NOTIFYed on `channel` by any connection, this process's or
   * another's, when its transaction commits. `onGap` runs when notifications may have been missed
   * (the listening connection dropped and came back). Answers a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  /**
   * A hot statement, prepared once per connection by its name (PostgreSQL skips parsing and
   * planning it again); for the few statements run on nearly every request of a route.
   * `settings` (fixed by the code, never by input) hold for this statement only: SET LOCAL in a
   * transaction of its own.
   */
  prepared<T>(name: string, text: string, values: unknown[], settings?: Record<string, string>): Promise<T[]>;
  /** Runs `fn` while no other instance runs its own `exclusive` on this database (start-up: migrate and seed). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * A private copy of an embedded database as it stands between transactions (a clone of its data
 * directory): read at leisure while the store goes on serving. Close it when done.
 */
export async function embeddedCopy(database: Database): Promise<{ db: Db; close: () => Promise<void> }> {
  if (!('pglite' in database.engine)) throw new Error('Only an embedded database can be copied this way.');
  const engine = database.engine.pglite;
  const copy = await engine._runExclusiveTransaction(() => engine.clone());
  return { db: drizzlePglite(copy as PGlite) as unknown as Db, close: () => copy.close() };
}

/** A setting for the rest of the transaction only. */
const SET_LOCAL = 'select set_config($1, $2, true)';

/** Database.prepared, the same on both engines: a named statement, in a transaction of its own when it has settings. */
const preparedOn =
  (db: Db) =>
  <T>(name: string, text: string, values: unknown[], settings?: Record<string, string>): Promise<T[]> =>
    settings
      ? db.transaction(async (tx) => {
          for (const [k, v] of Object.entries(settings)) await named(tx, 'set_local', SET_LOCAL, [k, v]);
          return named<T>(tx, name, text, values);
        })
      : named<T>(db, name, text, values);

// An arbitrary key for pg_advisory_lock: "the store is starting up" for every instance.
const STARTUP_LOCK = 7_316_001;

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** This code's migrations, oldest first; each one's `folderMillis` is its place in the journal. */
export const codeMigrations = (): MigrationMeta[] => readMigrationFiles({ migrationsFolder });

/** The journal's entries: each migration's file name and time. */
export const migrationJournal = (): Array<{ tag: string; when: number }> =>
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries;

/**
 * The owner role installs the job queue's schema too (the store's role cannot create one), then
 * gives the store's role what it needs: rows, not tables. No TRUNCATE, no DDL, and the audit log
 * only INSERT and SELECT.
 */
async function grantStoreRole(owner: pg.Pool, ownerUrl: string, storeUrl: string) {
  const { PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: ownerUrl, supervise: false, schedule: false, max: 1 });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  const role = decodeURIComponent(new URL(storeUrl).username);
  if (!role || role === decodeURIComponent(new URL(ownerUrl).username)) return;
  const r = pg.escapeIdentifier(role);
  await owner.query(`
    GRANT USAGE ON SCHEMA public, pgboss, drizzle TO ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public, pgboss TO ${r};
    GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${r};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public, pgboss TO ${r};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO ${r};
    REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${r};
    REVOKE UPDATE, TRUNCATE ON order_event FROM ${r};`);
}

/** Drizzle's migrator over every migration, or those up to one journal time (a backup's schema). */
async function migrateUpTo(drizzleDb: object, upTo?: number) {
  // dialect and session are internal to Drizzle's classes; its own migrate() reaches them the same way.
  const db = drizzleDb as unknown as { dialect: unknown; session: unknown };
  const all = codeMigrations();
  const wanted = upTo === undefined ? all : all.filter((m) => m.folderMillis <= upTo);
  const dialect = db.dialect as { migrate(m: MigrationMeta[], s: unknown, c: object): Promise<void> };
  await dialect.migrate(wanted, db.session, { migrationsFolder });
}

/**
 * `from`: an embedded database's data directory as `dumpDataDir` wrote it, to start from instead
 * of an empty one (the tests' migrated and seeded template); in memory only.
 */
export async function openDatabase(config: Config, opts: { from?: Blob } = {}): Promise<Database> {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    timePool(pool);
    const db = drizzlePg(pool) as unknown as Db;
    registerPostgres(db);
    return {
      db,
      kind: 'postgres',
      engine: { url: config.DATABASE_URL },
      // With MIGRATION_DATABASE_URL the schema is changed by its owner role, and the store runs as
      // a role that may only read and write rows (docs/operations.md).
      migrate: async (upTo) => {
        const ownerUrl = config.MIGRATION_DATABASE_URL;
        const owner = ownerUrl ? new pg.Pool({ connectionString: ownerUrl, max: 2 }) : pool;
        try {
          await owner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
          await migrateUpTo(drizzlePg(owner), upTo);
          if (ownerUrl) await grantStoreRole(owner, ownerUrl, config.DATABASE_URL!);
        } finally {
          if (owner !== pool) await owner.end();
        }
      },
      close: () => pool.end(),
      prepared: preparedOn(db),
      listen: (channel, onNotify, onGap) => listenPg(config.DATABASE_URL!, channel, onNotify, onGap),
      // A session-level advisory lock on a connection of its own: two instances starting together
      // migrate and seed one after the other, and the second finds nothing left to do.
      exclusive: async (fn) => {
        const lock = new pg.Client({ connectionString: config.DATABASE_URL });
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await fn();
        } finally {
          await lock.end().catch(() => {});
        }
      },
    };
  }
  let dataDir: string | undefined;
  let releaseLock = () => {};
  if (!config.inMemoryDb) {
    dataDir = path.join(config.DATA_DIR, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(config.DATA_DIR);
  }
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    ...(opts.from && config.inMemoryDb ? { loadDataDir: opts.from } : {}),
  });
  timePglite(client);
  const db = drizzlePglite(client) as unknown as Db;
  registerPglite(db, client);
  const stopMaintenance = startEmbeddedMaintenance(client);
  return {
    db,
    kind: 'pglite',
    engine: { pglite: client },
    migrate: async (upTo) => {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migrateUpTo(drizzlePglite(client), upTo);
    },
    close: async () => {
      await stopMaintenance();
      await client.close();
      releaseLock();
    },
    prepared: preparedOn(db),
    // One process owns an embedded database: nobody else can be starting up on it.
    exclusive: (fn) => fn(),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return async () => {
        await stop().catch(() => {});
      };
    },
  };
}

/**
 * An embedded database belongs to one process: a second one (a second server, or `npm run staff`
 * while the store runs) would corrupt it. The owner's pid is kept in DATA_DIR/pglite.lock; a lock
 * whose process is gone is taken over.
 */
export class DataDirBusy extends Error {}
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => fs.rmSync(file, { force: true });
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && alive(pid))
        throw new DataDirBusy(
          `The embedded database in ${dataDir} is in use by process ${pid} (the running store). Stop it first, or set DATABASE_URL to use PostgreSQL.`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirBusy(`Could not lock ${file}.`);
}

/**
 * LISTEN on its own connection (a pooled one would be handed to queries). If it drops, it
 * reconnects with back-off and reports a gap, since NOTIFYs sent meanwhile are lost.
 */
async function listenPg(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 250;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => {});
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      setTimeout(() => {
        void reconnect();
      }, retryMs).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      retryMs = 250;
      onGap();
    } catch {
      retryMs = Math.min(retryMs * 2, 5_000);
      setTimeout(() => {
        void reconnect();
      }, retryMs).unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

/** Rows of a raw `db.execute(sql…)` answer; both drivers put them under `rows`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every statement a pooled connection runs (transactions included) is timed for /metrics; and the pool's use. */
function timePool(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as { query: unknown }).query = (...a: unknown[]) => {
      // The pool's own query() passes a callback; drizzle's transactions await a promise.
      const last = a.at(-1);
      if (typeof last === 'function') {
        const end = startQuery('postgres');
        a[a.length - 1] = (err: unknown, ...rest: unknown[]) => {
          end(!!err);
          return (last as (...r: unknown[]) => unknown)(err, ...rest);
        };
        return query(...a);
      }
      // A query object that brings its own handling (a cursor, a stream) is left as it is.
      const q = a[0] as { submit?: unknown } | undefined;
      if (q && typeof q === 'object' && typeof q.submit === 'function') return query(...a);
      return timeQuery('postgres', () => query(...a) as Promise<unknown>);
    };
  });
  dbPoolOf.add(pool);
}
const dbPoolOf = new Set<pg.Pool>();
/** The PostgreSQL pools' connections now (for the /metrics scrape). */
export const poolUse = () =>
  [...dbPoolOf].reduce(
    (t, p) => ({ total: t.total + p.totalCount, idle: t.idle + p.idleCount, waiting: t.waiting + p.waitingCount }),
    { total: 0, idle: 0, waiting: 0 },
  );

/** The embedded database's statements, in and out of transactions, timed for /metrics. */
function timePglite(client: PGlite) {
  const wrap = <K extends 'query' | 'exec'>(on: Pick<PGlite, K>, k: K) => {
    const f = (on[k] as (...a: unknown[]) => Promise<unknown>).bind(on);
    (on as Record<K, unknown>)[k] = (...a: unknown[]) => timeQuery('pglite', () => f(...a));
  };
  wrap(client, 'query');
  wrap(client, 'exec');
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      wrap(tx, 'query');
      wrap(tx, 'exec');
      return fn(tx);
    });
}
