import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/accounts.ts';

let t: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  alice = await signUp(t, 'alice@example.com');
  bob = await signUp(t, 'bob@example.com');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
const home = {
  name: 'Alice Liddell',
  line1: '12 Bleecker St',
  line2: 'Apt 4',
  city: 'New York',
  state: 'NY',
  zip: '10012',
  phone: '(212) 555-0188',
};
const work = {
  name: 'Alice Liddell',
  company: 'Wonder & Co',
  line1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105-1420',
  phone: '415-555-0101',
};

describe('/api/address', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/address')).statusCode).toBe(401);
  });

  it('adds, lists, edits, moves the default and deletes, per user', async () => {
    const first = (await call('POST', '/api/address', alice, home)).json().data;
    expect(first).toMatchObject({ ...home, country: 'US', isDefaultShipping: true, isDefaultBilling: true });
    const second = (await call('POST', '/api/address', alice, { ...work, isDefaultShipping: true })).json().data;
    expect(second.isDefaultShipping).toBe(true);
    let list = (await call('GET', '/api/address', alice)).json().data;
    expect(list.map((a: { id: number }) => a.id)).toEqual([second.id, first.id]);
    expect(list.find((a: { id: number }) => a.id === first.id)).toMatchObject({
      isDefaultShipping: false,
      isDefaultBilling: true,
    });

    const edited = await call('PUT', `/api/address/${first.id}`, alice, { ...home, line2: 'Apt 5' });
    expect(edited.json().data.line2).toBe('Apt 5');

    // Bob sees none of it, and Alice's ids answer 404 for him.
    expect((await call('GET', '/api/address', bob)).json().data).toEqual([]);
    expect((await call('PUT', `/api/address/${first.id}`, bob, home)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/address/${first.id}`, bob)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/address/${second.id}`, alice)).statusCode).toBe(200);
    list = (await call('GET', '/api/address', alice)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.id, isDefaultShipping: true, isDefaultBilling: true });
  });

  it('validates US formats and refuses fields a client may not set', async () => {
    const bad = await call('POST', '/api/address', alice, { ...home, zip: '1001', state: 'XX', phone: '555' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['zip', 'state', 'phone']));
    expect((await call('POST', '/api/address', alice, { ...home, id: 99 })).statusCode).toBe(400);
    expect((await call('POST', '/api/address', alice, { ...home, userId: 1 })).statusCode).toBe(400);
    expect((await call('POST', '/api/address', alice, { ...home, country: 'CA' })).statusCode).toBe(400);
  });
});
