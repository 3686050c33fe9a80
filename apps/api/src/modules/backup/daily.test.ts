import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { backupStatus, dailyBackup, saveBackupSettings } from './daily.ts';
import { readBackup } from './format.ts';
import { backupKey } from './service.ts';

// The embedded store's daily backup, on a store kept in files as `npm start` keeps it.
let database: Database;
let config: Config;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-daily-'));
const owner = { id: null, email: 'command line' };
beforeAll(async () => {
  // The embedded store's feature, whatever DATABASE_URL the suite runs with.
  config = { ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' }), DATABASE_URL: undefined };
  database = await openDatabase(config);
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
/** As if the last backup had been made `hours` ago. */
const ageLast = (hours: number) =>
  database.db.execute(sql`
    update store_setting set value = jsonb_set(value, '{at}', to_jsonb(to_char((now() - make_interval(hours => ${hours})) at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
    where key = 'backup.last'`);

describe('daily backup', () => {
  it('warns before the first backup, makes one a day, keeps as many as set, and warns when the last is two days old', async () => {
    expect((await backupStatus(database, config)).stale).toBe(true);
    const folder = path.join(dir, 'backups');
    await saveBackupSettings(database.db, config, owner, { enabled: true, directory: folder, keep: 2 });

    const first = await dailyBackup(database, config);
    expect(first).not.toBeNull();
    expect((await readBackup(first!.file, { key: backupKey(config) })).header.body).toBe('logical');
    expect(await dailyBackup(database, config)).toBeNull(); // not again the same day
    let status = await backupStatus(database, config);
    expect(status.stale).toBe(false);
    expect(status.last!.bytes).toBe(fs.statSync(first!.file).size);

    for (let i = 0; i < 2; i++) {
      await ageLast(25);
      await new Promise((r) => setTimeout(r, 1100)); // a new file name (to the second)
      expect(await dailyBackup(database, config)).not.toBeNull();
    }
    status = await backupStatus(database, config);
    expect(status.files).toHaveLength(2);
    expect(fs.existsSync(first!.file)).toBe(false);

    await ageLast(49);
    expect((await backupStatus(database, config)).stale).toBe(true);
  });

  it('refuses a folder the store cannot write, and a turned-off backup does not run', async () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    await expect(
      saveBackupSettings(database.db, config, owner, { enabled: true, directory: path.join(file, 'sub'), keep: 3 }),
    ).rejects.toThrow(/cannot write/);
    await saveBackupSettings(database.db, config, owner, { enabled: false, directory: path.join(dir, 'b'), keep: 3 });
    await ageLast(30);
    expect(await dailyBackup(database, config)).toBeNull();
  });
});
