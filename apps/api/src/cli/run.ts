import { DataDirBusy } from '../db/client.ts';
import { BackupRefused } from '../modules/backup/index.ts';

/**
 * Runs a command's `main` and exits with its code. A refusal the command explains (a busy data
 * directory, a backup it will not use) prints just its sentence; anything else prints in full.
 */
export function runCli(main: () => Promise<number>) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof BackupRefused || err instanceof DataDirBusy ? err.message : err);
      process.exit(1);
    },
  );
}
