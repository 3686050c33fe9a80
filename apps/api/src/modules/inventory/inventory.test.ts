import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, placeDiamondOrder, staffSession } from '../../test/staff.ts';
import { releaseExpiredHolds } from './service.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const someDiamond = async (offset: number) =>
  rowsOf<{ id: number; serial: string; certificate: string }>(
    await t.database.db.execute(
      sql`select id, serial, certificate from diamond where status = 'available' order by id limit 1 offset ${offset}`,
    ),
  )[0]!;
const shopStatus = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/product/diamond?id=${id}` })).json().data.status as string;
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('a stone’s name in the back office', () => {
  it('is the name shoppers read: lab-grown said, step cuts “-cut”, a gemstone by its type and colour', async () => {
    const [lab] = rowsOf<{ id: number; serial: string; points: number; color: string; clarity: string }>(
      await t.database.db.execute(sql`select id, serial, carat_points as points, color, clarity from diamond
        where origin = 'lab' and shape = 'Emerald' and status = 'available' order by id limit 1`),
    );
    const [gem] = rowsOf<{ serial: string; points: number; shape: string; color: string; name: string }>(
      await t.database.db.execute(sql`select g.serial, g.carat_points as points, g.shape, g.color, t.name
        from notable_gemstone g join gemstone_type t on t.slug = g.type_slug where g.status = 'available' order by g.id limit 1`),
    );
    const find = async (q: string) =>
      (await adminCall(t, manager, 'GET', `/stones?q=${encodeURIComponent(q)}`)).json().data[0].title as string;
    const labTitle = `${(lab!.points / 100).toFixed(2)} ct Emerald-cut lab-grown diamond, ${lab!.color} ${lab!.clarity}`;
    expect(await find(lab!.serial)).toBe(labTitle);
    const cut = ['Emerald', 'Asscher', 'Princess', 'Radiant', 'Cushion', 'Baguette'].includes(gem!.shape) ? '-cut' : '';
    expect(await find(gem!.serial)).toBe(
      `${(gem!.points / 100).toFixed(2)} ct ${gem!.shape}${cut} ${gem!.name}, ${gem!.color.toLowerCase()}`,
    );
    // An order's bench list names its stone the same way.
    const order = await placeDiamondOrder(t);
    const [bought] = rowsOf<{ serial: string; title: string }>(
      await t.database.db.execute(sql`select serial from diamond where id = ${order.diamondId}`),
    );
    const view = (await adminCall(t, manager, 'GET', `/orders/${order.number}`)).json().data;
    expect(view.stones).toEqual([
      expect.objectContaining({ serial: bought!.serial, title: await find(bought!.serial) }),
    ]);
  });
});

describe('stones set aside by staff', () => {
  it('finds a stone by stock or certificate number; a hold takes it off sale and the store says so', async () => {
    const d = await someDiamond(3);
    for (const q of [d.serial, d.certificate.toLowerCase()]) {
      const found = await adminCall(t, manager, 'GET', `/stones?q=${encodeURIComponent(q)}`);
      expect(
        found.json().data.map((s: { id: number }) => s.id),
        q,
      ).toContain(d.id);
    }
    const hold = await adminCall(t, manager, 'POST', `/stones/diamond/${d.id}`, {
      action: 'hold',
      reason: 'Viewing appointment on Friday',
      until: inDays(3),
    });
    expect(hold.statusCode).toBe(200);
    expect(hold.json().data).toMatchObject({ status: 'held', holdReason: 'Viewing appointment on Friday' });
    expect(await shopStatus(d.id)).toBe('held');
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': crypto.randomUUID() },
      payload: { kind: 'diamond', id: d.id },
    });
    expect(cart.statusCode).toBe(409);
    const setAside = await adminCall(t, manager, 'GET', '/stones');
    expect(setAside.json().data.map((s: { id: number }) => s.id)).toContain(d.id);

    const release = await adminCall(t, manager, 'POST', `/stones/diamond/${d.id}`, { action: 'release' });
    expect(release.json().data.status).toBe('available');
    expect(await shopStatus(d.id)).toBe('available');
  });

  it('a hold ends by itself when its time is up; holds are at most 30 days', async () => {
    const d = await someDiamond(4);
    expect(
      (
        await adminCall(t, manager, 'POST', `/stones/diamond/${d.id}`, {
          action: 'hold',
          reason: 'Too long',
          until: inDays(31),
        })
      ).statusCode,
    ).toBe(422);
    await adminCall(t, manager, 'POST', `/stones/diamond/${d.id}`, {
      action: 'hold',
      reason: 'Short hold',
      until: inDays(1),
    });
    await t.database.db.execute(sql`update diamond set hold_until = now() - interval '1 minute' where id = ${d.id}`);
    expect(await releaseExpiredHolds(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await shopStatus(d.id)).toBe('available');
  });

  it('withdraws a stone for good, and never touches one that an order holds', async () => {
    const d = await someDiamond(5);
    const w = await adminCall(t, manager, 'POST', `/stones/diamond/${d.id}`, {
      action: 'withdraw',
      reason: 'Chipped girdle',
    });
    expect(w.json().data.status).toBe('withdrawn');
    expect(await shopStatus(d.id)).toBe('withdrawn');
    const o = await placeDiamondOrder(t);
    const busy = await adminCall(t, manager, 'POST', `/stones/diamond/${o.diamondId}`, {
      action: 'withdraw',
      reason: 'Mistake',
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain(o.number);
    const log = await adminCall(t, (await staffSession(t, 'owner')).cookie, 'GET', '/audit?entity=diamond');
    expect(log.json().data.rows.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['stone.hold', 'stone.release', 'stone.withdraw']),
    );
  });
});
