import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { photoSrcSets } from '@facet/contracts/photo-sizes';
import { rowsOf } from '../../db/client.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startS3, type TestS3 } from '../../test/s3-server.ts';
import { adminCall, ORIGIN, photoUpload, staffSession } from '../../test/staff.ts';
import { signUp } from '../../test/accounts.ts';
import {
  copyMedia,
  makePhotoSizes,
  moveMedia,
  PRIVATE_PREFIX,
  withPrivatePhoto,
  postgresMediaStore,
  removePhotoFiles,
  s3MediaStore,
  type MediaStore,
} from './index.ts';

// Media files kept in the database (the embedded default) or in an S3-compatible bucket: a real
// S3 server (s3rver) started here, spoken to by the official AWS SDK. Shoppers' addresses are the
// same either way.

let s3: TestS3;
let onBucket: TestApp;
let manager: string;
beforeAll(async () => {
  s3 = await startS3();
  onBucket = await buildTestApp({ MEDIA_S3_URL: s3.url('facet-media') });
  manager = (await staffSession(onBucket, 'manager')).cookie;
});
afterAll(async () => {
  await onBucket?.close();
  await s3?.close();
});

const inDatabase = async () =>
  rowsOf<{ n: number }>(await onBucket.database.db.execute(sql`select count(*)::int as n from media_object`))[0]!.n;

const upload = (id: number, body: Buffer) => photoUpload(onBucket, manager, `/stones/diamond/${id}/photos`, body);
const aDiamond = async () =>
  rowsOf<{ id: number }>(
    await onBucket.database.db.execute(sql`select id from diamond where status = 'available' order by id desc limit 1`),
  )[0]!.id;

describe('each store keeps files by name', () => {
  const stores: Array<[string, () => Promise<MediaStore>]> = [
    ['the database', async () => postgresMediaStore(onBucket.database.db)],
    ['an S3 bucket', () => s3MediaStore(s3.url(`contract-${Date.now()}`))],
  ];
  for (const [where, open] of stores)
    it(`${where}: keeps, replaces, lists in name order and removes`, async () => {
      const store = await open();
      const tag = `t-${randomUUID()}`;
      await store.put(`${tag}/b.webp`, Buffer.from('second'), 'image/webp');
      await store.put(`${tag}/a.pdf`, Buffer.from('%PDF-first'), 'application/pdf');
      await store.put(`${tag}/b.webp`, Buffer.from('second, again'), 'image/webp');
      expect(await store.get(`${tag}/b.webp`)).toEqual({ bytes: Buffer.from('second, again'), type: 'image/webp' });
      expect(await store.get(`${tag}/nothing.webp`)).toBeNull();
      expect(await store.has(`${tag}/b.webp`)).toBe(true);
      expect(await store.has(`${tag}/nothing.webp`)).toBe(false);
      const names = (await store.list('', 1000)).filter((n) => n.startsWith(tag));
      expect(names).toEqual([`${tag}/a.pdf`, `${tag}/b.webp`]);
      expect((await store.list(`${tag}/a.pdf`, 1)).at(0)).toBe(`${tag}/b.webp`);
      await store.remove([`${tag}/a.pdf`, `${tag}/never-was.pdf`]);
      expect(await store.get(`${tag}/a.pdf`)).toBeNull();
      expect(await store.get(`${tag}/b.webp`)).not.toBeNull();
      await store.remove([`${tag}/b.webp`]);
      expect(await store.has(`${tag}/b.webp`)).toBe(false);
    });

  for (const [where, open] of stores)
    it(`${where}: a size being made while its photograph is removed does not outlive it`, async () => {
      const store = await open();
      const key = `race-${randomUUID()}`;
      const master = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#d9e2ea' } })
        .webp()
        .toBuffer();
      await store.put(`photo/${key}/large.webp`, master, 'image/webp');
      await store.put(`photo/${key}/small.webp`, master, 'image/webp');
      // The photograph is removed while its first size is being encoded: that size's write lands after.
      let removed = false;
      const slow: MediaStore = {
        where: store.where,
        put: async (name, bytes, type) => {
          if (!removed) {
            removed = true;
            await removePhotoFiles(store, [key]);
          }
          await store.put(name, bytes, type);
        },
        get: (name) => store.get(name),
        has: (name) => store.has(name),
        remove: (names) => store.remove(names),
        list: (after, limit) => store.list(after, limit),
      };
      await makePhotoSizes(slow, key);
      expect(removed).toBe(true);
      expect((await store.list(`photo/${key}`, 100)).filter((n) => n.includes(key))).toEqual([]);
    });
});

describe('a store whose media lives in a bucket', () => {
  it('a photograph is kept in the bucket, not the database, and served at its usual address in every size and format', async () => {
    const before = await inDatabase();
    const id = await aDiamond();
    const portrait = await sharp({ create: { width: 700, height: 1100, channels: 3, background: '#dfe7ee' } })
      .jpeg()
      .toBuffer();
    const res = await upload(id, portrait);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().data.at(-1);
    expect(await inDatabase(), 'no bytes in the database').toBe(before);

    // Each srcset entry is a file of exactly the width it claims, in the format it claims.
    const sets = photoSrcSets(photo.key, photo.width, photo.height);
    const page = (await onBucket.app.inject({ method: 'GET', url: `/api/product/diamond?id=${id}` })).json().data;
    expect(page.photos.find((p: { large: string }) => p.large === photo.large).srcSet).toEqual(sets);
    for (const [format, set] of Object.entries(sets)) {
      const entries = set.split(', ').map((e) => e.split(' '));
      expect(entries.length).toBeGreaterThan(2);
      for (const [url, w] of entries) {
        const file = await onBucket.app.inject({ method: 'GET', url: url! });
        expect(file.statusCode, url).toBe(200);
        expect(file.headers['content-type']).toBe(`image/${format}`);
        expect(file.headers['cache-control']).toContain('immutable');
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.format === 'heif' ? 'avif' : meta.format, url).toBe(format);
        expect(`${meta.width}w`, url).toBe(w);
      }
    }
    // AVIF is the smaller file for the same size.
    const [avif, webp] = await Promise.all(
      (['avif', 'webp'] as const).map((f) =>
        onBucket.app.inject({ method: 'GET', url: `/api/media/photo/${photo.key}-1000.${f}` }),
      ),
    );
    expect(avif!.rawPayload.length).toBeLessThan(webp!.rawPayload.length);

    // Every size and format is kept before the removal, so the removal is seen to take all ten.
    await expect
      .poll(
        async () => (await onBucket.app.media.list(`photo/${photo.key}`, 100)).filter((n) => n.includes(photo.key)),
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toHaveLength(10);
    const gone = await onBucket.app.inject({
      method: 'DELETE',
      url: `/api/admin/stones/diamond/${id}/photos/${photo.key}`,
      headers: { origin: ORIGIN, cookie: manager },
    });
    expect(gone.statusCode).toBe(200);
    // A size still being encoded when the photograph went takes itself back when it lands.
    await expect
      .poll(async () => (await onBucket.app.media.list('', 10_000)).filter((n) => n.includes(photo.key)), {
        timeout: 5_000,
        interval: 100,
      })
      .toEqual([]);
    expect((await onBucket.app.inject({ method: 'GET', url: photo.large })).statusCode).toBe(404);
  });

  it('an uploaded photograph’s other sizes are made after the answer, before anyone asks for them', async () => {
    const res = await upload(
      await aDiamond(),
      await sharp({ create: { width: 900, height: 700, channels: 3, background: '#d9e2ea' } })
        .jpeg()
        .toBuffer(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { key } = res.json().data.at(-1);
    const files = async () => (await onBucket.app.media.list(`photo/${key}`, 100)).filter((n) => n.includes(key));
    // Every size in both formats, though no request asked for one.
    await expect.poll(files, { timeout: 30_000, interval: 200 }).toHaveLength(10);
  });

  it('an address naming no photograph makes nothing (a stranger cannot fill the bucket)', async () => {
    const before = await onBucket.app.media.list('', 10_000);
    for (const url of ['/api/media/photo/AAAAAAAAAAAAAAAA-320.avif', '/api/media/photo/AAAAAAAAAAAAAAAA-thumb.webp'])
      expect((await onBucket.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await onBucket.app.inject({ method: 'GET', url: '/api/media/photo/AAAAAAAAAAAAAAAA-77.avif' })).statusCode,
    ).toBe(400);
    expect(await onBucket.app.media.list('', 10_000)).toEqual(before);
  });

  it('a report PDF is kept in the bucket and downloaded from the usual address', async () => {
    const id = await aDiamond();
    const pdf = Buffer.from('%PDF-1.4\n% a report\n%%EOF\n');
    const put = await onBucket.app.inject({
      method: 'PUT',
      url: `/api/admin/stones/diamond/${id}/report?filename=report.pdf`,
      headers: { origin: ORIGIN, cookie: manager, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await onBucket.app.media.get(`report/diamond-${id}.pdf`))?.bytes).toEqual(pdf);
    const file = await onBucket.app.inject({ method: 'GET', url: `/api/media/report/diamond-${id}.pdf` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(pdf);
  });
});

describe('a customer’s photographs of a piece', () => {
  const piece = () =>
    sharp({ create: { width: 900, height: 700, channels: 3, background: '#b08d57' } })
      .jpeg()
      .toBuffer();

  it('are kept in the bucket, shown to staff through their ticket, never at a public address', async () => {
    const opened = await adminCall(onBucket, manager, 'POST', '/service-tickets', {
      kind: 'cleaning',
      customer: { name: 'Ada King', email: `ada.${randomUUID().slice(0, 8)}@example.com`, phone: '' },
      piece: 'Yellow gold signet, worn engraving',
      dueOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const number = opened.json().data.number as string;
    const before = await inDatabase();
    const up = await photoUpload(onBucket, manager, `/service-tickets/${number}/photos`, await piece());
    expect(up.statusCode, up.body).toBe(200);
    const [photo] = up.json().data.photos as Array<{ small: string; large: string }>;
    expect(await inDatabase()).toBe(before);
    const key = /([A-Za-z0-9_-]{16})-small\.webp$/.exec(photo!.small)![1]!;
    const bucket = await s3MediaStore(s3.url('facet-media'));
    expect(await bucket.has(`private/service/${key}/large.webp`)).toBe(true);
    const seen = await onBucket.app.inject({ method: 'GET', url: photo!.large, headers: { cookie: manager } });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload).toEqual((await bucket.get(`private/service/${key}/large.webp`))!.bytes);
    // The public photograph route serves designs' and stones' photographs only.
    for (const size of ['small', 'large'])
      expect(
        (await onBucket.app.inject({ method: 'GET', url: `/api/media/photo/${key}-${size}.webp` })).statusCode,
      ).toBe(404);
  });

  it('that no row came to name are taken back out of the bucket', async () => {
    const bucket = await s3MediaStore(s3.url('facet-media'));
    const photo = { key: randomUUID().replace(/-/g, '').slice(0, 16), large: await piece(), small: await piece() };
    await expect(
      withPrivatePhoto(bucket, 'return', photo, async (put) => {
        await put(onBucket.database.db);
        expect(await bucket.has(`private/return/${photo.key}/small.webp`)).toBe(true);
        throw new Error('the row was refused');
      }),
    ).rejects.toThrow('the row was refused');
    expect(await bucket.has(`private/return/${photo.key}/small.webp`)).toBe(false);
    expect(await bucket.has(`private/return/${photo.key}/large.webp`)).toBe(false);
  });

  it('left in the database by the migration move to the bucket, and only they', async () => {
    const database = postgresMediaStore(onBucket.database.db);
    const bucket = await s3MediaStore(s3.url(`move-${Date.now()}`));
    const tag = randomUUID().slice(0, 8);
    await database.put(`private/return/${tag}/large.webp`, Buffer.from('return photo'), 'image/webp');
    await database.put(`private/service/${tag}/small.webp`, Buffer.from('service photo'), 'image/webp');
    await database.put(`report/${tag}.pdf`, Buffer.from('%PDF-stays'), 'application/pdf');
    expect(await moveMedia(database, bucket, PRIVATE_PREFIX)).toBe(2);
    expect(await bucket.get(`private/service/${tag}/small.webp`)).toEqual({
      bytes: Buffer.from('service photo'),
      type: 'image/webp',
    });
    expect(await database.has(`private/return/${tag}/large.webp`)).toBe(false);
    expect(await database.has(`report/${tag}.pdf`)).toBe(true);
    expect(await bucket.has(`report/${tag}.pdf`)).toBe(false);
    expect(await moveMedia(database, bucket, PRIVATE_PREFIX)).toBe(0);
    await database.remove([`report/${tag}.pdf`]);
  });
});

describe('a customer’s avatar on a store whose media lives in a bucket', () => {
  it('is kept in the bucket, shown at its address, and the one it replaces goes', async () => {
    const token = await signUp(onBucket, `avatar.${randomUUID().slice(0, 8)}@example.com`);
    const upload = async (background: string) => {
      const fd = new FormData();
      fd.append('firstName', 'Ada');
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background } })
        .png()
        .toBuffer();
      fd.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const req = new Request('http://x', { method: 'PUT', body: fd });
      const res = await onBucket.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: { authorization: `Bearer ${token}`, 'content-type': req.headers.get('content-type')! },
        payload: Buffer.from(await req.arrayBuffer()),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.avatarUrl as string;
    };
    const before = await inDatabase();
    const first = await upload('#b08d57');
    expect(await inDatabase()).toBe(before);
    const key = (url: string) => /([A-Za-z0-9_-]{16})\.webp$/.exec(url)![1]!;
    const bucket = await s3MediaStore(s3.url('facet-media'));
    expect(await bucket.has(`avatar/${key(first)}.webp`)).toBe(true);
    const shown = await onBucket.app.inject({ method: 'GET', url: first });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    const second = await upload('#3a6ea5');
    expect(second).not.toBe(first);
    expect(await bucket.has(`avatar/${key(first)}.webp`)).toBe(false);
    expect((await onBucket.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await onBucket.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });
});

describe('moving between stores', () => {
  it('every file of the database store is copied into a bucket under its name, and a second copy changes nothing', async () => {
    const from = postgresMediaStore(onBucket.database.db);
    const tag = `copy-${randomUUID()}`;
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#eee' } })
      .webp()
      .toBuffer();
    await from.put(`photo/${tag}/large.webp`, photo, 'image/webp');
    await from.put(`report/${tag}.pdf`, Buffer.from('%PDF-x'), 'application/pdf');
    const to = await s3MediaStore(s3.url(`copy-${Date.now()}`));
    const names = await from.list('', 100_000);
    expect(await copyMedia(from, to)).toBe(names.length);
    expect(await to.list('', 100_000)).toEqual(names);
    expect(await to.get(`photo/${tag}/large.webp`)).toEqual({ bytes: photo, type: 'image/webp' });
    expect(await copyMedia(from, to)).toBe(names.length);
    expect(await to.list('', 100_000)).toEqual(names);
    await from.remove([`photo/${tag}/large.webp`, `report/${tag}.pdf`]);
  });
});

describe('MEDIA_S3_URL', () => {
  it('is refused at start when it names no bucket or is not an address', () => {
    expect(() => loadConfig({ MEDIA_S3_URL: 'https://key:secret@s3.example.com' })).toThrow(/MEDIA_S3_URL/);
    expect(() => loadConfig({ MEDIA_S3_URL: 'facet-media' })).toThrow(/MEDIA_S3_URL/);
    expect(loadConfig({ MEDIA_S3_URL: 'https://key:secret@s3.example.com/facet-media' }).MEDIA_S3_URL).toBeDefined();
  });
});
