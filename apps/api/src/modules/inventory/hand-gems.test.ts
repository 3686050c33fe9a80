import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

// A notable gemstone and a melee parcel put on sale by hand, and changed with the version read.

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
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
