import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import sharp from 'sharp';
import { adminCall, ORIGIN, photoUpload, staffSession } from '../../test/staff.ts';

// A notable gemstone and a melee parcel put on sale by hand, and changed with the version read.

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp({ VIDEO_ORIGINS: 'https://video.gems.example' });
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}` });
const sapphire = (extra: object = {}) => ({
  type: 'sapphire',
  color: 'Cornflower blue',
  colorHex: '#3a5fcd',
  shape: 'Cushion',
  carat: 3.12,
  lengthMm: 9.1,
  widthMm: 8.4,
  depthMm: 5.6,
  origin: 'Sri Lanka',
  treatment: 'None',
  agtaCertificate: `AGTA-H${Date.now().toString().slice(-7)}`,
  priceCents: 1_875_000,
  status: 'available',
  holdReason: null,
  ...extra,
});

describe('a gemstone by hand', () => {
  it('is listed under its kind at once; a report already listed and an unknown kind are refused', async () => {
    const form = (await adminCall(t, manager, 'GET', '/stones/gemstones/new')).json().data;
    expect(form.types.map((x: { slug: string }) => x.slug)).toContain('sapphire');
    const res = await adminCall(t, manager, 'POST', '/stones/gemstones', sapphire());
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json().data;
    expect(g.serial).toMatch(/^NGH\d+$/);
    const listed = (await get('/product/notable-gemstone?type=sapphire&caratMin=3.12&caratMax=3.12')).json();
    expect(JSON.stringify(listed), 'on sale under its kind').toContain(g.serial);

    const twice = await adminCall(
      t,
      manager,
      'POST',
      '/stones/gemstones',
      sapphire({ agtaCertificate: g.stone.agtaCertificate }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain(g.serial);
    const odd = await adminCall(
      t,
      manager,
      'POST',
      '/stones/gemstones',
      sapphire({ type: 'kryptonite', agtaCertificate: null }),
    );
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errors).toHaveProperty('type');
  });

  it('edits carry the version read: a stale one is refused', async () => {
    const g = (await adminCall(t, manager, 'POST', '/stones/gemstones', sapphire({ agtaCertificate: null }))).json()
      .data;
    const ok = await adminCall(t, manager, 'PUT', `/stones/gemstones/${g.id}`, {
      version: g.version,
      stone: { ...g.stone, priceCents: 1_650_000 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.stone.priceCents).toBe(1_650_000);
    const stale = await adminCall(t, manager, 'PUT', `/stones/gemstones/${g.id}`, {
      version: g.version,
      stone: g.stone,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('a melee parcel by hand', () => {
  const parcel = (extra: object = {}) => ({
    origin: 'lab',
    shape: 'Round',
    sizeMm: 3.5,
    sieve: '+18.0-18.5',
    caratPerStone: 0.16,
    quality: 'D-F VVS',
    pricePerCaratCents: 65_000,
    stock: 400,
    ...extra,
  });
  it('is sold from its stock at once; the same size and quality twice is refused; stock changed with the version read', async () => {
    const res = await adminCall(t, manager, 'POST', '/melee', parcel());
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json().data;
    expect(m.sku).toBe('ML-LR-3.5-D-FVVS');
    const shop = (await get('/melee?origin=lab&shape=Round')).json();
    expect(JSON.stringify(shop)).toContain(m.sku);
    expect((await adminCall(t, manager, 'POST', '/melee', parcel())).statusCode).toBe(400);
    const more = await adminCall(t, manager, 'PUT', `/melee/${m.id}`, {
      version: m.version,
      parcel: parcel({ stock: 650 }),
    });
    expect(more.json().data).toMatchObject({ stock: 650, version: m.version + 1 });
    expect(
      (await adminCall(t, manager, 'PUT', `/melee/${m.id}`, { version: m.version, parcel: parcel() })).statusCode,
    ).toBe(409);
    const bad = await adminCall(t, manager, 'POST', '/melee', parcel({ sizeMm: 9, stock: -1 }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['sizeMm', 'stock']));
  });
});

describe('a gemstone’s photograph, 360° video and report', () => {
  it('show on its card in the listing: the photograph in every size, the video from a listed host, the PDF', async () => {
    const g = (
      await adminCall(
        t,
        manager,
        'POST',
        '/stones/gemstones',
        sapphire({ carat: 4.44, videoUrl: 'https://video.gems.example/turntable/ngh.mp4' }),
      )
    ).json().data;
    expect(g.stone.videoUrl).toBe('https://video.gems.example/turntable/ngh.mp4');
    const card = async () =>
      (await get('/product/notable-gemstone?type=sapphire&caratMin=4.44&caratMax=4.44'))
        .json()
        .data.gemstones.find((x: { id: number }) => x.id === g.id);
    expect(await card()).toMatchObject({ photo: null, report: null, video: { kind: 'file' } });

    const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#2b4fa8' } })
      .jpeg()
      .toBuffer();
    expect((await photoUpload(t, manager, `/stones/gemstone/${g.id}/photos`, photo, 'Face up')).statusCode).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n% AGTA report\n%%EOF\n');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stones/gemstone/${g.id}/report?filename=agta.pdf`,
      headers: { origin: ORIGIN, cookie: manager, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(put.statusCode, put.body).toBe(200);

    const shown = await card();
    expect(shown.photo).toMatchObject({ alt: 'Face up', width: 900, height: 900 });
    expect(shown.photo.srcSet.avif).toMatch(/-thumb\.avif 160w, .*-large\.avif 900w$/);
    expect((await t.app.inject({ method: 'GET', url: shown.photo.large })).statusCode).toBe(200);
    expect(shown.report).toEqual({
      label: 'View the AGTA report',
      url: `/api/media/report/gemstone-${g.id}.pdf`,
      kind: 'document',
    });
    expect((await t.app.inject({ method: 'GET', url: shown.report.url })).rawPayload).toEqual(pdf);

    // A video from a host the store does not list is not shown.
    const moved = await adminCall(t, manager, 'PUT', `/stones/gemstones/${g.id}`, {
      version: (await adminCall(t, manager, 'GET', `/stones/gemstones/${g.id}`)).json().data.version,
      stone: { ...g.stone, videoUrl: 'https://elsewhere.example/ngh.mp4' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await card()).video).toBeNull();
    const plain = await adminCall(t, manager, 'PUT', `/stones/gemstones/${g.id}`, {
      version: moved.json().data.version,
      stone: { ...g.stone, videoUrl: 'http://video.gems.example/ngh.mp4' },
    });
    expect(plain.statusCode).toBe(400);
  });
});
