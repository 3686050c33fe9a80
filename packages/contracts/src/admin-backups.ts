import { z } from 'zod';

/** How old the last backup may be before the back office warns the owner. */
export const BACKUP_STALE_HOURS = 48;

export const backupSettings = z
  .object({
    enabled: z.boolean(),
    /** A folder on the machine that runs the store, written by the store's user. */
    directory: z
      .string()
      .trim()
      .min(1, 'Give the folder for backups.')
      .max(500)
      .refine((s) => s.startsWith('/'), 'Give the whole path of the folder, starting with /.'),
    keep: z.number().int().min(1, 'Keep at least one backup.').max(365, 'Keep at most 365 backups.'),
  })
  .strict();
export type BackupSettings = z.infer<typeof backupSettings>;

export const backupFile = z.object({ name: z.string(), bytes: z.number().int(), at: z.string() });

export const backupStatus = z.object({
  /** Daily backups run on the embedded database; a PostgreSQL store is backed up by PostgreSQL's own tools. */
  engine: z.enum(['pglite', 'postgres']),
  settings: backupSettings,
  last: z.object({ at: z.string(), file: z.string(), bytes: z.number().int(), ms: z.number().int() }).nullable(),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** No backup yet, or the last is older than BACKUP_STALE_HOURS. */
  stale: z.boolean(),
  files: z.array(backupFile),
});
export type BackupStatus = z.infer<typeof backupStatus>;
