import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';

// A supplier's file as rows of cells, streamed: the encoding (UTF-8 with or without BOM, UTF-16,
// Windows-1252) and the delimiter (comma, semicolon, tab) are found from the first bytes, quoted
// fields may hold delimiters and newlines, blank rows are skipped. The file is never held whole.

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** What the first bytes say about the encoding, and how many of them are a byte-order mark. */
export function detectEncoding(head: Buffer): { encoding: Encoding; bom: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  // UTF-16 without a mark: ASCII text with a zero in every other byte.
  const sample = head.subarray(0, 512);
  let zeroOdd = 0,
    zeroEven = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) zeroOdd++;
    else zeroEven++;
  }
  if (zeroOdd > sample.length / 4) return { encoding: 'utf-16le', bom: 0 };
  if (zeroEven > sample.length / 4) return { encoding: 'utf-16be', bom: 0 };
  // Valid UTF-8 (allowing a character cut at the end of the sample) or else the Windows code page.
  let end = head.length;
  while (end > 0 && end > head.length - 4 && (head[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && head[end - 1]! >= 0xc0) end--;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return { encoding: 'utf-8', bom: 0 };
  } catch {
    return { encoding: 'windows-1252', bom: 0 };
  }
}

/** The delimiter the header line uses most (outside quotes). */
export function detectDelimiter(firstLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  return (Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0] as ',' | ';' | '\t') ?? ',';
}

/** Bytes in any of the encodings above → UTF-8 text, chunk by chunk (a character split across chunks is kept whole). */
function decoder(encoding: Encoding, bom: number) {
  // TextDecoder has no UTF-16BE on every platform: swap byte pairs and read it as LE.
  const dec = new TextDecoder(encoding === 'utf-16be' ? 'utf-16le' : encoding);
  let skip = bom;
  let carry: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let b = skip ? chunk.subarray(Math.min(skip, chunk.length)) : chunk;
      skip = Math.max(0, skip - chunk.length);
      if (encoding === 'utf-16be') {
        if (carry) b = Buffer.concat([carry, b]);
        carry = b.length % 2 ? b.subarray(b.length - 1) : null;
        b = Buffer.from(b.subarray(0, b.length - (b.length % 2))).swap16();
      }
      done(null, dec.decode(b, { stream: true }));
    },
    flush(done) {
      done(null, dec.decode());
    },
  });
}

/** Bytes handed to the parser at a time. */
const PARSE_SLICE = 16 * 1024;

export interface FeedRow {
  /** The line of the file where the row ends (1 = the header; a quoted field may span lines). */
  line: number;
  cells: string[];
}

/**
 * Rows of a CSV/TSV stream. The first chunk decides encoding and delimiter; csv-parse does the
 * quoting. Throws (a file-level error) only when the file cannot be read as delimited text at all.
 */
export async function* readFeed(input: Readable): AsyncGenerator<FeedRow> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // Enough of the start to hold the header line (or 64 KB): encoding and delimiter come from it.
  const start: Buffer[] = [];
  let size = 0;
  let next = await chunks.next();
  while (!next.done) {
    start.push(Buffer.from(next.value));
    size += next.value.length;
    if (size >= 65_536 || next.value.includes(0x0a)) break;
    next = await chunks.next();
  }
  if (!size) return;
  const head = Buffer.concat(start);
  const first: IteratorResult<Buffer> = { done: false, value: head };
  const { encoding, bom } = detectEncoding(head);
  const text = new TextDecoder(encoding === 'utf-16be' ? 'utf-16le' : encoding).decode(
    encoding === 'utf-16be'
      ? Buffer.from(head.subarray(bom, head.length - ((head.length - bom) % 2))).swap16()
      : head.subarray(bom),
  );
  const delimiter = detectDelimiter(text.split(/\r?\n/, 1)[0] ?? '');

  const source = new Transform({
    transform(c: Buffer, _e, done) {
      done(null, c);
    },
  });
  const parser = source.pipe(decoder(encoding, bom)).pipe(
    parse({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
    }),
  );
  // Feed the chunks in (the first one again) with back-pressure.
  void (async () => {
    try {
      let chunk: IteratorResult<Buffer> = first;
      while (!chunk.done) {
        // In small slices: csv-parse parses what it is given in one go, and the store answers no
        // request meanwhile (a 4 MB piece of an upload would be a second of silence).
        for (let at = 0; at < chunk.value.length; at += PARSE_SLICE) {
          if (!source.write(chunk.value.subarray(at, at + PARSE_SLICE)))
            await new Promise((r) => source.once('drain', r));
          else await new Promise((r) => setImmediate(r));
        }
        chunk = await chunks.next();
      }
      source.end();
    } catch (err) {
      source.destroy(err as Error);
    }
  })();
  // Cells are not trimmed here (csv-parse's trim costs a third of the parse): readers trim the cells
  // they use. The header row is trimmed, and rows of nothing but spaces are skipped like empty ones.
  let header = true;
  for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!rec.record.some((c) => c.trim() !== '')) continue;
    yield { line: rec.info.lines, cells: header ? rec.record.map((c) => c.trim()) : rec.record };
    header = false;
  }
}
