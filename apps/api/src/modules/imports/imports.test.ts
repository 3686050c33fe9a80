import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { IMPORT_PIECE_BYTES, type ImportRun } from '@facet/contracts/admin-feeds';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, ORIGIN, staffSession } from '../../test/staff.ts';
import { createRun } from './service.ts';

// Staff upload a supplier's feed on /admin/imports: it is stored, queued, run by the job worker,
// and its report read back; one import per supplier at a time.

const sample = readFileSync(path.resolve(import.meta.dirname, '../../../../../samples/feeds/acme-diamonds.csv'));
let t: TestApp;
let manager: string;
beforeAll(async () => {
  // A 10 MB limit, so the test goes past it without sending 200 MB.
  t = await buildTestApp({ IMPORT_MAX_MB: '10' }, { jobWorkers: true });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: Buffer | object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/admin${url}`,
    headers: { origin: ORIGIN, cookie: manager, ...headers },
    ...(payload === undefined
      ? {}
      : Buffer.isBuffer(payload)
        ? { payload, headers: { origin: ORIGIN, cookie: manager, 'content-type': 'application/octet-stream' } }
        : { payload }),
  });

/** As the upload form does it: say what is coming, send each piece, start. Answers the last response. */
async function upload(file: Buffer, o: { supplier?: string; dryRun?: boolean; fileName?: string } = {}) {
  const created = await call('POST', '/imports', {
    supplier: o.supplier ?? 'ACME',
    kind: 'diamonds',
    dryRun: o.dryRun ?? false,
    full: false,
    fileName: o.fileName ?? 'acme.csv',
    fileBytes: file.length,
  });
  if (created.statusCode !== 201) return created;
  const { id } = created.json().data as ImportRun;
  for (let seq = 0; seq * IMPORT_PIECE_BYTES < file.length; seq++) {
    const piece = await call(
      'PUT',
      `/imports/${id}/pieces/${seq}`,
      file.subarray(seq * IMPORT_PIECE_BYTES, (seq + 1) * IMPORT_PIECE_BYTES),
    );
    if (piece.statusCode !== 204) return piece;
  }
  return call('POST', `/imports/${id}/start`);
}

async function finished(id: string): Promise<ImportRun> {
  let run: ImportRun | undefined;
  await expect
    .poll(
      async () => {
        run = (await adminCall(t, manager, 'GET', `/imports/${id}`)).json().data as ImportRun;
        return run.state;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toMatch(/done|failed/);
  return run!;
}

const stones = async (supplier: string) =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from diamond d join supplier s on s.id = d.supplier_id where s.code = ${supplier} and d.status = 'available'`,
    ),
  )[0]!.n;

describe('feed imports in the back office', () => {
  it('a dry run reports without writing; "apply" runs the same stored file; the report and its errors CSV read back', async () => {
    const res = await upload(sample, { dryRun: true });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json().data as ImportRun;
    expect(queued).toMatchObject({ supplier: 'ACME', dryRun: true, source: 'upload', fileName: 'acme.csv' });
    expect(queued.fileBytes).toBe(sample.length);

    const dry = await finished(queued.id);
    expect(dry).toMatchObject({
      state: 'done',
      canApply: true,
      rowsTotal: 8,
      staff: expect.stringMatching(/^manager\./),
    });
    expect(dry.report).toMatchObject({ rows: 8, stones: 4, unlisted: 1, rowsWithErrors: 3, added: 4 });
    expect(await stones('ACME')).toBe(0);

    const csv = await adminCall(t, manager, 'GET', `/imports/${dry.id}/errors.csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="ACME-\d{4}-\d\d-\d\d-errors\.csv"/);
    expect(csv.body.split('\n')[0]).toBe('line,column,value,reason\r');
    expect(csv.body).toContain('7,Shape,Blob,"unknown shape ""Blob"""');

    const apply = await adminCall(t, manager, 'POST', `/imports/${dry.id}/apply`);
    expect(apply.statusCode, apply.body).toBe(202);
    const applied = await finished((apply.json().data as ImportRun).id);
    expect(applied).toMatchObject({ state: 'done', dryRun: false, report: { added: 4 } });
    expect(await stones('ACME')).toBe(4);
    // Applied: the dry run's file is gone, so it cannot be applied twice.
    expect((await adminCall(t, manager, 'GET', `/imports/${dry.id}`)).json().data.canApply).toBe(false);
    expect((await adminCall(t, manager, 'POST', `/imports/${dry.id}/apply`)).statusCode).toBe(422);

    const list = (await adminCall(t, manager, 'GET', '/imports')).json().data.runs as ImportRun[];
    expect(list.slice(0, 2).map((r) => r.id)).toEqual([applied.id, dry.id]);
  });

  it('a gzipped feed is unpacked by its bytes; a NUL byte deep in the file refuses its row, not the import', async () => {
    const [header, ...lines] = sample.toString('utf8').trim().split('\n') as [string, ...string[]];
    const stock = (l: string) => l.split(',')[0]!;
    // A NUL far past the start (the door only looks at the first 4 KB), in the second row.
    const padded = [header, lines[0]!, `${lines[1]!.replace(',', '\u0000,')}`, ...lines.slice(2)].join('\n');
    const res = await upload(gzipSync(Buffer.from(padded)), {
      supplier: 'GZNUL',
      fileName: 'feed.csv.gz',
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finished(res.json().data.id);
    expect(run.state, run.message ?? '').toBe('done');
    expect(run.report!.errors).toContainEqual(
      expect.objectContaining({ line: 3, value: `${stock(lines[1]!)}␀`, reason: expect.stringMatching(/NUL byte/) }),
    );
    // The same file without the NUL: one stone more, and otherwise the same report.
    const clean = await upload(gzipSync(sample), { supplier: 'GZCLEAN', fileName: 'feed.csv.gz', dryRun: true });
    const cleanRun = await finished(clean.json().data.id);
    expect(run.report!.stones).toBe(cleanRun.report!.stones - 1);
    expect(run.report!.errors.length).toBe(cleanRun.report!.errors.length + 1);
  });

  it('a file of several pieces is put back together in order, rows across piece boundaries intact', async () => {
    const [header, row] = sample.toString('utf8').split('\n') as [string, string];
    const cells = row.split(',');
    const rows = 60_000;
    const lines = [header];
    for (let i = 0; i < rows; i++) lines.push([`P${i}`, ...cells.slice(1)].join(','));
    const file = Buffer.from(lines.join('\n'));
    expect(file.length).toBeGreaterThan(IMPORT_PIECE_BYTES);
    const res = await upload(file, { supplier: 'PIECES', dryRun: true });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finished(res.json().data.id);
    expect(run.report).toMatchObject({ rows, stones: rows, rowsWithErrors: 0 });
  }, 60_000);

  it('one import per supplier: a second is refused with 409 and the running one’s id; another supplier goes ahead', async () => {
    const live = await createRun(t.database.db, {
      supplier: 'BUSY',
      kind: 'diamonds',
      dryRun: false,
      full: false,
      source: 'cli',
      fileName: 'x.csv',
    });
    const res = await upload(sample, { supplier: 'BUSY' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('An import for BUSY is already running'),
      errors: { runId: live.id },
    });
    const other = await upload(sample, { supplier: 'OTHER', dryRun: true });
    expect(other.statusCode).toBe(202);
    await finished(other.json().data.id);
  });

  it('an unusable file fails the run with the reason; binary files and other types are refused at the door', async () => {
    const res = await upload(Buffer.from('Name,Value\nx,1\n'), { supplier: 'BAD' });
    expect(res.statusCode).toBe(202);
    const run = await finished(res.json().data.id);
    expect(run).toMatchObject({ state: 'failed', report: null });
    expect(run.message).toMatch(/No column for stock/);

    const zip = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { supplier: 'BAD' });
    expect(zip.statusCode).toBe(422);
    expect(zip.json().message).toMatch(/not a CSV or TSV file \(it is a ZIP archive \(or an Excel workbook\)/);
    const xlsx = await upload(sample, { supplier: 'BAD', fileName: 'feed.xlsx' });
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.json().errors).toMatchObject({ fileName: expect.stringMatching(/\.csv, \.tsv or \.txt/) });
    const badCode = await upload(sample, { supplier: 'no spaces!' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toMatchObject({ supplier: expect.any(String) });
  });

  it('a file over the limit is refused before a byte is sent; pieces must be whole and all there; a cancelled upload keeps nothing', async () => {
    const big = await call('POST', '/imports', {
      supplier: 'BIG',
      kind: 'diamonds',
      dryRun: true,
      fileName: 'big.csv',
      fileBytes: 10 * 1024 * 1024 + 1,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/larger than 10 MB/);

    const created = await call('POST', '/imports', {
      supplier: 'BIG',
      kind: 'diamonds',
      dryRun: true,
      fileName: 'small.csv',
      fileBytes: sample.length,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data as ImportRun;
    expect((await call('PUT', `/imports/${id}/pieces/0`, sample.subarray(0, 10))).statusCode).toBe(422);
    expect((await call('PUT', `/imports/${id}/pieces/1`, sample)).statusCode).toBe(422);
    const early = await call('POST', `/imports/${id}/start`);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/1 of 1 pieces of the file have not arrived/);
    expect((await call('PUT', `/imports/${id}/pieces/0`, sample)).statusCode).toBe(204);
    // A retried piece replaces the first copy.
    expect((await call('PUT', `/imports/${id}/pieces/0`, sample)).statusCode).toBe(204);
    expect((await call('DELETE', `/imports/${id}`)).json().data).toMatchObject({ state: 'failed', canApply: false });
    expect(
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from import_file_chunk where run_id = ${id}`),
      )[0]!.n,
      'the cancelled upload keeps none of its bytes',
    ).toBe(0);
    expect((await call('POST', `/imports/${id}/start`)).statusCode).toBe(409);
  });

  it('staff without imports:run cannot upload or read imports', async () => {
    const support = (await staffSession(t, 'support')).cookie;
    expect((await adminCall(t, support, 'GET', '/imports')).statusCode).toBe(403);
  });
});
