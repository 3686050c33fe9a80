import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import {
  codeMigrations,
  embeddedCopy,
  migrationJournal,
  type Database,
  type Db,
  type DbOrTx,
} from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { existingServerSecret, purposeKey, serverSecret } from '../../secrets.ts';
import { assemble, BackupRefused, type BackupHeader } from './format.ts';
import { backupRepository as repo } from './repository.ts';

export { BackupRefused, type BackupHeader };

const BATCH = 500;

/** The key a backup is signed with: from the store's secret key, which is never in a backup. */
export const backupKey = (config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>) =>
  purposeKey(serverSecret(config), 'backup');
/** The same, for a restore: null when this machine has no secret key for the store (none is made). */
export const existingBackupKey = (config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>) => {
  const secret = existingServerSecret(config);
  return secret ? purposeKey(secret, 'backup') : null;
};

/** The migration a schema version names, from this code's journal. */
const tagOf = (lastWhen: number) => migrationJournal().find((m) => m.when === lastWhen)?.tag ?? `unknown (${lastWhen})`;

/** Rows read from the embedded copy at a time: between pages the process serves shoppers. */
const PAGE_ROWS = 1000;
/** Text gathered before it is compressed and written. */
const PART_BYTES = 256 * 1024;

/**
 * A consistent copy of a running store in `file`. The embedded database: a clone of its data
 * directory is taken (the store waits only for that, a moment) and read page by page while the
 * store goes on serving, so a checkout never waits on a backup. PostgreSQL: pg_dump, which reads
 * in one snapshot without holding anyone up.
 */
export async function makeBackup(database: Database, file: string, key: Buffer): Promise<BackupHeader> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const bodyFile = `${file}.body-${process.pid}`;
  let copy: Awaited<ReturnType<typeof embeddedCopy>> | null = null;
  let out: number | null = null;
  try {
    if (database.kind === 'postgres' || !('pglite' in database.engine))
      return await pgDumpBackup(database, file, bodyFile, key);
    // Compressed a part at a time on this thread (gzip members, read back as one stream): a stream
    // would wait on the thread pool between every 16 KB while the store's requests hold the loop.
    const fd = (out = fs.openSync(bodyFile, 'w', 0o600));
    let part: string[] = [];
    let partBytes = 0;
    const flush = () => {
      if (!part.length) return;
      fs.writeSync(fd, zlib.gzipSync(part.join(''), { level: 6 }));
      part = [];
      partBytes = 0;
    };
    const write = (line: string) => {
      part.push(`${line}\n`);
      partBytes += line.length + 1;
      if (partBytes >= PART_BYTES) flush();
    };
    // Taken between transactions: the copy holds only what was committed, and nobody else writes
    // to it, so it is one snapshot read at the store's pace.
    copy = await embeddedCopy(database);
    const tx = copy.db;
    const meta = await (async () => {
      const version = await repo.schemaVersion(tx);
      if (!version) throw new BackupRefused('This database has no store in it yet: nothing to back up.');
      const tables: Record<string, number> = {};
      for (const t of await repo.tables(tx)) {
        const count = await repo.count(tx, t.name);
        tables[t.name] = count;
        write(JSON.stringify({ table: t.name, columns: t.columns, rows: count }));
        for (let offset = 0; offset < count; offset += PAGE_ROWS) {
          for (const r of await repo.rowsAsJsonPage(tx, t.name, offset, PAGE_ROWS)) write(r);
          // The embedded engine runs on this thread: let the store's own requests in between pages.
          await new Promise((r) => setImmediate(r));
        }
      }
      for (const s of await repo.sequences(tx))
        write(JSON.stringify({ sequence: s.name, value: s.value, called: s.called }));
      return { version, tables };
    })();
    flush();
    fs.closeSync(fd);
    out = null;
    return await assemble(
      file,
      {
        body: 'logical',
        schema: { ...meta.version, tag: tagOf(meta.version.lastWhen) },
        createdAt: new Date().toISOString(),
        tables: meta.tables,
      },
      bodyFile,
      key,
    );
  } finally {
    if (out !== null) fs.closeSync(out);
    await copy?.close().catch(() => {});
    fs.rmSync(bodyFile, { force: true });
  }
}

/** A PostgreSQL client program (pg_dump, pg_restore) from PATH or the Debian cluster's bin, or a clear refusal. */
export function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  const candidates: string[] = [name];
  try {
    for (const v of fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)))
      candidates.push(`/usr/lib/postgresql/${v}/bin/${name}`);
  } catch {
    /* no Debian cluster */
  }
  for (const c of candidates) if (spawnSync(c, ['--version']).status === 0) return c;
  throw new BackupRefused(
    `${name} is not installed. Install the PostgreSQL client programs (Debian: apt-get install postgresql-client) and try again.`,
  );
}

async function pgDumpBackup(database: Database, file: string, bodyFile: string, key: Buffer): Promise<BackupHeader> {
  const url = (database.engine as { url: string }).url;
  const dump = pgProgram('pg_dump');
  const meta = await database.db.transaction(
    async (tx) => {
      const version = await repo.schemaVersion(tx);
      if (!version) throw new BackupRefused('This database has no store in it yet: nothing to back up.');
      const tables: Record<string, number> = {};
      for (const t of await repo.tables(tx)) tables[t.name] = await repo.count(tx, t.name);
      // pg_dump reads in this very snapshot (held open until it is done), so the counts are its own.
      const snapshot = await repo.exportSnapshot(tx);
      await run(dump, [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${bodyFile}`,
        `--dbname=${url}`,
      ]);
      return { version, tables };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return assemble(
    file,
    {
      body: 'pg_dump',
      schema: { ...meta.version, tag: tagOf(meta.version.lastWhen) },
      createdAt: new Date().toISOString(),
      tables: meta.tables,
    },
    bodyFile,
    key,
  );
}

function run(cmd: string, args: string[], stdin?: fs.ReadStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    if (stdin) stdin.pipe(child.stdin!);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}): ${err.trim()}`)),
    );
  });
}

/** Refuses a backup whose schema this code does not know (made by a newer release). */
export function checkSchema(header: BackupHeader) {
  const all = codeMigrations();
  const last = all.at(-1)!.folderMillis;
  if (header.schema.lastWhen > last || !all.some((m) => m.folderMillis === header.schema.lastWhen))
    throw new BackupRefused(
      `This backup was made by a newer release of Facet (schema ${header.schema.tag}, ${header.schema.migrations} migrations); this one knows ${all.length}. Restore it with that release or a later one. Nothing was changed.`,
    );
}

/**
 * Loads a logical backup's rows into `database`, already migrated to the backup's schema and
 * holding no store data of its own: in one transaction, with triggers and foreign keys off while
 * rows go in; then checks every table has as many rows as the backup says.
 */
export async function loadLogical(database: Database, file: string, offset: number, header: BackupHeader) {
  await database.db.transaction(async (tx) => {
    await repo.loading(tx, true);
    await repo.clear(
      tx,
      (await repo.tables(tx)).map((t) => t.name),
    );
    // Opened only now, as it is read: lines a reader emits before anyone iterates are lost.
    const lines = readline.createInterface({
      input: fs.createReadStream(file, { start: offset }).pipe(zlib.createGunzip()),
      crlfDelay: Infinity,
    });
    let current: { table: string; columns: string[]; left: number } | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (current && batch.length) await repo.insertJson(tx, current.table, current.columns, batch);
      batch = [];
    };
    for await (const line of lines) {
      if (current && current.left > 0) {
        batch.push(line);
        current.left--;
        if (batch.length >= BATCH) await flush();
        continue;
      }
      await flush();
      const entry = JSON.parse(line) as
        { table: string; columns: string[]; rows: number } | { sequence: string; value: string; called: boolean };
      if ('table' in entry) current = { table: entry.table, columns: entry.columns, left: entry.rows };
      else await repo.setSequence(tx, entry.sequence, entry.value, entry.called);
    }
    await flush();
    if (current && current.left > 0)
      throw new BackupRefused('The backup ends in the middle of a table. Nothing was changed.');
    await verifyCounts(tx, header);
    await repo.loading(tx, false);
  });
}

/** pg_restore of a pg_dump backup into an empty PostgreSQL database, all or nothing. */
export async function loadPgDump(url: string, file: string, offset: number) {
  const restore = pgProgram('pg_restore');
  await run(
    restore,
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`],
    fs.createReadStream(file, { start: offset }),
  );
}

/** Every table holds as many rows as the backup says it did. */
export async function verifyCounts(db: DbOrTx, header: BackupHeader) {
  for (const [table, rows] of Object.entries(header.tables)) {
    const got = await repo.count(db, table);
    if (got !== rows) throw new Error(`Restoring ${table}: ${got} rows loaded, the backup holds ${rows}.`);
  }
}

export const isEmptyDatabase = async (db: Db) => (await repo.tableCount(db)) === 0;
