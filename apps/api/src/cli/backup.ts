// npm run backup -- <file>
//
// A consistent copy of the store in <file>, while it runs. The embedded database belongs to the
// running store's process, so the command asks that process to write it (DATA_DIR/control.json
// says where it listens); a stopped store is read directly. PostgreSQL (DATABASE_URL): pg_dump.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { runCli } from './run.ts';
import { openDatabase } from '../db/client.ts';
import { backupKey, BackupRefused, makeBackup } from '../modules/backup/index.ts';
import { readControlFile } from '../modules/backup/index.ts';

const USAGE = 'Usage: npm run backup -- <file>';
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function viaRunningStore(dataDir: string, file: string): Promise<number | null> {
  const control = readControlFile(dataDir);
  if (!control) return null;
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${control.port}/api/internal/backup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-facet-control': control.token },
      body: JSON.stringify({ file }),
    });
  } catch {
    return null; // A file left by a store that is gone: read the database directly.
  }
  const answer = (await res.json().catch(() => ({}))) as { data?: { bytes: number }; message?: string };
  if (!res.ok) throw new BackupRefused(`The running store could not make the backup: ${answer.message ?? res.status}`);
  return answer.data!.bytes;
}

async function main(): Promise<number> {
  const target = process.argv[2];
  if (!target || target.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  const config = loadConfig({ LOG_LEVEL: 'warn' });
  const started = Date.now();
  if (!config.DATABASE_URL) {
    const bytes = await viaRunningStore(config.DATA_DIR, file);
    if (bytes !== null) {
      console.log(`Backed up the running store to ${file} (${mb(bytes)}) in ${Date.now() - started} ms.`);
      return 0;
    }
  }
  if (!config.DATABASE_URL && !fs.existsSync(path.join(config.DATA_DIR, 'pglite')))
    throw new BackupRefused(`There is no store in ${config.DATA_DIR}. Set DATA_DIR to the store's data folder.`);
  const database = await openDatabase(config);
  try {
    const header = await makeBackup(database, file, backupKey(config));
    console.log(
      `Backed up the store to ${file} (${mb(header.bytes)}, schema ${header.schema.tag}, ${header.tables.customer_order ?? 0} orders, ${header.tables.app_user ?? 0} accounts) in ${Date.now() - started} ms.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
