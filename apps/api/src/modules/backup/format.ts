import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

// A backup file: a first line naming the format, a JSON header line, a line with the HMAC of those
// two keyed by the store's secret key, then the body. The header says what the body is and carries
// its size and SHA-256, so a damaged or cut-short copy is refused before anything is touched; the
// keyed HMAC covers the header and so the body's checksum, so an edited copy with its checksum
// recomputed is refused too (only a holder of the store's key can sign one).

export const MAGIC = 'FACET BACKUP';
export const FORMAT_VERSION = 2;
/** Format 1: the same without the keyed line (made by earlier releases); restored only when asked to. */
const UNSIGNED_FORMAT = 1;
const HMAC_LINE = 'HMAC-SHA256 ';

export const backupHeader = z.object({
  format: z.union([z.literal(UNSIGNED_FORMAT), z.literal(FORMAT_VERSION)]),
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

const sign = (key: Buffer, headLines: string) => createHmac('sha256', key).update(headLines, 'latin1').digest('hex');

/** Writes header and body (a file already complete) as `file`, atomically: a crash leaves no half file. */
export async function assemble(
  file: string,
  header: Omit<BackupHeader, 'bytes' | 'sha256' | 'format'>,
  bodyFile: string,
  key: Buffer,
) {
  const { bytes, sha256 } = await digest(bodyFile, 0);
  const full: BackupHeader = { format: FORMAT_VERSION, ...header, bytes, sha256 };
  const partial = `${file}.partial-${process.pid}`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  // JSON.stringify writes no raw character above 0x7f... only when escaped: the header is ASCII-safe text.
  const head = `${MAGIC} ${FORMAT_VERSION}\n${JSON.stringify(full).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
  out.write(`${head}${HMAC_LINE}${sign(key, head)}\n`);
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

export interface ReadOptions {
  /** The store's backup key (null: this machine has no secret key for the store yet). */
  key: Buffer | null;
  /** Restore an earlier release's unkeyed backup (format 1), whose origin nothing can prove. */
  acceptUnsigned?: boolean;
}

/** Reads and checks a backup's header and body; answers the header and where the body starts. */
export async function readBackup(file: string, opts: ReadOptions): Promise<{ header: BackupHeader; offset: number }> {
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
  if (version !== FORMAT_VERSION && version !== UNSIGNED_FORMAT)
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
  if (header.format !== version) throw new BackupRefused(`${file} has a damaged header. Nothing was changed.`);
  // Format 2 has the keyed line after the header; the body starts after it.
  const third = version === UNSIGNED_FORMAT ? second : text.indexOf('\n', second + 1);
  if (third < 0) throw new BackupRefused(`${file} is cut short: its header is incomplete. Nothing was changed.`);
  const offset = Buffer.byteLength(text.slice(0, third + 1), 'latin1');
  const { bytes, sha256 } = await digest(file, offset);
  if (bytes < header.bytes)
    throw new BackupRefused(
      `${file} is cut short: ${bytes} of its ${header.bytes} bytes are there (an interrupted copy?). Nothing was changed.`,
    );
  if (bytes !== header.bytes || sha256 !== header.sha256)
    throw new BackupRefused(`${file} is damaged: its contents do not match its checksum. Nothing was changed.`);
  // Whole, as its header says. Whether that header is the store's own is the keyed line's to say.
  if (version === UNSIGNED_FORMAT) {
    if (!opts.acceptUnsigned)
      throw new BackupRefused(
        `${file} was made by an earlier release, without the store's key, so nothing shows it is unaltered. If you know where it came from, restore it with --unsigned. Nothing was changed.`,
      );
    return { header, offset };
  }
  if (!opts.key)
    throw new BackupRefused(
      `${file} is signed with the store's secret key, and this machine has none: put the store's secret.key in DATA_DIR, or set SECRET_KEY as the store had it. Nothing was changed.`,
    );
  const line = text.slice(second + 1, third);
  const expected = Buffer.from(sign(opts.key, text.slice(0, second + 1)), 'latin1');
  const given = Buffer.from(line.startsWith(HMAC_LINE) ? line.slice(HMAC_LINE.length) : '', 'latin1');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new BackupRefused(
      `${file} was not made by this store (its secret key differs), or it was changed after it was made. Nothing was changed.`,
    );
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
