import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

// A supplier's file is judged by its bytes, not its name: a gzip file is unpacked as it streams,
// and an archive or workbook the store cannot read is refused in words (it was once read as text).

/** A file that cannot be read at all (as opposed to rows of it that are refused). */
export class UnusableFeed extends Error {}

const SIGNATURES: Array<{ bytes: number[]; what: string | null }> = [
  { bytes: [0x1f, 0x8b], what: null }, // gzip: unpacked
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a ZIP archive (or an Excel workbook): unzip it, or save the sheet as CSV' },
  { bytes: [0x42, 0x5a, 0x68], what: 'a bzip2 archive: unpack it, or send it as gzip' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz archive: unpack it, or send it as gzip' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'a Zstandard archive: unpack it, or send it as gzip' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7-Zip archive: unpack it, or send it as gzip' },
  { bytes: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive: unpack it, or send it as gzip' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an old Excel workbook (.xls): save the sheet as CSV' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF: ask the supplier for the CSV or JSON feed' },
];
const GZIP = SIGNATURES[0]!;

/** What the first bytes say the file is, or null for text (or anything else the readers then judge). */
export const signatureOf = (head: Uint8Array) => SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b)) ?? null;

/** The file's bytes as text-to-be: gzip unpacked on the way (a gzip inside a gzip too), other archives refused. */
export function unpacked(input: Readable): Readable {
  const out = new PassThrough();
  void (async () => {
    const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    // Enough of the start to know it by (a chunk is usually far more).
    let head = Buffer.alloc(0);
    while (head.length < 8) {
      const c = await chunks.next();
      if (c.done) break;
      head = Buffer.concat([head, Buffer.from(c.value)]);
    }
    const rest = async function* () {
      if (head.length) yield head;
      for (let c = await chunks.next(); !c.done; c = await chunks.next()) yield c.value;
    };
    const sig = signatureOf(head);
    if (sig && sig !== GZIP) throw new UnusableFeed(`This file is ${sig.what}.`);
    if (sig === GZIP) {
      const inner = unpacked(Readable.from(rest()).pipe(createGunzip()));
      await pipeline(inner, out);
    } else await pipeline(Readable.from(rest()), out);
  })().catch((err: unknown) => {
    const e = err as NodeJS.ErrnoException;
    // zlib's own words ("incorrect header check", "unexpected end of file") mean a damaged file.
    out.destroy(
      err instanceof UnusableFeed
        ? err
        : e.code?.startsWith('Z_')
          ? new UnusableFeed(`This gzip file is damaged and cannot be unpacked (${e.message}).`)
          : (err as Error),
    );
  });
  return out;
}

const NUL = '\u0000';
/** A cell or value holding a NUL byte (nothing can store one): the column and the value shown with ␀. */
export function nulCell(cells: string[], headers: string[]) {
  const at = cells.findIndex((c) => c.includes(NUL));
  return at < 0
    ? null
    : {
        column: headers[at] ?? `column ${at + 1}`,
        value: cells[at]!.replaceAll(NUL, '␀').slice(0, 200),
        reason: 'holds a NUL byte (\\0), which no text can hold: the file is damaged here, or not text',
      };
}
