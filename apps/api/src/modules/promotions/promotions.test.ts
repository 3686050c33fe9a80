import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

// Discount codes as staff make them (the shopper's side — the cart and checkout — comes next).

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

const holiday = (extra: object = {}) => ({
  code: 'holiday20',
  name: 'Holiday 20% off',
  kind: 'percent',
  percentBp: 2_000,
  amountCents: null,
  minSubtotalCents: 0,
  appliesTo: ['product', 'configured'],
  categoryIds: [1100],
  startsAt: '2026-11-27T05:00:00.250Z',
  endsAt: '2026-12-01T05:00:00Z',
  maxUses: 500,
  perCustomer: 1,
  firstOrderOnly: false,
  emails: null,
  combines: false,
  active: true,
  ...extra,
});

describe('discount codes in the back office', () => {
  it('a manager makes a code (kept in upper case), lists it and changes it with the version read', async () => {
    const res = await adminCall(t, manager, 'POST', '/discounts', holiday());
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ code: 'HOLIDAY20', uses: 0, appliesTo: ['product', 'configured'], categoryIds: [1100] });
    expect(d.startsAt).toBe('2026-11-27T05:00:00.250Z'); // to the millisecond, as given
    const list = (await adminCall(t, manager, 'GET', '/discounts')).json().data;
    expect(list.map((x: { code: string }) => x.code)).toContain('HOLIDAY20');

    const changed = await adminCall(t, manager, 'PUT', `/discounts/${d.id}`, {
      version: d.version,
      discount: holiday({ active: false, emails: ['vip@example.com'] }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ active: false, emails: ['vip@example.com'], version: d.version + 1 });
    const stale = await adminCall(t, manager, 'PUT', `/discounts/${d.id}`, { version: d.version, discount: holiday() });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses a taken code, a missing amount, an end before the start, an unknown category and a code in the wrong unit', async () => {
    const before = (await adminCall(t, manager, 'GET', '/discounts')).json().data.length;
    await adminCall(t, manager, 'POST', '/discounts', holiday({ code: 'TAKEN-1' }));
    for (const [body, field] of [
      [holiday({ code: 'taken-1' }), 'code'],
      [holiday({ code: 'NOPCT', percentBp: null }), 'percentBp'],
      [holiday({ code: 'BACKWARDS', endsAt: '2026-11-20T05:00:00Z' }), 'endsAt'],
      [holiday({ code: 'NOWHERE', categoryIds: [2_000_000_000] }), 'categoryIds'],
      [
        holiday({ code: 'UNITS', kind: 'amount', percentBp: null, amountCents: 5_000_000, minSubtotalCents: 10_000 }),
        'amountCents',
      ],
      [holiday({ code: 'x' }), 'code'],
    ] as const) {
      const res = await adminCall(t, manager, 'POST', '/discounts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    expect((await adminCall(t, manager, 'GET', '/discounts')).json().data.length).toBe(before + 1);
  });

  it('fulfilment and support staff cannot make codes', async () => {
    for (const role of ['fulfilment', 'support'] as const) {
      const cookie = (await staffSession(t, role)).cookie;
      expect((await adminCall(t, cookie, 'POST', '/discounts', holiday({ code: `ROLE-${role}` }))).statusCode).toBe(
        403,
      );
    }
  });

  it('makes single-use codes in bulk from one template and exports them as CSV', async () => {
    const res = await adminCall(t, manager, 'POST', '/discounts/batch', {
      count: 25,
      discount: holiday({ code: 'BRIDAL-EVENT', categoryIds: null, maxUses: null, perCustomer: null }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { batch, count } = res.json().data;
    expect(count).toBe(25);
    const codes = (await adminCall(t, manager, 'GET', '/discounts'))
      .json()
      .data.filter((d: { batch: string | null }) => d.batch === batch);
    expect(codes).toHaveLength(25);
    for (const c of codes) {
      expect(c.code).toMatch(/^BRIDAL-EVENT-[A-HJ-NP-Z2-9]{8}$/);
      expect(c).toMatchObject({ maxUses: 1, perCustomer: 1 });
    }
    expect(new Set(codes.map((c: { code: string }) => c.code)).size).toBe(25);
    const csv = await adminCall(t, manager, 'GET', `/discounts/batches/${batch}/codes.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toContain('BRIDAL-EVENT-codes.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('code,name,used,ends');
    expect(lines).toHaveLength(26);

    const long = await adminCall(t, manager, 'POST', '/discounts/batch', {
      count: 3,
      discount: holiday({ code: 'A-VERY-LONG-EVENT-PREFIX-X' }),
    });
    expect(long.statusCode).toBe(400);
  });
});
