import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

// A backup file: a first line naming the format, a JSON header line, then the body. The header says
// what the body is and carries its size and SHA-256, so a damaged or cut-short copy is refused
// before anything is touched.

export const MAGIC = 'FACET BACKUP';
export const FORMAT_VERSION = 1;

export const backupHeader = z.object({
  format: z.literal(FORMAT_VERSION),
  /** `logical`: the store's rows as JSON lines, gzip (the embedded store); `pg_dump`: pg_dump's custom format. */
  body: z.enum(['logical', 'pg_dump']),
  /** The schema the rows are at: how many migrations had run, and the journal time and name of the last. */
  schema: z.object({ migrations: z.number().int().nonnegative(), lastWhen: z.number().int(), tag: z.string() }),
  createdAt: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Rows per table when it was made: a restore checks it got every one. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
});
export type BackupHeader = z.infer<typeof backupHeader>;

export class BackupRefused extends Error {}

/** Writes header and body (a file already complete) as `file`, atomically: a crash leaves no half file. */
export async function assemble(file: string, header: Omit<BackupHeader, 'bytes' | 'sha256'>, bodyFile: string) {
  const { bytes, sha256 } = await digest(bodyFile, 0);
  const full: BackupHeader = { ...header, bytes, sha256 };
  const partial = `${file}.partial-${process.pid}`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  out.write(`${MAGIC} ${FORMAT_VERSION}\n${JSON.stringify(full)}\n`);
  await new Promise<void>((resolve, reject) => {
    const body = fs.createReadStream(bodyFile);
    body.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
    body.pipe(out);
  });
  const fd = fs.openSync(partial, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(partial, file);
  return full;
}

/** Reads and checks a backup's header and body; answers the header and where the body starts. */
export async function readBackup(file: string): Promise<{ header: BackupHeader; offset: number }> {
  if (!fs.existsSync(file)) throw new BackupRefused(`There is no file ${file}.`);
  const fd = fs.openSync(file, 'r');
  const start = Buffer.alloc(64 * 1024);
  const n = fs.readSync(fd, start, 0, start.length, 0);
  fs.closeSync(fd);
  const text = start.subarray(0, n).toString('latin1');
  const first = text.indexOf('\n');
  const second = first < 0 ? -1 : text.indexOf('\n', first + 1);
  const magic = first < 0 ? text : text.slice(0, first);
  if (!magic.startsWith(MAGIC)) throw new BackupRefused(`${file} is not a Facet backup.`);
  const version = Number(magic.slice(MAGIC.length + 1));
  if (version !== FORMAT_VERSION)
    throw new BackupRefused(
      `${file} is a backup of format ${magic.slice(MAGIC.length + 1)}; this release reads format ${FORMAT_VERSION}. Restore it with the release that made it, or a later one.`,
    );
  if (second < 0) throw new BackupRefused(`${file} is cut short: its header is incomplete. Nothing was changed.`);
  let header: BackupHeader;
  try {
    header = backupHeader.parse(JSON.parse(text.slice(first + 1, second)));
  } catch {
    throw new BackupRefused(`${file} has a damaged header. Nothing was changed.`);
  }
  const offset = Buffer.byteLength(text.slice(0, second + 1), 'latin1');
  const { bytes, sha256 } = await digest(file, offset);
  if (bytes < header.bytes)
    throw new BackupRefused(
      `${file} is cut short: ${bytes} of its ${header.bytes} bytes are there (an interrupted copy?). Nothing was changed.`,
    );
  if (bytes !== header.bytes || sha256 !== header.sha256)
    throw new BackupRefused(`${file} is damaged: its contents do not match its checksum. Nothing was changed.`);
  return { header, offset };
}

async function digest(file: string, offset: number) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { start: offset })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
