import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMPORT_PIECE_BYTES, type ImportRun } from '@facet/contracts/admin-feeds';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, ORIGIN, staffSession } from '../../test/staff.ts';

// A supplier's feed with image links, imported in the back office: its stones get their
// photographs from a background job (fetched from a real local image server under the feed's fetch
// rules), shown in lists and on their pages; a link to a private or metadata address, a missing
// image and a file that is not an image are refused and named in the import's report, and those
// stones keep their drawing.

let t: TestApp;
let manager: string;
let images: Server;
let base: string;
let served = 0;

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#e8e6e1' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'supplier camera' } })
    .toBuffer();
  images = createServer((req, res) => {
    served++;
    if (req.url === '/stone.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (req.url === '/notes.txt') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a picture');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  const port = (images.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ FEED_FETCH_ALLOW: `127.0.0.1:${port}` }, { jobWorkers: true });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => images.close(r));
});

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(s));
const HEAD =
  'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Lab,Certificate #,Measurements,Depth %,Table %,Price Per Carat,Availability,Image Link\n';
const line = (stock: string, cert: string, image: string) =>
  `${stock},BR,1.01,G,VS1,EX,EX,EX,NON,GIA,${cert},6.45 x 6.48 x 3.98,61.6,57,8200,G,${image}\n`;

async function importFeed(supplier: string, csv: string): Promise<ImportRun> {
  const file = Buffer.from(csv);
  const call = (method: string, url: string, payload: Buffer | object) =>
    t.app.inject({
      method: method as 'POST',
      url: `/api/admin${url}`,
      headers: {
        origin: ORIGIN,
        cookie: manager,
        ...(Buffer.isBuffer(payload) ? { 'content-type': 'application/octet-stream' } : {}),
      },
      payload,
    });
  const created = await call('POST', '/imports', {
    supplier,
    kind: 'diamonds',
    dryRun: false,
    full: false,
    fileName: 'feed.csv',
    fileBytes: file.length,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json().data as ImportRun;
  for (let seq = 0; seq * IMPORT_PIECE_BYTES < file.length; seq++)
    await call(
      'PUT',
      `/imports/${id}/pieces/${seq}`,
      file.subarray(seq * IMPORT_PIECE_BYTES, (seq + 1) * IMPORT_PIECE_BYTES),
    );
  await call('POST', `/imports/${id}/start`, {});
  let run: ImportRun | undefined;
  // Done, and every photograph it asked for fetched or given up.
  await expect
    .poll(
      async () => {
        run = (await adminCall(t, manager, 'GET', `/imports/${id}`)).json().data as ImportRun;
        return run.state === 'done' && run.media !== null && run.media.waiting === 0;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  return run!;
}

const diamondOf = async (supplier: string, stock: string) =>
  (
    await q<{ id: number }>(sql`select d.id from diamond d join supplier s on s.id = d.supplier_id
      where s.code = ${supplier} and d.supplier_stock = ${stock}`)
  )[0]!.id;

describe('stone photographs from a feed', () => {
  it('fetches each in the background, refuses private addresses and bad images, and reports them', async () => {
    const run = await importFeed(
      'PHOTO',
      HEAD +
        line('PH-1', '3141592601', `${base}/stone.jpg`) +
        line('PH-2', '3141592602', `${base}/missing.jpg`) +
        line('PH-3', '3141592603', `${base}/notes.txt`) +
        line('PH-4', '3141592604', 'http://169.254.169.254/latest/meta-data/photo.jpg') +
        line('PH-5', '3141592605', 'http://127.0.0.1:9/stone.jpg'),
    );
    expect(run.report!.added).toBe(5);
    expect(run.media).toMatchObject({ waiting: 0, ready: 1, failed: 4 });
    const why = Object.fromEntries(run.media!.failures.map((f) => [f.stock, f.reason]));
    expect(why['PH-2']).toMatch(/answered 404/);
    expect(why['PH-3']).toMatch(/not a JPEG, PNG or WebP|could not be read|photograph/i);
    expect(why['PH-4']).toMatch(/refused/);
    expect(why['PH-5']).toMatch(/refused/);

    // The photographed stone shows it on its page and in the list; the others keep their drawing.
    const one = await diamondOf('PHOTO', 'PH-1');
    const page = (await t.app.inject({ method: 'GET', url: `/api/product/diamond?id=${one}` })).json().data;
    expect(page.photos).toHaveLength(1);
    const big = await t.app.inject({ method: 'GET', url: page.photos[0].large });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-type']).toBe('image/webp');
    // Re-encoded: the supplier camera's metadata is gone.
    expect((await sharp(big.rawPayload).metadata()).exif).toBeUndefined();
    // The list (the search index, fed by the stone's changed row) shows it too.
    const inList = async (id: number) => {
      for (let page = 1; page < 40; page++) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/diamond?caratMin=1.01&caratMax=1.01&pageSize=48&page=${page}`,
        });
        const rows = res.json().data.diamonds as Array<{ id: number; photo: string | null }>;
        const hit = rows.find((d) => d.id === id);
        if (hit || rows.length < 48) return hit;
      }
    };
    const list = [(await inList(one))!];
    expect(list.find((d) => d.id === one)!.photo).toBe(page.photos[0].small.replace('-small.', '-thumb.'));
    const thumb = await t.app.inject({ method: 'GET', url: list[0]!.photo! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(160);
    const two = await diamondOf('PHOTO', 'PH-2');
    const broken = (await t.app.inject({ method: 'GET', url: `/api/product/diamond?id=${two}` })).json().data;
    expect(broken.photos).toEqual([]);
    expect(broken.image).toMatch(/^\/api\/media\//);
  });

  it('fetches a photograph once: the same feed again asks for nothing', async () => {
    const csv = HEAD + line('AG-1', '3141592611', `${base}/stone.jpg`);
    await importFeed('AGAIN', csv);
    const before = served;
    const again = await importFeed('AGAIN', csv);
    expect(served).toBe(before);
    // The second run asked for nothing of its own.
    expect(again.media).toMatchObject({ waiting: 0, ready: 0, failed: 0 });
    const id = await diamondOf('AGAIN', 'AG-1');
    expect(
      (
        await q<{ n: number }>(
          sql`select count(*)::int as n from stone_photo where kind = 'diamond' and stone_id = ${id}`,
        )
      )[0]!.n,
    ).toBe(1);
  });
});
