import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/accounts.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

describe('customers in the back office', () => {
  it('support finds a customer and opens their record, which holds no secret', async () => {
    await signUp(t, 'hedy.lamarr@example.com', undefined, 'Hedy');
    const { cookie } = await staffSession(t, 'support');
    const list = await adminCall(t, cookie, 'GET', '/customers?q=hedy');
    expect(list.statusCode).toBe(200);
    const [row] = list.json().data.rows;
    expect(row).toMatchObject({ email: 'hedy.lamarr@example.com', firstName: 'Hedy', verified: true, orders: 0 });
    const one = await adminCall(t, cookie, 'GET', `/customers/${row.id}`);
    expect(one.json().data).toMatchObject({
      email: 'hedy.lamarr@example.com',
      newsletter: 'not subscribed',
      orders: [],
    });
    expect(one.body).not.toMatch(/password|token|hash|\$argon2/i);
    expect((await adminCall(t, cookie, 'GET', '/customers/999999')).statusCode).toBe(404);
  });

  it('staff keep notes on a customer: newest first, with who wrote them; fulfilment may not; the customer never sees them', async () => {
    const customer = await signUp(t, 'ada.notes@example.com', undefined, 'Ada');
    const support = await staffSession(t, 'support');
    const [row] = (await adminCall(t, support.cookie, 'GET', '/customers?q=ada.notes')).json().data.rows;
    for (const note of ['Ring size 6½ — measured in the shop', 'Prefers a call before delivery'])
      expect((await adminCall(t, support.cookie, 'POST', `/customers/${row.id}/notes`, { note })).statusCode).toBe(200);
    const one = (await adminCall(t, support.cookie, 'GET', `/customers/${row.id}`)).json().data;
    expect(one.notes.map((n: { body: string; by: string }) => [n.body, n.by])).toEqual([
      ['Prefers a call before delivery', support.email],
      ['Ring size 6½ — measured in the shop', support.email],
    ]);
    expect((await adminCall(t, support.cookie, 'POST', `/customers/${row.id}/notes`, { note: '  ' })).statusCode).toBe(
      400,
    );
    expect((await adminCall(t, support.cookie, 'POST', '/customers/999999/notes', { note: 'x' })).statusCode).toBe(404);
    const fulfilment = await staffSession(t, 'fulfilment');
    expect(
      (await adminCall(t, fulfilment.cookie, 'POST', `/customers/${row.id}/notes`, { note: 'Hello' })).statusCode,
    ).toBe(403);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('Prefers a call');
  });

  it('a customer keeps ring sizes, a partner and dates in the account; staff see and correct them (audited); bad values are refused', async () => {
    const token = await signUp(t, 'record.keeper@example.com', undefined, 'Rosa');
    const me = { authorization: `Bearer ${token}` };
    const empty = await t.app.inject({ method: 'GET', url: '/api/user/record', headers: me });
    expect(empty.json().data).toEqual({ partnerName: '', ringSizes: [], dates: [] });
    const record = {
      partnerName: 'Sam',
      ringSizes: [
        { finger: 'ring', hand: 'left', size: 6.25 },
        { finger: 'middle', hand: 'right', size: 7 },
      ],
      dates: [
        { kind: 'birthday', month: 9, day: 14 },
        { kind: 'anniversary', month: 6, day: 1 },
      ],
    };
    const put = await t.app.inject({ method: 'PUT', url: '/api/user/record', headers: me, payload: record });
    expect(put.statusCode, put.body).toBe(200);
    // Dates come back in the order of the year.
    expect(put.json().data).toEqual({ ...record, dates: [record.dates[1], record.dates[0]] });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/record',
      headers: me,
      payload: { ...record, dates: [{ kind: 'birthday', month: 2, day: 30 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/fewer days/);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/record' })).statusCode).toBe(401);

    const support = await staffSession(t, 'support');
    const [row] = (await adminCall(t, support.cookie, 'GET', '/customers?q=record.keeper')).json().data.rows;
    const seen = (await adminCall(t, support.cookie, 'GET', `/customers/${row.id}`)).json().data;
    expect(seen.record.partnerName).toBe('Sam');
    expect(seen.marketing).toBe(false);
    const corrected = { ...record, ringSizes: [{ finger: 'ring', hand: 'left', size: 6.5 }] };
    const fixed = await adminCall(t, support.cookie, 'PUT', `/customers/${row.id}/record`, corrected);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/record', headers: me })).json().data.ringSizes).toEqual(
      corrected.ringSizes,
    );
    const fulfilment = await staffSession(t, 'fulfilment');
    expect((await adminCall(t, fulfilment.cookie, 'PUT', `/customers/${row.id}/record`, corrected)).statusCode).toBe(
      403,
    );
    const owner = await staffSession(t, 'owner');
    const log = (await adminCall(t, owner.cookie, 'GET', '/audit?entity=customer')).json().data;
    const entry = (log.rows ?? log).find((e: { action: string }) => e.action === 'customer.record');
    expect(entry).toMatchObject({ staffEmail: support.email });
    expect(JSON.stringify(entry)).toContain('6.25');
    expect(JSON.stringify(entry)).toContain('6.5');
  });
});
