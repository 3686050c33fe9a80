import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_STALE_HOURS, type BackupSettings, type BackupStatus } from '@facet/contracts/admin-backups';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { backupRepository as repo } from './repository.ts';
import { backupKey, makeBackup } from './service.ts';

// The embedded store's daily backup: a setting (on, folder, how many to keep), run by the job
// queue, its outcome kept for the back office.

const SETTINGS = 'backup.settings';
const LAST = 'backup.last';
const LAST_ERROR = 'backup.last-error';
const DAY_MS = 24 * 3_600_000;
/** Only files the store made itself are listed and pruned: nothing else in the folder is touched. */
const OURS = /^facet-\d{8}-\d{6}\.backup$/;

type Last = NonNullable<BackupStatus['last']>;

export const defaultSettings = (config: Pick<Config, 'DATA_DIR'>): BackupSettings => ({
  enabled: true,
  directory: path.resolve(config.DATA_DIR, 'backups'),
  keep: 7,
});

export const backupSettingsOf = async (db: DbOrTx, config: Config): Promise<BackupSettings> => ({
  ...defaultSettings(config),
  ...(await repo.setting<BackupSettings>(db, SETTINGS)),
});

export async function saveBackupSettings(db: Database['db'], config: Config, by: Actor, next: BackupSettings) {
  // A folder the store cannot write is refused now, not found out at three in the morning.
  try {
    fs.mkdirSync(next.directory, { recursive: true });
    const probe = path.join(next.directory, `.facet-write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    throw new Validation(`The store cannot write to ${next.directory} (${(err as NodeJS.ErrnoException).code}).`, {
      directory: 'The store cannot write to this folder.',
    });
  }
  await db.transaction(async (tx) => {
    const before = await backupSettingsOf(tx, config);
    await repo.putSetting(tx, SETTINGS, next);
    await audit(tx, by, 'settings.backups', 'setting', SETTINGS, before, next);
  });
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** One backup into the settings' folder now, then the oldest beyond `keep` go. */
export async function backupNow(database: Database, config: Config): Promise<Last> {
  const settings = await backupSettingsOf(database.db, config);
  const started = Date.now();
  const file = path.join(settings.directory, `facet-${stamp(new Date(started))}.backup`);
  try {
    const header = await makeBackup(database, file, backupKey(config));
    // The file's size, as the folder lists it (the header's count is the body's).
    const last: Last = { at: header.createdAt, file, bytes: fs.statSync(file).size, ms: Date.now() - started };
    await repo.putSetting(database.db, LAST, last);
    prune(settings);
    return last;
  } catch (err) {
    await repo
      .putSetting(database.db, LAST_ERROR, { at: new Date().toISOString(), message: (err as Error).message })
      .catch(() => {});
    throw err;
  }
}

/** The daily run: a backup when the last is a day old (or there is none); embedded stores only. */
export async function dailyBackup(database: Database, config: Config): Promise<Last | null> {
  if (database.kind !== 'pglite' || config.inMemoryDb) return null;
  const settings = await backupSettingsOf(database.db, config);
  if (!settings.enabled) return null;
  const last = await repo.setting<Last>(database.db, LAST);
  if (last && Date.now() - Date.parse(last.at) < DAY_MS) return null;
  return backupNow(database, config);
}

function files(directory: string) {
  try {
    return fs
      .readdirSync(directory)
      .filter((n) => OURS.test(n))
      .sort()
      .reverse()
      .map((name) => {
        const st = fs.statSync(path.join(directory, name));
        return { name, bytes: st.size, at: st.mtime.toISOString() };
      });
  } catch {
    return [];
  }
}

function prune(settings: BackupSettings) {
  for (const f of files(settings.directory).slice(settings.keep))
    fs.rmSync(path.join(settings.directory, f.name), { force: true });
}

export async function backupStatus(database: Database, config: Config): Promise<BackupStatus> {
  const settings = await backupSettingsOf(database.db, config);
  const last = await repo.setting<Last>(database.db, LAST);
  const lastError = await repo.setting<BackupStatus['lastError']>(database.db, LAST_ERROR);
  return {
    engine: database.kind,
    settings,
    last,
    // An error older than the last success is past.
    lastError: lastError && (!last || Date.parse(lastError.at) > Date.parse(last.at)) ? lastError : null,
    stale: database.kind === 'pglite' && (!last || Date.now() - Date.parse(last.at) > BACKUP_STALE_HOURS * 3_600_000),
    files: files(settings.directory),
  };
}
