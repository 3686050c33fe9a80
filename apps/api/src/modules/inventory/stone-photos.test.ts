import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, photoUpload, staffSession } from '../../test/staff.ts';

// Photographs of a loose stone: uploaded by staff, re-encoded without metadata, shown first on its page.

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const upload = (kind: string, id: number, body: Buffer, alt: string, cookie = manager) =>
  photoUpload(t, cookie, `/stones/${kind}/${id}/photos`, body, alt);
const jpeg = (exif?: Record<string, Record<string, string>>) => {
  let img = sharp({ create: { width: 900, height: 900, channels: 3, background: '#e8eef3' } }).jpeg();
  if (exif) img = img.withExif(exif);
  return img.toBuffer();
};

describe('a stone’s photographs', () => {
  it('an upload is re-encoded without metadata and shown first on the diamond’s page; removed, the drawing is back', async () => {
    const [d] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from diamond where status = 'available' order by id limit 1`),
    );
    const res = await upload(
      'diamond',
      d!.id,
      await jpeg({ IFD0: { Artist: 'Bench loupe camera' } }),
      'Table up, daylight',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [photo] = res.json().data;
    expect(photo).toMatchObject({ alt: 'Table up, daylight', width: 900, height: 900 });
    const bytes = await t.app.inject({ method: 'GET', url: photo.large });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
    expect((await sharp(bytes.rawPayload).metadata()).exif, 'no camera data').toBeUndefined();

    const page = (await t.app.inject({ method: 'GET', url: `/api/product/diamond?id=${d!.id}` })).json().data;
    expect(page.photos[0]).toMatchObject({ large: photo.large, alt: 'Table up, daylight' });
    const staff = (await adminCall(t, manager, 'GET', `/stones/diamonds/${d!.id}`)).json().data;
    expect(staff.photos.map((p: { key: string }) => p.key)).toEqual([photo.key]);

    const gone = await adminCall(t, manager, 'DELETE', `/stones/diamond/${d!.id}/photos/${photo.key}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/diamond?id=${d!.id}` })).json().data.photos).toEqual(
      [],
    );
  });

  it('refuses what is not a photograph and a stone that does not exist; fulfilment staff may not add one', async () => {
    const [g] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from notable_gemstone order by id limit 1`),
    );
    const notImage = await upload('gemstone', g!.id, Buffer.from('%PDF-1.7 not a photo'), '');
    expect(notImage.statusCode).toBe(400);
    expect((await upload('gemstone', 2_000_000_000, await jpeg(), '')).statusCode).toBe(404);
    const fulfilment = (await staffSession(t, 'fulfilment')).cookie;
    expect((await upload('gemstone', g!.id, await jpeg(), '', fulfilment)).statusCode).toBe(403);
    const ok = await upload('gemstone', g!.id, await jpeg(), '');
    expect(ok.json().data[0].alt, 'no description: named by its stock number').toMatch(/^Stone NG/);
  });
});
