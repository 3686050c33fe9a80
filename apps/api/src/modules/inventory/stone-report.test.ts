import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { ORIGIN, staffSession } from '../../test/staff.ts';

// A stone's grading report uploaded by staff as a PDF (a lab without a check page by number):
// refused unless it is a PDF of at most 10 MB, offered to shoppers as a download that is never
// shown in place, and linked from the stone's page.

let t: TestApp;
let manager: string;
let id: number;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
  // An HRD-graded stone: its report cannot be opened by number, so the PDF is the way to it.
  id = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`update diamond set lab = 'HRD', certificate_url = null
      where id = (select id from diamond where status = 'available' order by id limit 1) returning id`),
  )[0]!.id;
});
afterAll(() => t.close());

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2_000, 32), Buffer.from('\n%%EOF\n')]);
const put = (body: Buffer, cookie = manager, filename = 'HRD-report.pdf') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/stones/diamond/${id}/report?filename=${encodeURIComponent(filename)}`,
    headers: { origin: ORIGIN, cookie, 'content-type': 'application/pdf' },
    payload: body,
  });
const page = async () => (await t.app.inject({ method: 'GET', url: `/api/product/diamond?id=${id}` })).json().data;

describe('a stone’s uploaded report', () => {
  it('is refused unless it is a PDF of at most 10 MB, and only with the catalogue permission', async () => {
    const notPdf = await put(Buffer.from('<html>not a report</html>'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('The report must be a PDF file.');
    const big = await put(Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const badName = await put(PDF, manager, '../../etc/passwd');
    expect(badName.statusCode).toBe(400);
    expect((await put(PDF, (await staffSession(t, 'fulfilment')).cookie)).statusCode).toBe(403);
    expect((await page()).report).toBeNull();
  });

  it('is a download linked from the stone’s page, until staff remove it', async () => {
    const res = await put(PDF);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().data;
    expect(url).toBe(`/api/media/report/diamond-${id}.pdf`);
    expect((await page()).report).toEqual({ label: 'View the HRD report', url, kind: 'document' });
    expect((await page()).reportFile).toBeNull();
    // A GIA stone's report number opens on the lab's site; the uploaded PDF is offered beside it.
    await t.database.db.execute(sql`update diamond set lab = 'GIA', certificate = '2141438871' where id = ${id}`);
    // (A direct write reaches the kept answers through the change signal, within the second.)
    await expect.poll(async () => (await page()).report.kind, { timeout: 2_000 }).toBe('lab');
    const gia = await page();
    expect(gia.report.url).toContain('gia.edu');
    expect(gia.reportFile).toEqual({ label: 'Download the report (PDF)', url });
    await t.database.db.execute(sql`update diamond set lab = 'HRD' where id = ${id}`);
    await expect.poll(async () => (await page()).report.kind, { timeout: 2_000 }).toBe('document');
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="HRD-report.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/stones/diamond/${id}/report`,
      headers: { origin: ORIGIN, cookie: manager },
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await page()).report).toBeNull();
  });
});
