import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ImportRun, SupplierFeed } from '@facet/contracts/admin-feeds';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession } from '../../test/staff.ts';
import { pullDue } from './pulls.ts';

// A supplier's feed fetched on a schedule from a local HTTP server speaking plain HTTP caching:
// an unchanged feed (ETag / Last-Modified) costs a 304 and no import; a changed one is imported.

const sample = readFileSync(path.resolve(import.meta.dirname, '../../../../../samples/feeds/acme-diamonds.csv'));
let body = sample;
let etag = '"v1"';
const seen: Array<{ ifNoneMatch?: string; ifModifiedSince?: string; status: number }> = [];
// A product feed in two pages, as Stuller's API pages it: the second asked for with NextPage.
const productPage = (sku: string, next: string | null) =>
  JSON.stringify({
    Products: [
      {
        SKU: sku,
        Series: sku.split(':')[0],
        GroupDescription: 'Lobster Clasp',
        Price: { Value: 20 },
        Status: 'Available',
        OnHand: 5,
        DescriptiveElementGroup: { DescriptiveElements: [{ Name: 'Quality', Value: '14K Yellow' }] },
      },
    ],
    NextPage: next,
  });
const server = http.createServer((req, res) => {
  if (req.url?.startsWith('/products')) {
    const page = new URL(req.url, 'http://x').searchParams.get('NextPage');
    seen.push({ ifNoneMatch: req.headers['if-none-match'], status: 200 });
    res.writeHead(200, { 'content-type': 'application/json', etag: '"p"' });
    res.end(page === 'p2' ? productPage('700:1', null) : productPage('600:1', 'p2'));
    return;
  }
  const ifNoneMatch = req.headers['if-none-match'];
  const ifModifiedSince = req.headers['if-modified-since'];
  const status = ifNoneMatch === etag ? 304 : 200;
  seen.push({ ifNoneMatch, ifModifiedSince, status });
  res.writeHead(status, { etag, 'last-modified': 'Mon, 23 Nov 2026 08:00:00 GMT', 'content-type': 'text/csv' });
  res.end(status === 200 ? body : undefined);
});
let t: TestApp;
let manager: string;
let feedUrl: string;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  feedUrl = `http://127.0.0.1:${port}/stock/acme.csv`;
  t = await buildTestApp({ FEED_FETCH_ALLOW: `127.0.0.1:${port}` }, { jobWorkers: true });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(async () => {
  await t.close();
  server.close();
});

const supplierFeed = async (code: string) =>
  ((await adminCall(t, manager, 'GET', '/suppliers')).json().data as SupplierFeed[]).find((s) => s.code === code)!;
async function lastRunDone(code: string) {
  let run: ImportRun | undefined;
  await expect
    .poll(
      async () => {
        run = ((await adminCall(t, manager, 'GET', '/imports')).json().data.runs as ImportRun[]).find(
          (r) => r.supplier === code,
        );
        return run?.state;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe('done');
  return run!;
}

describe('scheduled feed pulls', () => {
  it('fetches a due feed and imports it; asks "changed since?" next time and skips an unchanged feed', async () => {
    const set = await adminCall(t, manager, 'PUT', '/suppliers/PULLCO/pull', {
      feedUrl,
      everyMinutes: 60,
      full: false,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ code: 'PULLCO', feedUrl, everyMinutes: 60 });

    expect(await pullDue(t.app)).toBe('queued');
    const first = await lastRunDone('PULLCO');
    expect(first).toMatchObject({ source: 'pull', fileName: 'acme.csv', report: { added: 4 } });
    expect(seen.at(-1)).toMatchObject({ ifNoneMatch: undefined, status: 200 });
    // The next pull is an hour away.
    expect(await pullDue(t.app)).toBe('none-due');

    expect((await adminCall(t, manager, 'POST', '/suppliers/PULLCO/pull-now')).statusCode).toBe(202);
    expect(await pullDue(t.app)).toBe('unchanged');
    expect(seen.at(-1)).toMatchObject({
      ifNoneMatch: '"v1"',
      ifModifiedSince: 'Mon, 23 Nov 2026 08:00:00 GMT',
      status: 304,
    });
    expect(await supplierFeed('PULLCO')).toMatchObject({ lastPullResult: 'Unchanged since the last pull' });
    const runs = (await adminCall(t, manager, 'GET', '/imports')).json().data.runs as ImportRun[];
    expect(runs.filter((r) => r.supplier === 'PULLCO')).toHaveLength(1);

    // The supplier changes a price: a new ETag, so the feed is imported again.
    etag = '"v2"';
    body = Buffer.from(
      sample
        .toString('utf8')
        .replace(
          'AC-10001,BR,1.01,G,VS1,EX,EX,EX,NON,GIA,2141438871,6.45 x 6.48 x 3.98,61.6,57,8200',
          'AC-10001,BR,1.01,G,VS1,EX,EX,EX,NON,GIA,2141438871,6.45 x 6.48 x 3.98,61.6,57,7900',
        ),
    );
    await adminCall(t, manager, 'POST', '/suppliers/PULLCO/pull-now');
    expect(await pullDue(t.app)).toBe('queued');
    await expect.poll(async () => (await lastRunDone('PULLCO')).report?.priceChanged, { timeout: 20_000 }).toBe(1);
  });

  it('pulls a product feed page by page (NextPage) and imports every page', async () => {
    const set = await adminCall(t, manager, 'PUT', '/suppliers/PAGED/pull', {
      feedUrl: feedUrl.replace('/stock/acme.csv', '/products'),
      everyMinutes: 60,
      full: false,
      kind: 'products',
    });
    expect(set.json().data).toMatchObject({ kind: 'products' });
    expect(await pullDue(t.app)).toBe('queued');
    const run = await lastRunDone('PAGED');
    expect(run).toMatchObject({ kind: 'products', productReport: { products: 2, designs: 2, waiting: 2 } });
  });

  it('refuses a feed address on the server’s own network (metadata, loopback not allowed) and says why', async () => {
    for (const [code, url] of [
      ['METADATA', 'http://169.254.169.254/latest/meta-data/'],
      ['LOOPBACK', 'http://127.0.0.1:1/feed.csv'],
    ] as const) {
      await adminCall(t, manager, 'PUT', `/suppliers/${code}/pull`, { feedUrl: url, everyMinutes: 60, full: false });
      expect(await pullDue(t.app)).toBe('failed');
      expect((await supplierFeed(code)).lastPullResult).toMatch(/^Not fetched: .*private or local address/);
    }
  });

  it('checks the settings: http(s) only, 15 minutes to a day', async () => {
    const ftp = await adminCall(t, manager, 'PUT', '/suppliers/BADCO/pull', {
      feedUrl: 'ftp://example.com/feed.csv',
      everyMinutes: 60,
      full: false,
    });
    expect(ftp.statusCode).toBe(400);
    const often = await adminCall(t, manager, 'PUT', '/suppliers/BADCO/pull', {
      feedUrl: 'https://example.com/feed.csv',
      everyMinutes: 1,
      full: false,
    });
    expect(often.statusCode).toBe(400);
  });
});
