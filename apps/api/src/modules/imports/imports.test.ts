import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ImportRun } from '@facet/contracts/admin-feeds';
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
  // A 3 MB limit, so the test streams a few MB past it rather than 200.
  t = await buildTestApp({ IMPORT_MAX_MB: '3' }, { jobWorkers: true });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const fields = (f: Record<string, string>, boundary: string) =>
  Object.entries(f)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');

/** POST /imports as the upload form sends it: the fields, then the file. */
function upload(
  file: Buffer | Readable,
  f: Record<string, string> = {},
  o: { fileName?: string; headers?: Record<string, string> } = {},
) {
  const boundary = `----facet${randomUUID()}`;
  const head = Buffer.from(
    fields({ supplier: 'ACME', kind: 'diamonds', dryRun: 'false', ...f }, boundary) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${o.fileName ?? 'acme.csv'}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload =
    file instanceof Readable
      ? Readable.from(
          (async function* () {
            yield head;
            for await (const c of file) yield c as Buffer;
            yield tail;
          })(),
        )
      : Buffer.concat([head, file, tail]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: {
      origin: ORIGIN,
      cookie: manager,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...o.headers,
    },
    payload,
  });
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
    const res = await upload(sample, { dryRun: 'true' });
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

    const list = (await adminCall(t, manager, 'GET', '/imports')).json().data as ImportRun[];
    expect(list.slice(0, 2).map((r) => r.id)).toEqual([applied.id, dry.id]);
  });

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
    const other = await upload(sample, { supplier: 'OTHER', dryRun: 'true' });
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
    expect(zip.json().message).toMatch(/not a CSV or TSV file/);
    expect((await upload(sample, { supplier: 'BAD' }, { fileName: 'feed.xlsx' })).statusCode).toBe(415);
    const badCode = await upload(sample, { supplier: 'no spaces!' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toMatchObject({ supplier: expect.any(String) });
  });

  it('a file over the limit is refused with 413 — by its declared length at once, or when the stream passes the limit', async () => {
    const declared = await upload(
      Readable.from([sample]),
      { supplier: 'BIG' },
      {
        headers: { 'content-length': String(4 * 1024 * 1024) },
      },
    );
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toMatch(/larger than 3 MB/);

    const mb = Buffer.alloc(1024 * 1024, 'A,B,C\n');
    const streamed = await upload(
      Readable.from(
        (function* () {
          for (let i = 0; i < 5; i++) yield mb;
        })(),
      ),
      { supplier: 'BIG' },
    );
    expect(streamed.statusCode).toBe(413);
    const [last] = (await adminCall(t, manager, 'GET', '/imports')).json().data as ImportRun[];
    expect(last).toMatchObject({ supplier: 'BIG', state: 'failed', canApply: false });
    expect(
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from import_file_chunk where run_id = ${last!.id}`),
      )[0]!.n,
      'the refused upload keeps none of its bytes',
    ).toBe(0);
  });

  it('staff without imports:run cannot upload or read imports', async () => {
    const support = (await staffSession(t, 'support')).cookie;
    expect((await adminCall(t, support, 'GET', '/imports')).statusCode).toBe(403);
  });
});
