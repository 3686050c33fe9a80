import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { lockDataDir, openDatabase } from '../../db/client.ts';
import { BackupRefused, readBackup, type BackupHeader } from './format.ts';
import { checkSchema, existingBackupKey, isEmptyDatabase, loadLogical, loadPgDump, verifyCounts } from './service.ts';

export interface Restored {
  header: BackupHeader;
  /** Where the store that was there before went (with --replace), kept rather than deleted. */
  keptAside: string | null;
}

/**
 * Restores `file` into the store `config` names: the embedded database in DATA_DIR, or the
 * PostgreSQL database of DATABASE_URL. Every check (file whole, schema known, target empty or
 * --replace, store stopped) comes before the first change; the rows are loaded into a fresh
 * database beside the target and only a complete one takes its place. The store's own start
 * then runs the migrations newer than the backup.
 */
export async function restoreStore(
  config: Config,
  file: string,
  opts: { replace: boolean; acceptUnsigned?: boolean },
): Promise<Restored> {
  const { header, offset } = await readBackup(file, {
    key: existingBackupKey(config),
    acceptUnsigned: opts.acceptUnsigned,
  });
  checkSchema(header);
  if (config.DATABASE_URL) return restorePostgres(config, file, offset, header, opts);
  if (header.body !== 'logical')
    throw new BackupRefused(
      'This backup was made with pg_dump from a PostgreSQL store: restore it into PostgreSQL (set DATABASE_URL to an empty database).',
    );

  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  // The store must be stopped: this takes its lock, and refuses while its process runs.
  const release = lockDataDir(config.DATA_DIR);
  try {
    const live = path.join(config.DATA_DIR, 'pglite');
    const hasStore = fs.existsSync(live) && fs.readdirSync(live).length > 0;
    if (hasStore && !opts.replace)
      throw new BackupRefused(
        `${config.DATA_DIR} already holds a store. Restore into an empty DATA_DIR, or add --replace (the store there now is kept aside, not deleted). Nothing was changed.`,
      );
    const work = fs.mkdtempSync(path.join(config.DATA_DIR, '.restoring-'));
    try {
      const database = await openDatabase({ ...config, DATA_DIR: work, inMemoryDb: false });
      try {
        await database.migrate(header.schema.lastWhen);
        await loadLogical(database, file, offset, header);
      } finally {
        await database.close();
      }
      let keptAside: string | null = null;
      if (hasStore) {
        keptAside = path.join(
          config.DATA_DIR,
          `pglite.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
        );
        fs.renameSync(live, keptAside);
      } else fs.rmSync(live, { recursive: true, force: true });
      fs.renameSync(path.join(work, 'pglite'), live);
      return { header, keptAside };
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}

async function restorePostgres(
  config: Config,
  file: string,
  offset: number,
  header: BackupHeader,
  opts: { replace: boolean },
): Promise<Restored> {
  const database = await openDatabase(config);
  try {
    if (!(await isEmptyDatabase(database.db)))
      throw new BackupRefused(
        opts.replace
          ? 'Restoring over a PostgreSQL database that holds a store is not done in place: create an empty database, restore into it, then point DATABASE_URL at it. Nothing was changed.'
          : 'The PostgreSQL database of DATABASE_URL already holds a store. Restore into an empty database. Nothing was changed.',
      );
    if (header.body === 'pg_dump') {
      await loadPgDump(config.DATABASE_URL!, file, offset);
      await verifyCounts(database.db, header);
    } else {
      // An embedded store's backup moving to PostgreSQL: its schema, then its rows.
      await database.migrate(header.schema.lastWhen);
      await loadLogical(database, file, offset, header);
    }
    return { header, keptAside: null };
  } finally {
    await database.close();
  }
}
