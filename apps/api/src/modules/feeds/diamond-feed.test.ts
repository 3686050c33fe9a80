import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { checkDiamondFeed, UnusableFeed } from './diamond-feed.ts';
import { detectDelimiter, detectEncoding } from './read-feed.ts';
import { DEFAULT_MARKUP, retailCents, roundPrice } from '../markup/markup.ts';
import type { FeedStone, Field } from './diamond-row.ts';

/** The bytes as a stream of small chunks, so characters and rows are split across chunk boundaries. */
const streamOf =
  (bytes: Buffer, size = 7) =>
  () =>
    Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
      })(),
    );
async function check(text: string | Buffer, mapping?: Record<string, Field>) {
  const stones: Array<FeedStone & { line: number }> = [];
  const report = await checkDiamondFeed(streamOf(Buffer.isBuffer(text) ? text : Buffer.from(text)), {
    mapping,
    onStone: (s, line) => {
      stones.push({ ...s, line });
    },
  });
  return { report, stones };
}

const RAP_HEADER =
  'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Lab,Certificate #,Measurements,Depth %,Table %,Price Per Carat,Rap %,Rap Price,Total Price,Availability,Image URL';

describe('diamond feeds: columns, values and price forms', () => {
  it('reads suppliers’ headers and codes: BR, EX/VG, NON, L x W x D; per carat wins over a discount', async () => {
    const { report, stones } = await check(
      [
        RAP_HEADER,
        'A-1001,BR,1.01,G,VS1,EX,EX,VG,NON,GIA,2141234567,6.45 x 6.48 x 3.98,61.6,57,8200,-30,11000,,G,https://img.example/a1001.jpg',
        'A-1002,OV,0.90,E,VVS2,VG,EX,EX,Faint,IGI,LG5551234,7.70-5.40*3.35,62.0,58,,-0.25,9000,,M,',
        'A-1003,Cushion,2.00,H,SI1,Ideal,EX,EX,Medium,GIA,1234567890,7.5x7.0x4.8,64.0,60,,,,"21,500.00",STPS,',
        'A-1004,PR,1.10,F,VS2,EX,EX,EX,None,GIA,2222233333,5.9x5.8x4.3,73,70,5000,,,,NA,',
      ].join('\r\n'),
    );
    expect(report).toMatchObject({ rows: 4, stones: 3, unlisted: 1, rowsWithErrors: 0 });
    expect(report.priceForms).toEqual({ 'per-carat': 1, discount: 1, total: 1 });
    expect(stones[0]).toMatchObject({
      stock: 'A-1001',
      shape: 'Round',
      caratPoints: 101,
      cut: 'Excellent',
      symmetry: 'Very Good',
      fluorescence: 'None',
      lengthMm: 6.45,
      widthMm: 6.48,
      depthMm: 3.98,
      costCents: 828_200, // 8,200 × 1.01: per carat wins over the -30 % discount
      priceForm: 'per-carat',
      imageUrl: 'https://img.example/a1001.jpg',
    });
    expect(stones[1]).toMatchObject({ shape: 'Oval', costCents: 607_500, priceForm: 'discount' }); // 9,000 × 0.75 × 0.90
    expect(stones[2]).toMatchObject({ shape: 'Cushion', costCents: 2_150_000, priceForm: 'total' });
  });

  it('refuses each bad row with its line, column, value and reason; the good rows go on', async () => {
    const { report, stones } = await check(
      [
        RAP_HEADER,
        'B-1,Blob,1.0,G,VS1,EX,EX,EX,None,GIA,2141234567,6.4x6.4x4.0,61,57,5000,,,,G,',
        'B-2,Round,0,G,VS1,EX,EX,EX,None,GIA,2141234568,6.4x6.4x4.0,61,57,5000,,,,G,',
        'B-3,Round,1.0,G,XX,EX,EX,EX,None,GIA,2141234569,6.4x6.4x4.0,61,57,5000,,,,G,',
        'B-4,Round,1.0,G,VS1,EX,EX,EX,None,GIA,2141234570,6.4x6.4x4.0,61,57,0,,,,G,',
        'B-5,Round,51,G,VS1,EX,EX,EX,None,GIA,2141234571,6.4x6.4x4.0,61,57,5000,,,,G,',
        'B-6,Round,1.0,G,VS1,EX,EX,EX,None,GIA,2141234572,6.4x6.4x4.0,61,57,5000,,,,G,',
        'B-6,Round,1.2,G,VS1,EX,EX,EX,None,GIA,2141234573,6.4x6.4x4.0,61,57,5000,,,,G,',
        'B-7,Round,1.0,G,VS1,EX,EX,EX,None,GIA,2141234574,6.4x6.4x4.0,61,57,5000,,,,G,',
      ].join('\n'),
    );
    expect(report).toMatchObject({ rows: 8, stones: 1, rowsWithErrors: 7 });
    expect(stones.map((s) => s.stock)).toEqual(['B-7']);
    const reasons = report.errors.map((e) => [e.line, e.column, e.value, e.reason]);
    expect(reasons).toEqual([
      [2, 'Shape', 'Blob', 'unknown shape "Blob"'],
      [3, 'Weight', '0', 'carat weight must be more than 0 and at most 50'],
      [4, 'Clarity', 'XX', 'unknown clarity "XX"'],
      [5, 'Price Per Carat', '0', 'price must be more than 0 (total, per carat, or a discount from a list price)'],
      [6, 'Weight', '51', 'carat weight must be more than 0 and at most 50'],
      [7, 'Stock #', 'B-6', 'stock number B-6 appears 2 times in this file'],
      [8, 'Stock #', 'B-6', 'stock number B-6 appears 2 times in this file'],
    ]);
  });

  it('says so when a grade is real but not one the store lists', async () => {
    const { report } = await check(
      [RAP_HEADER, 'C-1,Round,1.0,N,I3,EX,EX,EX,Very Strong,AGS,2141234567,6.4x6.4x4.0,61,57,5000,,,,G,'].join('\n'),
    );
    expect(report.errors.map((e) => e.reason)).toEqual([
      'the store lists colors D–M',
      'the store lists clarities FL–I2',
      'the store lists fluorescence None, Faint, Medium, Strong',
      'the store lists reports from GIA, IGI, GCAL, HRD',
    ]);
  });

  it('a saved mapping covers headers no alias knows; a file without the essential columns is unusable', async () => {
    const text = [
      'Ref,Form,Ct,Col,Clar,Cut,Pol,Sym,Fluo,Lab,Report No,Measurements,Depth,Table,Final Price',
      'D-1,Round,1.5,F,VS2,EX,EX,EX,None,GIA,2141234567,7.3x7.3x4.5,61.5,57,"14,250"',
    ].join('\n');
    await expect(check(text)).rejects.toThrow(UnusableFeed);
    await expect(check(text)).rejects.toThrow(/No column for stock, shape, color, clarity/);
    const { stones } = await check(text, { Ref: 'stock', Form: 'shape', Col: 'color', Clar: 'clarity' });
    expect(stones[0]).toMatchObject({ stock: 'D-1', costCents: 1_425_000, clarity: 'VS2' });
  });

  it('lab-grown stones by flag or growth type', async () => {
    const { stones } = await check(
      [
        'Stock No,Shape,Carat,Color,Clarity,Cut,Polish,Symmetry,Fluorescence,Lab,Report #,Measurements,Depth %,Table %,$/ct,Lab Grown,Growth Type',
        'E-1,RD,1.0,D,VVS1,ID,EX,EX,N,IGI,LG6001234,6.4x6.4x4.0,61,57,900,Y,CVD',
        'E-2,RD,1.0,D,VVS1,ID,EX,EX,N,IGI,LG6001235,6.4x6.4x4.0,61,57,900,,HPHT',
        'E-3,RD,1.0,D,VVS1,ID,EX,EX,N,GIA,2141234567,6.4x6.4x4.0,61,57,9000,N,',
      ].join('\n'),
    );
    expect(stones.map((s) => [s.stock, s.origin, s.growth, s.costCents])).toEqual([
      ['E-1', 'lab', 'CVD', 90_000],
      ['E-2', 'lab', 'HPHT', 90_000],
      ['E-3', 'natural', null, 900_000],
    ]);
  });
});

describe('diamond feeds: files as suppliers send them', () => {
  const rows = [
    'Stock #;Shape;Weight;Color;Clarity;Cut;Polish;Symmetry;Fluorescence;Lab;Certificate #;Measurements;Depth %;Table %;Total Price;Comments',
    'F-1;Round;1,0;G;VS1;EX;EX;EX;None;GIA;2141234567;6.4x6.4x4.0;61;57;5000;"Crisp, bright;\nno inclusions visible — très belle"',
    'F-2;Heart;0.7;H;SI1;VG;VG;VG;Faint;GIA;2141234568;5.8x6.2x3.9;60;58;2100;',
    '',
    ';;;;;;;;;;;;;;;',
    '',
  ];
  it('semicolons, a quoted field with a newline and delimiters, trailing blank rows', async () => {
    const { report, stones } = await check(rows.join('\r\n'));
    expect(report).toMatchObject({ rows: 2 });
    expect(stones.map((s) => s.stock)).toEqual(['F-2']);
    // "1,0" is not a carat weight here (the comma is not a decimal point): reported, not guessed.
    expect(report.errors[0]).toMatchObject({ line: 3, column: 'Weight', value: '1,0' });
  });

  it('UTF-8 with a BOM, UTF-16 (both byte orders) and Windows-1252 read the same', async () => {
    const text = rows.join('\r\n');
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const utf16be = Buffer.from(utf16le).swap16();
    const latin = Buffer.from(text.replace('—', '-'), 'latin1');
    for (const [name, bytes] of [
      ['utf-8 bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
      ['utf-16le', utf16le],
      ['utf-16be', utf16be],
      ['windows-1252', latin],
    ] as const) {
      const { stones, report } = await check(bytes);
      expect(
        stones.map((s) => s.stock),
        name,
      ).toEqual(['F-2']);
      expect(report.unknownColumns, name).toEqual(['Comments']);
    }
    expect(detectEncoding(latin).encoding).toBe('windows-1252');
    expect(detectEncoding(Buffer.from('Stock,Shape\n', 'utf16le')).encoding).toBe('utf-16le');
    expect(detectDelimiter('Stock #\tShape\tWeight')).toBe('\t');
    expect(detectDelimiter('"Stock, No";Shape;Weight')).toBe(';');
  });

  it('a gzip file is unpacked by its bytes (whatever its name); an archive or workbook is refused in words', async () => {
    const text = rows.join('\r\n');
    const { stones } = await check(gzipSync(Buffer.from(text)));
    expect(stones.map((s) => s.stock)).toEqual(['F-2']);
    expect((await check(gzipSync(gzipSync(Buffer.from(text))))).stones.map((s) => s.stock)).toEqual(['F-2']);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
    await expect(check(zip)).rejects.toThrow(UnusableFeed);
    await expect(check(zip)).rejects.toThrow(/ZIP archive \(or an Excel workbook\)/);
    const damaged = gzipSync(Buffer.from(text)).subarray(0, 30);
    await expect(check(damaged)).rejects.toThrow(/gzip file is damaged/);
  });

  it('a NUL byte refuses its row, with its line and column; the other rows go on', async () => {
    const good = `${RAP_HEADER}\nOK-1,Round,1.01,G,VS1,EX,EX,EX,None,GIA,2141438171,6.40x6.45x3.98,62.1,57,5000,,,5050,Available,`;
    const bad = `\nBAD\u00002,Round,1.01,G,VS1,EX,EX,EX,None,GIA,2141438172,6.40x6.45x3.98,62.1,57,5000,,,5050,Available,`;
    const { report, stones } = await check(good + bad);
    expect(stones.map((s) => s.stock)).toEqual(['OK-1']);
    expect(report.errors).toEqual([
      expect.objectContaining({
        line: 3,
        column: 'Stock #',
        value: 'BAD␀2',
        reason: expect.stringMatching(/NUL byte/),
      }),
    ]);
  });
});

describe('markup', () => {
  it('rounds up to a price ending in 0 or 9, never below cost × multiplier', () => {
    expect(roundPrice(123_401, 'end-0')).toBe(124_000);
    expect(roundPrice(123_000, 'end-0')).toBe(123_000);
    expect(roundPrice(123_401, 'end-9')).toBe(123_900);
    expect(roundPrice(123_900, 'end-9')).toBe(123_900);
    expect(roundPrice(124_000, 'end-9')).toBe(124_900);
    expect(roundPrice(123_401, 'dollar')).toBe(123_500);
  });
  it('the first rule of the stone’s origin, carat band and cost band decides', () => {
    expect(retailCents(DEFAULT_MARKUP, { origin: 'natural', caratPoints: 101, costCents: 828_200 })).toBe(1_077_000);
    expect(retailCents(DEFAULT_MARKUP, { origin: 'lab', caratPoints: 101, costCents: 90_000 })).toBe(198_900);
    expect(retailCents(DEFAULT_MARKUP, { origin: 'lab', caratPoints: 300, costCents: 400_000 })).toBe(720_900);
  });
});
